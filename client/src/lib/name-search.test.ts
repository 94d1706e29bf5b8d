import { describe, expect, it } from 'vitest';
import { orMatchingIds } from './name-search';

describe('orMatchingIds', () => {
  it('widens a partial-match filter by the matching ids', () => {
    expect(orMatchingIds('first_name.ilike.*hegde*', ['a1', 'b2'])).toBe(
      'first_name.ilike.*hegde*,id.in.(a1,b2)',
    );
  });
  it('keeps the filter as it is without ids, and stands alone without a filter', () => {
    expect(orMatchingIds('first_name.ilike.*x*', [])).toBe('first_name.ilike.*x*');
    expect(orMatchingIds(null, ['a1'])).toBe('id.in.(a1)');
    expect(orMatchingIds(null, [])).toBeNull();
  });
});
