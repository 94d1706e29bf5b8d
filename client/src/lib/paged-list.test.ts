// @vitest-environment jsdom
// pagedList over a stand-in for the SDK's builder: the page's range and exact count, the
// query options (key, previous page kept), every row of a view for the export in ranges of
// 1,000, the rows' transform, a read that needs its own request, and errors.
import { ApiError } from '@havyaka/sdk';
import { keepPreviousData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ListView, WholeView } from './list-view';
import { pagedList } from './paged-list';

type Filters = { city: string };
const ROWS = Array.from({ length: 2500 }, (_, i) => ({ id: i, city: i % 2 ? 'Pune' : 'Mumbai' }));
const asked: { view: WholeView<Filters>; from: number; to: number }[] = [];

const builder = (view: WholeView<Filters>) => ({
  range: async (from: number, to: number) => {
    asked.push({ view, from, to });
    const rows = ROWS.filter((r) => !view.filters.city || r.city === view.filters.city);
    return {
      data: rows.slice(from, to + 1),
      error: null,
      count: rows.length,
      status: 200,
      statusText: 'OK',
    };
  },
});
const view = { search: '', filters: { city: 'Pune' }, sort: null };

describe('pagedList', () => {
  const list = pagedList({ key: (v) => ['cities', v], query: builder });

  it('reads one page with the exact count of the view', async () => {
    asked.length = 0;
    const page = await list.fetchPage({ ...view, from: 10, to: 12 });
    expect(page.rows.map((r) => r.id)).toEqual([21, 23, 25]);
    expect(page.count).toBe(1250);
    expect(asked).toEqual([{ view: { ...view, from: 10, to: 12 }, from: 10, to: 12 }]);
  });

  it('gives query options keyed by the view that keep the previous page', async () => {
    const options = list.page({ ...view, from: 0, to: 24 });
    expect(options.queryKey).toEqual(['cities', { ...view, from: 0, to: 24 }]);
    expect(options.placeholderData).toBe(keepPreviousData);
  });

  it('reads every row of a view for the export, 1,000 at a time', async () => {
    asked.length = 0;
    const all = await list.all(view);
    expect(all).toHaveLength(1250);
    expect(asked.map((a) => [a.from, a.to])).toEqual([
      [0, 999],
      [1000, 1999],
    ]);
  });

  it('turns rows with `rows`, and reads through `read` when the query needs more', async () => {
    const labelled = pagedList({
      key: (v: ListView<Filters>) => ['labelled', v],
      read: async (v: WholeView<Filters>, from, to) => builder(v).range(from, to),
      rows: async (raw: { id: number; city: string }[]) => raw.map((r) => `${r.city} ${r.id}`),
    });
    const page = await labelled.fetchPage({ ...view, filters: { city: '' }, from: 0, to: 1 });
    expect(page).toEqual({ rows: ['Mumbai 0', 'Pune 1'], count: 2500 });
  });

  it('throws the error of a refused read', async () => {
    const refused = pagedList({
      key: () => ['refused'],
      query: () => ({
        range: async () => ({
          data: null,
          error: new ApiError('permission denied', { code: '42501', status: 403 }),
          count: null,
          status: 403,
          statusText: 'Forbidden',
        }),
      }),
    });
    await expect(refused.fetchPage({ ...view, from: 0, to: 9 })).rejects.toMatchObject({
      message: 'permission denied',
    });
  });
});
