import { describe, expect, it } from 'vitest';
import { statsFromRows, topCounts, type StatsRow } from './directory-stats';
import { directoryStatsSchema } from './directory-stats-schema';

const row = (over: Partial<StatsRow>): StatsRow => ({
  status: 'Yes',
  member_type: 'life',
  sandesha_delivery_method: 'post',
  sandesha_delivery_enabled: true,
  city: 'Mumbai',
  native_place: 'Sirsi',
  ...over,
});

describe('statsFromRows (the spec §7 fallback)', () => {
  const rows = [
    row({}),
    row({ status: 'Check', city: 'Thane', sandesha_delivery_method: null }),
    row({ status: 'No', member_type: 'annual', sandesha_delivery_enabled: false, city: ' ' }),
  ];
  const stats = statsFromRows(rows, 2500);

  it('counts by status, type, delivery method, city and native place', () => {
    expect(stats.by_status).toEqual({ Yes: 1, Check: 1, No: 1 });
    expect(stats.by_member_type).toEqual({ life: 2, annual: 1 });
    expect(stats.by_delivery_method).toEqual({ post: 2, unspecified: 1 });
    expect(stats.by_city).toEqual({ Mumbai: 1, Thane: 1, unspecified: 1 });
    expect(stats.by_native_place).toEqual({ Sirsi: 3 });
  });
  it('counts delivery enabled and disabled', () => {
    expect([stats.delivery_enabled, stats.delivery_disabled]).toEqual([2, 1]);
  });
  it('keeps the exact total when the server gave one, and says it is approximate', () => {
    expect(stats.total).toBe(2500);
    expect(stats.approximate).toBe(true);
    expect(statsFromRows(rows).total).toBe(3);
  });
  it('has the shape of get_member_directory_stats', () => {
    expect(directoryStatsSchema.safeParse(stats).success).toBe(true);
  });
});

describe('topCounts', () => {
  it('orders by count, then name, and keeps the first n', () => {
    expect(topCounts({ b: 2, a: 2, c: 5, d: 1 }, 3)).toEqual([
      ['c', 5],
      ['a', 2],
      ['b', 2],
    ]);
  });
});
