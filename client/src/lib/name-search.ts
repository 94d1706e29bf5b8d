// Names in either script and in common spellings (issue 35): the server's <table>_name_matches
// functions (functions/06_search.sql) answer the ids of the rows the caller may read whose name
// is close to the search, closest first. A list adds them to its own partial-match filter, so
// "Hegde" finds ಹೆಗಡೆ and "ಭಟ್" finds "Bhatt", while its filters, order, page and count stay
// as they are.
import type { RestResponse } from '@havyaka/sdk';
import { unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import { searchTerm } from './search';

export type NameMatchFunction =
  'student_name_matches' | 'matrimony_name_matches' | 'business_name_matches';

/** The ids whose names match the search, closest first (at most 200); none for a blank search. */
export async function nameMatchIds(fn: NameMatchFunction, search: string): Promise<string[]> {
  const term = searchTerm(search);
  if (!term) return [];
  const rows = unwrap(await sdk().rpc(fn, { search: term }));
  return rows.map((r) => r.id);
}

/**
 * An `.or()` list that also takes the rows with these ids: `partial` (the list's ilike filter,
 * or null) widened by `id.in.(…)`. Null when there is nothing to filter on.
 */
export function orMatchingIds(partial: string | null, ids: readonly string[]): string | null {
  if (!ids.length) return partial;
  const byId = `id.in.(${ids.join(',')})`;
  return partial ? `${partial},${byId}` : byId;
}

/** A page of rows (with the exact count of the view) as the SDK answers it. */
type Answered<R> = PromiseLike<RestResponse<R[]>>;

/**
 * Rows `from`–`to` of a searched list in its default order, closest names first, as the
 * member register orders its search: first the view's rows among `ids` (the name matches,
 * closest first), then its other matches (a part of a field) in the list's own order. `among`
 * reads the view's rows with these ids; `others` reads the view's rows without them, ordered,
 * in a range, with the exact count. The count is the two together.
 */
export async function closestFirst<R extends { id: string }>(
  ids: readonly string[],
  among: (ids: readonly string[]) => Answered<R>,
  others: (excluded: readonly string[], from: number, to: number) => Answered<R>,
  from: number,
  to: number,
): Promise<RestResponse<R[]>> {
  const ranked = await among(ids);
  if (ranked.error) return ranked;
  const place = new Map(ids.map((id, i) => [id, i]));
  const top = [...ranked.data].sort((a, b) => place.get(a.id)! - place.get(b.id)!);
  const found = top.map((r) => r.id);
  const start = Math.max(0, from - top.length);
  const end = to - top.length;
  // The rest's count is needed even when the page ends among the closest (read one row then).
  const rest = await others(found, start, Math.max(start, end));
  if (rest.error) return rest;
  const restRows = end < 0 ? [] : rest.data;
  return {
    ...rest,
    data: [...top.slice(from, to + 1), ...restRows],
    count: top.length + (rest.count ?? rest.data.length),
  };
}

/** The PostgREST list of ids for `not('id', 'in', …)`. */
export const idList = (ids: readonly string[]) => `(${ids.join(',')})`;
