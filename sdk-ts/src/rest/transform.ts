// The transform layer: what to return and how (columns of a write, order, paging, one row,
// CSV), each only adding URL parameters or headers.

import { Builder } from './builder';
import type { Column, Selected } from './types';

export interface ReferencedTable {
  /** Apply to this embedded resource (its name or alias) instead of the top level. */
  referencedTable?: string;
  /** @deprecated The old name of `referencedTable`. */
  foreignTable?: string;
}

export interface OrderOptions extends ReferencedTable {
  ascending?: boolean;
  /** true: `nullsfirst`, false: `nullslast`, unset: PostgreSQL's default. */
  nullsFirst?: boolean;
}

const prefix = (o: ReferencedTable = {}) => {
  const table = o.referencedTable ?? o.foreignTable;
  return table ? `${table}.` : '';
};

/** Removes whitespace outside double quotes, as postgrest-js does. */
export function cleanColumns(columns: string): string {
  let quoted = false;
  return columns.replace(/\s|"/g, (c) => (c === '"' ? ((quoted = !quoted), c) : quoted ? c : ''));
}

export class TransformBuilder<Row, Result> extends Builder<Result> {
  /** After a write (or rpc): return the affected rows, shaped by `columns`. */
  select<Q extends string = '*'>(columns?: Q): TransformBuilder<Row, Selected<Row, Q>[]> {
    this.request.url.searchParams.set('select', cleanColumns(columns ?? '*'));
    this.request.prefer.push('return=representation');
    return this as unknown as TransformBuilder<Row, Selected<Row, Q>[]>;
  }

  /** Adds an ordering term (`order=a.asc,b.desc.nullslast`, or `tasks.order=` for embeds). */
  order(column: Column<Row>, options: OrderOptions = {}): this {
    const key = `${prefix(options)}order`;
    const params = this.request.url.searchParams;
    const previous = params.get(key);
    const { ascending = true, nullsFirst } = options;
    const nulls = nullsFirst === undefined ? '' : nullsFirst ? '.nullsfirst' : '.nullslast';
    params.set(
      key,
      `${previous ? `${previous},` : ''}${column}.${ascending ? 'asc' : 'desc'}${nulls}`,
    );
    return this;
  }

  /** At most `count` rows (of the top level, or of an embed). */
  limit(count: number, options?: ReferencedTable): this {
    this.request.url.searchParams.set(`${prefix(options)}limit`, `${count}`);
    return this;
  }

  /** Rows `from` to `to`, both included, counting from 0. */
  range(from: number, to: number, options?: ReferencedTable): this {
    const p = prefix(options);
    this.request.url.searchParams.set(`${p}offset`, `${from}`);
    this.request.url.searchParams.set(`${p}limit`, `${to - from + 1}`);
    return this;
  }

  /** Cancels the request when `signal` aborts (the result is a NetworkError 'ABORTED'). */
  abortSignal(signal: AbortSignal): this {
    this.request.signal = signal;
    return this;
  }

  /** Exactly one row as an object; none or several is an error (PGRST116, 406). */
  single(): Builder<Result extends (infer One)[] ? One : Result> {
    this.request.headers.Accept = 'application/vnd.pgrst.object+json';
    return this as Builder<never>;
  }

  /** One row as an object, or null for none; several is an error (PGRST116, 406). */
  maybeSingle(): Builder<(Result extends (infer One)[] ? One : Result) | null> {
    this.request.maybeSingle = true;
    return this as Builder<never>;
  }

  /** The rows as CSV text. */
  csv(): Builder<string> {
    this.request.headers.Accept = 'text/csv';
    return this as Builder<never>;
  }

  /** Leaves out null-valued keys of each row. */
  stripNulls(): this {
    this.request.headers.Accept = 'application/vnd.pgrst.array+json;nulls=stripped';
    return this;
  }

  /** Names the result's type (for embeds, aliases and casts the types cannot follow). */
  returns<T>(): TransformBuilder<Row, T> {
    return this as unknown as TransformBuilder<Row, T>;
  }
}
