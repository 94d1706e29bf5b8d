// The filter layer: every operator of the server's grammar, each appending one
// `column=operator.value` parameter (or a logic tree) in exactly PostgREST's syntax.

import { TransformBuilder, type ReferencedTable } from './transform';
import type { Column, ValueOf } from './types';

type Operand = string | number | boolean | null;

/** `(a,"b,c",1)`: distinct values; strings with `,()"\` quoted, `"` and `\` escaped. */
export function inList(values: readonly unknown[]): string {
  const items = [...new Set(values)].map((v) =>
    typeof v === 'string' && /[,()"\\]/.test(v) ? `"${v.replace(/["\\]/g, '\\$&')}"` : `${v}`,
  );
  return `(${items.join(',')})`;
}

/** A value of `cs`/`cd`/`ov`: a range or literal as it is, an array as `{a,b}`, else JSON. */
function containment(value: unknown): string {
  if (typeof value === 'string') return value;
  return Array.isArray(value) ? `{${value.join(',')}}` : JSON.stringify(value);
}

export interface TextSearchOptions {
  /** The text search configuration, e.g. 'english'. */
  config?: string;
  /** How the query is read: `to_tsquery` (unset), plain, phrase or websearch. */
  type?: 'plain' | 'phrase' | 'websearch';
}

const FTS = { plain: 'pl', phrase: 'ph', websearch: 'w' };

export class FilterBuilder<Row, Result> extends TransformBuilder<Row, Result> {
  private add(column: string, value: string): this {
    this.request.url.searchParams.append(column, value);
    return this;
  }

  eq<C extends Column<Row>>(column: C, value: ValueOf<Row, C>): this {
    return this.add(column, `eq.${value}`);
  }
  neq<C extends Column<Row>>(column: C, value: ValueOf<Row, C>): this {
    return this.add(column, `neq.${value}`);
  }
  gt<C extends Column<Row>>(column: C, value: ValueOf<Row, C>): this {
    return this.add(column, `gt.${value}`);
  }
  gte<C extends Column<Row>>(column: C, value: ValueOf<Row, C>): this {
    return this.add(column, `gte.${value}`);
  }
  lt<C extends Column<Row>>(column: C, value: ValueOf<Row, C>): this {
    return this.add(column, `lt.${value}`);
  }
  lte<C extends Column<Row>>(column: C, value: ValueOf<Row, C>): this {
    return this.add(column, `lte.${value}`);
  }
  /** `LIKE`, with `%` (or `*`) as the wildcard. */
  like(column: Column<Row>, pattern: string): this {
    return this.add(column, `like.${pattern}`);
  }
  ilike(column: Column<Row>, pattern: string): this {
    return this.add(column, `ilike.${pattern}`);
  }
  likeAllOf(column: Column<Row>, patterns: readonly string[]): this {
    return this.add(column, `like(all).{${patterns.join(',')}}`);
  }
  likeAnyOf(column: Column<Row>, patterns: readonly string[]): this {
    return this.add(column, `like(any).{${patterns.join(',')}}`);
  }
  ilikeAllOf(column: Column<Row>, patterns: readonly string[]): this {
    return this.add(column, `ilike(all).{${patterns.join(',')}}`);
  }
  ilikeAnyOf(column: Column<Row>, patterns: readonly string[]): this {
    return this.add(column, `ilike(any).{${patterns.join(',')}}`);
  }
  /** POSIX regular expression (`~`); `regexIMatch` ignores case (`~*`). */
  regexMatch(column: Column<Row>, pattern: string): this {
    return this.add(column, `match.${pattern}`);
  }
  regexIMatch(column: Column<Row>, pattern: string): this {
    return this.add(column, `imatch.${pattern}`);
  }
  /** `IS null | true | false`. */
  is(column: Column<Row>, value: boolean | null): this {
    return this.add(column, `is.${value}`);
  }
  isDistinct<C extends Column<Row>>(column: C, value: ValueOf<Row, C>): this {
    return this.add(column, `isdistinct.${value}`);
  }
  in<C extends Column<Row>>(column: C, values: readonly ValueOf<Row, C>[]): this {
    return this.add(column, `in.${inList(values)}`);
  }
  notIn<C extends Column<Row>>(column: C, values: readonly ValueOf<Row, C>[]): this {
    return this.add(column, `not.in.${inList(values)}`);
  }
  /** `@>`: an array or range (`'[1,5)'`) or JSON object the column contains. */
  contains(column: Column<Row>, value: string | readonly unknown[] | object): this {
    return this.add(column, `cs.${containment(value)}`);
  }
  /** `<@`: the column is contained in the value. */
  containedBy(column: Column<Row>, value: string | readonly unknown[] | object): this {
    return this.add(column, `cd.${containment(value)}`);
  }
  /** `&&`: the array or range shares an element with the value. */
  overlaps(column: Column<Row>, value: string | readonly unknown[]): this {
    return this.add(column, `ov.${containment(value)}`);
  }
  /** Ranges strictly right of (`>>`) `range`. */
  rangeGt(column: Column<Row>, range: string): this {
    return this.add(column, `sr.${range}`);
  }
  rangeGte(column: Column<Row>, range: string): this {
    return this.add(column, `nxl.${range}`);
  }
  rangeLt(column: Column<Row>, range: string): this {
    return this.add(column, `sl.${range}`);
  }
  rangeLte(column: Column<Row>, range: string): this {
    return this.add(column, `nxr.${range}`);
  }
  rangeAdjacent(column: Column<Row>, range: string): this {
    return this.add(column, `adj.${range}`);
  }
  /** Full-text search: `fts`, `plfts`, `phfts` or `wfts`, with an optional configuration. */
  textSearch(column: Column<Row>, query: string, options: TextSearchOptions = {}): this {
    const config = options.config ? `(${options.config})` : '';
    return this.add(column, `${options.type ? FTS[options.type] : ''}fts${config}.${query}`);
  }
  /** `eq` on every key of `query`. */
  match(query: Partial<Row> | Record<string, Operand>): this {
    for (const [column, value] of Object.entries(query)) this.add(column, `eq.${value}`);
    return this;
  }
  /** Negates an operator: `not('status', 'eq', 'x')`, `not('id', 'in', [1, 2])`. */
  not(column: Column<Row>, operator: string, value: unknown): this {
    const operand =
      operator === 'in' && Array.isArray(value)
        ? inList(value)
        : typeof value === 'object' && value !== null
          ? containment(value)
          : value;
    return this.add(column, `not.${operator}.${operand}`);
  }
  /** Any of PostgREST's filters, written in its syntax: `or('a.eq.1,and(b.gt.2,c.lt.3)')`. */
  or(filters: string, options?: ReferencedTable): this {
    const table = options?.referencedTable ?? options?.foreignTable;
    return this.add(table ? `${table}.or` : 'or', `(${filters})`);
  }
  /** A raw filter: `filter('id', 'in', '(1,2)')` appends `id=in.(1,2)`. */
  filter(column: Column<Row>, operator: string, value: unknown): this {
    return this.add(column, `${operator}.${value}`);
  }
}
