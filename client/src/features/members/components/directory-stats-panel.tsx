// The directory's figures above the list (get_member_directory_stats or the 2000-row fallback).
import { Card } from '@/components/ui/states';
import { dataMessage } from '@/lib/errors';
import { useDirectoryStats } from '../api/admin-directory';
import { STATS_FALLBACK_ROWS, topCounts } from '../lib/directory-stats';
import { adminText as text } from '../text';

/** A figure still loading: the size of the number, so nothing moves when it arrives. */
const Pending = () => (
  <span className="inline-block h-8 w-12 animate-pulse rounded bg-stone-200/70 align-middle" />
);

export function DirectoryStatsPanel() {
  const stats = useDirectoryStats();
  if (stats.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {text.stats.error} {dataMessage(stats.error)}
      </p>
    );
  // While loading, the same layout with placeholders (the list below must not jump).
  const s = stats.data;
  const figures = [
    [text.stats.total, s?.total],
    [text.stats.pending, s && (s.by_status.Check ?? 0)],
    [text.stats.approved, s && (s.by_status.Yes ?? 0)],
    [text.stats.rejected, s && (s.by_status.No ?? 0)],
    [text.stats.deliveryOn, s?.delivery_enabled],
    [text.stats.deliveryOff, s?.delivery_disabled],
  ] as const;
  return (
    <section aria-label={text.title} aria-busy={!s} data-testid="member-stats">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map(([label, value]) => (
          <Card key={label} className="!p-3">
            <dt className="text-xs text-stone-600">{label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{value ?? <Pending />}</dd>
          </Card>
        ))}
      </dl>
      {/* One line each, loading or not (long lists are clipped on screen, read whole by
          screen readers and in the tooltip): the list below does not move when they arrive. */}
      <div className="mt-3 grid gap-y-1 text-sm text-stone-700">
        <SummaryLine
          label={text.stats.topCities}
          items={s && topCounts(s.by_city, 4).map(([city, n]) => `${city} (${n})`)}
        />
        <SummaryLine
          label={text.stats.byType}
          items={
            s &&
            topCounts(s.by_member_type, 4).map(
              ([type, n]) => `${text.typeLabels[type] ?? type} (${n})`,
            )
          }
        />
      </div>
      {s?.approximate && (
        <p className="mt-1 text-xs text-amber-800">{text.stats.approximate(STATS_FALLBACK_ROWS)}</p>
      )}
    </section>
  );
}

function SummaryLine({ label, items }: { label: string; items: string[] | undefined }) {
  const list = items ? items.join(', ') : '…';
  return (
    <p className="truncate" title={items ? `${label}: ${list}` : undefined}>
      <span className="font-semibold">{label}: </span>
      {list}
    </p>
  );
}
