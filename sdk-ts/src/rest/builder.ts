// The execute layer: a built request, lazy until awaited, and the one place that reads
// PostgREST's answer (status, JSON or CSV body, Content-Range count, errors).

import { ApiError, SdkError } from '../lib/errors';
import { errorFrom, networkError, parseJson, send, type Transport } from '../lib/fetch';
import type { RestError, RestResponse } from './types';

/** Everything a request is made of; the builders only ever add to it. */
export interface RestRequest {
  transport: Transport;
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';
  url: URL;
  /** The schema (`Accept-Profile` for reads, `Content-Profile` for writes). */
  schema: string;
  headers: Record<string, string>;
  /** `Prefer` tokens, joined with `, `. */
  prefer: string[];
  body?: unknown;
  signal?: AbortSignal;
  throws?: boolean;
  /** `maybeSingle()`: the array answer becomes one row or null here. */
  maybeSingle?: boolean;
}

/** The total of `Content-Range: 0-9/42` (null for `*` or when absent). */
export function contentRangeTotal(header: string | null): number | null {
  const total = header?.split('/')[1];
  return total && total !== '*' ? Number(total) : null;
}

/** A request that runs when awaited (or `then` is called), each time anew. */
export class Builder<Result> implements PromiseLike<RestResponse<Result>> {
  constructor(protected request: RestRequest) {}

  /** Reject with the error instead of resolving with `{ error }`. */
  throwOnError(): this {
    this.request.throws = true;
    return this;
  }

  /** Adds a request header. */
  setHeader(name: string, value: string): this {
    this.request.headers[name] = value;
    return this;
  }

  then<A = RestResponse<Result>, B = never>(
    onfulfilled?: ((value: RestResponse<Result>) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.execute().then(onfulfilled, onrejected);
  }

  private async execute(): Promise<RestResponse<Result>> {
    const r = this.request;
    let answer: RestResponse<unknown>;
    try {
      answer = await run(r);
    } catch (e) {
      // send() rejects with a NetworkError; reading the body may fail (abort) after it.
      const error = e instanceof SdkError ? (e as RestError) : networkError(e);
      answer = { data: null, error, count: null, status: 0, statusText: '' };
    }
    if (answer.error && r.throws) throw answer.error;
    return answer as RestResponse<Result>;
  }
}

async function run(r: RestRequest): Promise<RestResponse<unknown>> {
  const read = r.method === 'GET' || r.method === 'HEAD';
  const headers: Record<string, string> = {
    ...(await r.transport.headers()),
    [read ? 'Accept-Profile' : 'Content-Profile']: r.schema,
  };
  if (!read) headers['Content-Type'] = 'application/json';
  if (r.prefer.length) headers.Prefer = r.prefer.join(', ');
  Object.assign(headers, r.headers);
  const res = await send(r.transport.fetch, r.url.href, {
    method: r.method,
    headers,
    body: r.body === undefined ? undefined : JSON.stringify(r.body),
    signal: r.signal,
  });
  const text = r.method === 'HEAD' ? '' : await res.text();
  const { status, statusText } = res;
  if (!res.ok) {
    const error = errorFrom(res, text, ApiError) as RestError;
    return { data: null, error, count: null, status, statusText };
  }
  let data: unknown = null;
  if (text) {
    data = headers.Accept === 'text/csv' ? text : parseJson(text);
    if (data === undefined) {
      return { data: null, error: new ApiError(text, { status }), count: null, status, statusText };
    }
  }
  const count = r.prefer.some((p) => p.startsWith('count='))
    ? contentRangeTotal(res.headers.get('content-range'))
    : null;
  if (r.maybeSingle && Array.isArray(data)) {
    if (data.length > 1) {
      const error = new ApiError('JSON object requested, multiple (or no) rows returned', {
        code: 'PGRST116',
        details: `Results contain ${data.length} rows, application/vnd.pgrst.object+json requires 1 row`,
        status: 406,
      });
      return { data: null, error, count: null, status: 406, statusText: 'Not Acceptable' };
    }
    data = data[0] ?? null;
  }
  return { data, error: null, count, status, statusText };
}
