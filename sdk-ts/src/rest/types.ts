// The shape of a `Database` type (as `server gen-types` writes it, like `supabase gen types`)
// and what the builders infer from it.

import type { ApiError, NetworkError } from '../lib/errors';

/* eslint-disable @typescript-eslint/no-explicit-any -- rows of an untyped client are `any`, as in supabase-js */
export type AnyRow = Record<string, any>;

export interface GenericRelation {
  Row: AnyRow;
  Insert?: AnyRow;
  Update?: AnyRow;
}

export interface GenericFunction {
  Args: AnyRow;
  Returns: unknown;
}

export interface GenericSchema {
  Tables: Record<string, GenericRelation>;
  Views: Record<string, GenericRelation>;
  Functions: Record<string, GenericFunction>;
}

/** The schema of a client created without a `Database` type: every name, every column. */
export interface UntypedSchema {
  Tables: Record<string, { Row: AnyRow; Insert: AnyRow; Update: AnyRow }>;
  Views: Record<string, { Row: AnyRow; Insert: AnyRow; Update: AnyRow }>;
  Functions: Record<string, { Args: AnyRow; Returns: any }>;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** `Database[SchemaName]` when it is a schema, else the untyped one. */
export type SchemaOf<Database, SchemaName> = SchemaName extends keyof Database
  ? Database[SchemaName] extends GenericSchema
    ? Database[SchemaName]
    : UntypedSchema
  : UntypedSchema;

/** Names `from()` accepts: tables and views. */
export type RelationName<S extends GenericSchema> = string & (keyof S['Tables'] | keyof S['Views']);

export type RelationOf<S extends GenericSchema, N> = N extends keyof S['Tables']
  ? S['Tables'][N]
  : N extends keyof S['Views']
    ? S['Views'][N]
    : never;

export type InsertOf<R> = R extends { Insert: infer I } ? I : never;
export type UpdateOf<R> = R extends { Update: infer U } ? U : never;

/** A column of `Row` (suggested), or any other string: embedded `tasks.done`, JSON paths. */
export type Column<Row> = (string & keyof Row) | (string & {});
/** The value type of a column, or anything for columns the row type does not know. */
export type ValueOf<Row, C> = C extends keyof Row ? Row[C] : unknown;

type Trim<S extends string> = S extends ` ${infer R}`
  ? Trim<R>
  : S extends `${infer R} `
    ? Trim<R>
    : S extends `\n${infer R}`
      ? Trim<R>
      : S extends `${infer R}\n`
        ? Trim<R>
        : S;
type Names<S extends string> = S extends `${infer Head},${infer Tail}`
  ? Trim<Head> | Names<Tail>
  : Trim<S>;

/**
 * The row type `select(columns)` yields: the whole row for `*`, the picked columns for a plain
 * list of column names, and a loose record for anything else (aliases, casts, embeds, JSON
 * paths); `.returns<T>()` names that shape.
 */
export type Selected<Row, Q extends string> = string extends Q
  ? Row
  : Trim<Q> extends '*'
    ? Row
    : [Names<Q>] extends [keyof Row]
      ? Pick<Row, Names<Q>>
      : Record<string, unknown>;

export type Count = 'exact' | 'planned' | 'estimated';

export type RestError = ApiError | NetworkError;

interface Answer {
  /** Total rows (from `Content-Range`) when a count was asked for, else null. */
  count: number | null;
  status: number;
  statusText: string;
}

/** What awaiting a builder gives: PostgREST's answer, or the error instead of data. */
export type RestResponse<T> =
  (Answer & { data: T; error: null }) | (Answer & { data: null; error: RestError });
