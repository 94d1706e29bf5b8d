// Names in either script and in common spellings (issue 35): the server's <table>_name_matches
// functions (functions/06_search.sql) answer the ids of the rows the caller may read whose name
// is close to the search, closest first. A list adds them to its own partial-match filter, so
// "Hegde" finds ಹೆಗಡೆ and "ಭಟ್" finds "Bhatt", while its filters, order, page and count stay
// as they are.
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
