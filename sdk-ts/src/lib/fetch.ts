// The one fetch wrapper: headers, JSON bodies, and failures turned into error instances.

import { NetworkError, SdkError, type ErrorClass } from './errors';

export type Fetch = typeof fetch;

/** How a service reaches the server: a fetch and the headers every request carries. */
export interface Transport {
  fetch: Fetch;
  headers(): Promise<Record<string, string>>;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as JSON (with `Content-Type: application/json` unless one is given). */
  json?: unknown;
  /** Sent as it is (uploads). */
  body?: BodyInit | null;
  signal?: AbortSignal | null;
}

/** `{ data, error }`: exactly one of them is null. */
export type Result<T, E extends SdkError = SdkError> =
  { data: T; error: null } | { data: null; error: E };

/** A thrown fetch failure (network, abort) as a NetworkError. */
export function networkError(thrown: unknown): NetworkError {
  const e = thrown as { name?: string; message?: string } | null;
  const name = e?.name ?? 'FetchError';
  return new NetworkError(`${name}: ${e?.message ?? String(thrown)}`, {
    code: name === 'AbortError' || name === 'TimeoutError' ? 'ABORTED' : 'NETWORK_ERROR',
    cause: thrown,
  });
}

/** fetch, rejecting with a NetworkError instead of a TypeError or DOMException. */
export async function send(fetchFn: Fetch, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetchFn(url, init);
  } catch (e) {
    throw networkError(e);
  }
}

/** The parsed JSON of a body, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * An error of class `Kind` from a failed response. Reads every shape the server answers with:
 * REST `{code, message, details, hint}`, auth `{code, message}` or legacy `{error_code, msg}`,
 * OAuth `{error, error_description}`, storage `{statusCode, code, error, message}`.
 */
export function errorFrom(res: Response, text: string, Kind: ErrorClass): SdkError {
  const body = (parseJson(text) ?? {}) as Record<string, unknown>;
  const message =
    str(body.msg) ??
    str(body.message) ??
    str(body.error_description) ??
    str(body.error) ??
    (text || res.statusText || `HTTP ${res.status}`);
  return new Kind(message, {
    code: str(body.code) ?? str(body.error_code) ?? '',
    details: body.details,
    hint: str(body.hint) ?? null,
    status: res.status,
  });
}

/** Sends a request; resolves with the response when it is a 2xx, else rejects with `Kind`. */
export async function request(
  transport: Transport,
  url: string,
  options: RequestOptions,
  Kind: ErrorClass,
): Promise<Response> {
  const headers = new Headers(await transport.headers());
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  }
  const res = await send(transport.fetch, url, {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
  });
  if (res.ok) return res;
  throw errorFrom(res, await res.text().catch(() => ''), Kind);
}

/** A response's JSON body; null when the body is empty. */
export async function readJson<T>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Any thrown value as an SdkError (errors of the SDK pass unchanged). */
export function asSdkError(e: unknown): SdkError {
  return e instanceof SdkError
    ? e
    : new SdkError(e instanceof Error ? e.message : String(e), { cause: e });
}

/** Runs `work`, catching any failure into `{ data: null, error }`. */
export async function settle<T>(work: () => Promise<T>): Promise<Result<T>> {
  try {
    return { data: await work(), error: null };
  } catch (e) {
    return { data: null, error: asSdkError(e) };
  }
}
