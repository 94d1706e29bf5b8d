// The query layer: `from(relation)` picks the verb (read, insert, upsert, update, delete) and
// hands a filter builder on; `rpc()` does the same for functions.

import type { Transport } from '../lib/fetch';
import type { RestRequest } from './builder';
import { FilterBuilder } from './filter';
import { cleanColumns } from './transform';
import type { Count, InsertOf, Selected, UpdateOf } from './types';

interface Target {
  transport: Transport;
  url: string;
  schema: string;
}

export interface WriteOptions {
  count?: Count;
}

export interface InsertOptions extends WriteOptions {
  /** false: keys missing from some rows take the column default (`missing=default`). */
  defaultToNull?: boolean;
}

export interface UpsertOptions extends InsertOptions {
  /** Comma-separated columns of the unique constraint to resolve conflicts on. */
  onConflict?: string;
  /** Keep the existing row instead of updating it. */
  ignoreDuplicates?: boolean;
}

function start(target: Target, method: RestRequest['method'], url = target.url): RestRequest {
  return { ...target, method, url: new URL(url), headers: {}, prefer: [] };
}

/** `?columns="a","b"`: the union of the rows' keys, so rows may leave some out. */
function columnsOf(request: RestRequest, values: unknown): void {
  if (!Array.isArray(values)) return;
  const keys = new Set(values.flatMap((row) => Object.keys(row as object)));
  request.url.searchParams.set('columns', [...keys].map((k) => `"${k}"`).join(','));
}

export class QueryBuilder<Relation extends { Row: unknown }> {
  constructor(private target: Target) {}

  /** Reads rows; `head: true` only counts them. */
  select<Q extends string = '*'>(
    columns?: Q,
    options: { head?: boolean; count?: Count } = {},
  ): FilterBuilder<Relation['Row'], Selected<Relation['Row'], Q>[]> {
    const request = start(this.target, options.head ? 'HEAD' : 'GET');
    request.url.searchParams.set('select', cleanColumns(columns ?? '*'));
    if (options.count) request.prefer.push(`count=${options.count}`);
    return new FilterBuilder(request);
  }

  insert(
    values: InsertOf<Relation> | InsertOf<Relation>[],
    options: InsertOptions = {},
  ): FilterBuilder<Relation['Row'], null> {
    return this.write('POST', values, options, []);
  }

  /** Insert, or update (or keep, with `ignoreDuplicates`) rows whose key exists. */
  upsert(
    values: InsertOf<Relation> | InsertOf<Relation>[],
    options: UpsertOptions = {},
  ): FilterBuilder<Relation['Row'], null> {
    const resolution = `resolution=${options.ignoreDuplicates ? 'ignore' : 'merge'}-duplicates`;
    return this.write('POST', values, options, [resolution], options.onConflict);
  }

  /** Updates the rows the filters that follow select. */
  update(
    values: UpdateOf<Relation>,
    options: WriteOptions = {},
  ): FilterBuilder<Relation['Row'], null> {
    return this.write('PATCH', values, options, []);
  }

  /** Deletes the rows the filters that follow select. */
  delete(options: WriteOptions = {}): FilterBuilder<Relation['Row'], null> {
    return this.write('DELETE', undefined, options, []);
  }

  private write(
    method: RestRequest['method'],
    values: unknown,
    options: InsertOptions,
    prefer: string[],
    onConflict?: string,
  ): FilterBuilder<Relation['Row'], null> {
    const request = start(this.target, method);
    request.body = values;
    if (onConflict) request.url.searchParams.set('on_conflict', onConflict);
    request.prefer.push(...prefer);
    if (options.count) request.prefer.push(`count=${options.count}`);
    if (options.defaultToNull === false) request.prefer.push('missing=default');
    if (method === 'POST') columnsOf(request, values);
    return new FilterBuilder(request);
  }
}

export interface RpcOptions {
  /** Only count the result's rows (HEAD). */
  head?: boolean;
  /** Call with GET, the arguments in the query string (for functions that only read). */
  get?: boolean;
  count?: Count;
}

type Elem<T> = T extends (infer E)[] ? E : T;

/** `POST /rpc/fn` with the arguments as JSON, or GET/HEAD with them in the query string. */
export function rpc<Fn extends { Args: unknown; Returns: unknown }>(
  target: Target,
  fn: string,
  args: Fn['Args'] | Record<string, never> = {},
  options: RpcOptions = {},
): FilterBuilder<Elem<Fn['Returns']>, Fn['Returns']> {
  const method = options.head ? 'HEAD' : options.get ? 'GET' : 'POST';
  const request = start(target, method, `${target.url}/rpc/${fn}`);
  if (method === 'POST') request.body = args;
  else {
    for (const [name, value] of Object.entries(args as object)) {
      if (value !== undefined) {
        const text = Array.isArray(value) ? `{${value.join(',')}}` : `${value}`;
        request.url.searchParams.append(name, text);
      }
    }
  }
  if (options.count) request.prefer.push(`count=${options.count}`);
  return new FilterBuilder(request);
}
