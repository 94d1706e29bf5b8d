// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { closestFirst, orMatchingIds } from './name-search';

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

describe('closestFirst: a searched list in its default order', () => {
  // The view: rows r1…r9 in the list's order; the name matches, closest first, are r7, r2, r5
  // (r5 is filtered out of the view); r3, r4 and r8 match a part of a field.
  const view = ['r1', 'r2', 'r3', 'r4', 'r6', 'r7', 'r8'];
  const partial = ['r2', 'r3', 'r4', 'r7', 'r8'];
  const answer = (data: { id: string }[], count: number | null = null) =>
    Promise.resolve({ data, error: null, count, status: 200, statusText: 'OK' });
  const among = (ids: readonly string[]) =>
    answer(view.filter((id) => ids.includes(id)).map((id) => ({ id })));
  const others = (excluded: readonly string[], from: number, to: number) => {
    const rest = partial.filter((id) => !excluded.includes(id));
    return answer(
      rest.slice(from, to + 1).map((id) => ({ id })),
      rest.length,
    );
  };
  const page = async (from: number, to: number) => {
    const res = await closestFirst(['r7', 'r2', 'r5'], among, others, from, to);
    return { ids: res.data!.map((r) => r.id), count: res.count };
  };

  it('gives the closest names first, then the other matches in the list order', async () => {
    expect(await page(0, 9)).toEqual({ ids: ['r7', 'r2', 'r3', 'r4', 'r8'], count: 5 });
  });
  it('pages across the two parts with one count', async () => {
    expect(await page(0, 0)).toEqual({ ids: ['r7'], count: 5 });
    expect(await page(1, 2)).toEqual({ ids: ['r2', 'r3'], count: 5 });
    expect(await page(3, 4)).toEqual({ ids: ['r4', 'r8'], count: 5 });
  });
});
