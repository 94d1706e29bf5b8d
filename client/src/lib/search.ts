// Free-text search for PostgREST filters: people's text made safe for ilike patterns and or()
// lists (the filter grammar's reserved characters become spaces).

/** The search with PostgREST's reserved characters (, ( ) * % " \ :) replaced by spaces. */
export function searchTerm(search: string): string {
  return search
    .replace(/[,()*%"\\:]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `*term*` for `.ilike(column, …)`, or null when nothing is left to search for. */
export function ilikePattern(search: string): string | null {
  const term = searchTerm(search);
  return term ? `*${term}*` : null;
}

/**
 * An `.or()` list matching the search in any of the columns:
 * `q.or(ilikeAny(['full_name', 'email'], search))`; null when the search is empty.
 */
export function ilikeAny(columns: readonly string[], search: string): string | null {
  const pattern = ilikePattern(search);
  return pattern ? columns.map((c) => `${c}.ilike.${pattern}`).join(',') : null;
}
