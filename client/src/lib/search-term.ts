// Free text made safe for PostgREST filters (`or=(…)`, `ilike`), shared by the list screens.

/**
 * Text safe inside a PostgREST `or=(…)` / `ilike` value: the filter grammar's reserved
 * characters (comma, brackets, quotes, backslash, colon) and the `*` wildcard become spaces,
 * runs of spaces collapse. What is left is matched as typed, anywhere in the value.
 */
export function searchTerm(raw: string): string {
  return raw
    .replace(/[,()*"\\:%]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
}
