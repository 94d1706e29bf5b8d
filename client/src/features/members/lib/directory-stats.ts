// The directory's figures: get_member_directory_stats, validated; when the function fails,
// spec §7's fallback counts them from up to 2000 directory rows.
import type { DirectoryStatsShape } from './directory-stats-schema';

export type DirectoryStats = DirectoryStatsShape & {
  /** True when the figures were counted from a sample of rows (the fallback). */
  approximate?: boolean;
};

/** Spec §9: the fallback reads up to 2000 rows. */
export const STATS_FALLBACK_ROWS = 2000;
/** The columns the fallback reads. */
export const STATS_FALLBACK_COLUMNS =
  'status,member_type,sandesha_delivery_method,sandesha_delivery_enabled,city,native_place';

export interface StatsRow {
  status: string;
  member_type: string;
  sandesha_delivery_method: string | null;
  sandesha_delivery_enabled: boolean;
  city: string | null;
  native_place: string | null;
}

const bump = (into: Record<string, number>, key: string | null | undefined) => {
  const k = key?.trim() || 'unspecified';
  into[k] = (into[k] ?? 0) + 1;
};

/** Counts by status, member type, delivery method, city, native place and delivery on/off. */
export function statsFromRows(rows: StatsRow[], total?: number | null): DirectoryStats {
  const stats: DirectoryStats = {
    total: total ?? rows.length,
    by_status: {},
    by_member_type: {},
    by_delivery_method: {},
    by_city: {},
    by_native_place: {},
    delivery_enabled: 0,
    delivery_disabled: 0,
    approximate: true,
  };
  for (const row of rows) {
    bump(stats.by_status, row.status);
    bump(stats.by_member_type, row.member_type);
    bump(stats.by_delivery_method, row.sandesha_delivery_method);
    bump(stats.by_city, row.city);
    bump(stats.by_native_place, row.native_place);
    if (row.sandesha_delivery_enabled) stats.delivery_enabled += 1;
    else stats.delivery_disabled += 1;
  }
  return stats;
}

/** The largest entries of a count map, biggest first (ties by name). */
export function topCounts(map: Record<string, number>, limit = 5): [string, number][] {
  return Object.entries(map)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit);
}
