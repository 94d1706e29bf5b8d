// The directory's figures above the list (get_member_directory_stats or the 2000-row fallback).
import { Card } from '@/components/ui/states';
import { dataMessage } from '@/lib/errors';
import { useDirectoryStats } from '../api/admin-directory';
import { STATS_FALLBACK_ROWS, topCounts } from '../lib/directory-stats';
import { adminText as text } from '../text';

export function DirectoryStatsPanel() {
  const stats = useDirectoryStats();
  if (stats.isPending)
    return <div className="h-24 animate-pulse rounded-lg bg-stone-200/70" aria-hidden />;
  if (stats.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {text.stats.error} {dataMessage(stats.error)}
      </p>
    );
  const s = stats.data;
  const figures = [
    [text.stats.total, s.total],
    [text.stats.pending, s.by_status.Check ?? 0],
    [text.stats.approved, s.by_status.Yes ?? 0],
    [text.stats.rejected, s.by_status.No ?? 0],
    [text.stats.deliveryOn, s.delivery_enabled],
    [text.stats.deliveryOff, s.delivery_disabled],
  ] as const;
  return (
    <section aria-label={text.title} data-testid="member-stats">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map(([label, value]) => (
          <Card key={label} className="!p-3">
            <dt className="text-xs text-stone-600">{label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{value}</dd>
          </Card>
        ))}
      </dl>
      <div className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-stone-700">
        <p>
          <span className="font-semibold">{text.stats.topCities}: </span>
          {topCounts(s.by_city, 4)
            .map(([city, n]) => `${city} (${n})`)
            .join(', ')}
        </p>
        <p>
          <span className="font-semibold">{text.stats.byType}: </span>
          {topCounts(s.by_member_type, 4)
            .map(([type, n]) => `${text.typeLabels[type] ?? type} (${n})`)
            .join(', ')}
        </p>
      </div>
      {s.approximate && (
        <p className="mt-1 text-xs text-amber-800">{text.stats.approximate(STATS_FALLBACK_ROWS)}</p>
      )}
    </section>
  );
}
