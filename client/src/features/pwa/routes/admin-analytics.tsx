// /admin/pwa-analytics: installs and engagement over 7 or 30 days (charts), by platform and
// display mode, the 10 most recent installs, the 20 most recent engagement records and the
// average engagement score. The period is kept in the URL (?days=30); the two lists are the
// data-table kit's (a table from 768 px, cards below).
import { useMemo, type ReactNode } from 'react';
import { Chart } from '@/components/chart';
import {
  columnHelper,
  DataTable,
  SelectFilter,
  useTableUrlState,
  type DataTableColumn,
} from '@/components/data-table';
import { QueryState } from '@/components/ui/query-state';
import { Card, EmptyState, LoadingState } from '@/components/ui/states';
import { StaffHeader } from '@/components/ui/staff-header';
import { formatDate } from '@/lib/images';
import { adminText as t } from '../admin/admin-text';
import { useAnalyticsRows } from '../admin/api';
import { summarize } from '../admin/summary';

const when = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
const shortDay = (d: string) => formatDate(d, { day: 'numeric', month: 'short' });
const PERIODS = [7, 30];
const PERIOD_DEFAULTS = { days: '7' };

type Summary = ReturnType<typeof summarize>;
type Install = Summary['recentInstalls'][number] & { key: string };
type Engagement = Summary['recentEngagement'][number] & { key: string };
/** The summary's records with a key each (two records may share a timestamp). */
const keyed = <T,>(rows: T[]) => rows.map((r, i) => ({ ...r, key: String(i) }));

/** Both lists' first column: when it happened, the card's title. */
const whenColumn = () => ({
  header: t.columns.when,
  meta: { cardTitle: true, className: 'whitespace-nowrap' },
  cell: ({ getValue }: { getValue: () => string }) => when(getValue()),
});

const ic = columnHelper<Install>();
const installColumns = (): DataTableColumn<Install>[] => [
  ic.accessor('timestamp', whenColumn()),
  ic.accessor('platform', { header: t.columns.platform }),
  ic.accessor('displayMode', { header: t.columns.displayMode }),
  ic.accessor('method', { header: t.columns.method }),
];

const ec = columnHelper<Engagement>();
const numeric = { className: 'tabular-nums' };
const engagementColumns = (): DataTableColumn<Engagement>[] => [
  ec.accessor('timestamp', whenColumn()),
  ec.accessor('eventType', { header: t.columns.event }),
  ec.accessor('timeOnSite', {
    header: t.columns.time,
    meta: numeric,
    cell: ({ getValue }) => Math.round(getValue()),
  }),
  ec.accessor('pageVisits', { header: t.columns.pages, meta: numeric }),
  ec.accessor('interactions', { header: t.columns.interactions, meta: numeric }),
  ec.accessor('score', { header: t.columns.score, meta: numeric }),
];

/** A titled list of recent records: a table from 768 px, cards below. */
function RecentList<T extends { key: string }>({
  title,
  columns,
  rows,
}: {
  title: string;
  columns: DataTableColumn<T>[];
  rows: T[];
}) {
  return (
    <section className="space-y-2">
      <h2 className="font-semibold">{title}</h2>
      <DataTable
        label={title}
        columns={columns}
        rows={rows}
        getRowId={(r) => r.key}
        emptyTitle={t.none}
      />
    </section>
  );
}

/** One of the totals: the figure, what it counts and how to read it. */
function Total({ value, label, hint }: { value: ReactNode; label: string; hint?: string }) {
  return (
    <li>
      <Card>
        <p className="text-3xl font-bold">{value}</p>
        <p className="text-sm text-stone-700">{label}</p>
        {hint && <p className="mt-1 text-xs text-stone-500">{hint}</p>}
      </Card>
    </li>
  );
}

/** A bar for each name of `counts` (name, count), in a card of its own. */
function CountsChart({
  title,
  label,
  counts,
}: {
  title: string;
  label: string;
  counts: [string, number][];
}) {
  return (
    <Card>
      <Chart
        type="bar"
        title={title}
        labels={counts.map(([k]) => k)}
        series={[{ label, values: counts.map(([, v]) => v) }]}
        height={200}
      />
    </Card>
  );
}

export function Component() {
  const period = useTableUrlState({ defaults: PERIOD_DEFAULTS });
  const days = period.filters.days === '30' ? 30 : 7;
  const rows = useAnalyticsRows();
  const s = useMemo(() => (rows.data ? summarize(rows.data, days) : null), [rows.data, days]);
  const installs = useMemo(() => keyed(s?.recentInstalls ?? []), [s]);
  const engagement = useMemo(() => keyed(s?.recentEngagement ?? []), [s]);
  return (
    <div className="space-y-6">
      <StaffHeader
        title={t.title}
        intro={t.intro}
        alignEnd
        actions={
          <SelectFilter
            state={period}
            name="days"
            label={t.window}
            allLabel={null}
            options={PERIODS.map((n) => ({ value: String(n), label: t.days(n) }))}
          />
        }
      />
      <QueryState
        query={rows}
        loading={<LoadingState rows={3} height="h-40" />}
        errorTitle={t.loadError}
      >
        {() =>
          !s ? null : (
            <>
              <ul className="grid gap-4 sm:grid-cols-3" data-testid="pwa-totals">
                <Total value={s.installs} label={t.installs} />
                <Total value={s.engagement} label={t.engagement} />
                <Total
                  value={s.averageScore === null ? '–' : s.averageScore.toFixed(1)}
                  label={t.averageScore}
                  hint={t.scoreHint}
                />
              </ul>
              {s.installs + s.engagement === 0 ? (
                <EmptyState title={t.none} />
              ) : (
                <>
                  <Card>
                    <Chart
                      type={days === 7 ? 'bar' : 'line'}
                      title={t.perDay}
                      labels={s.days.map(shortDay)}
                      series={[
                        { label: t.installs, values: s.installsPerDay },
                        { label: t.engagement, values: s.engagementPerDay },
                      ]}
                    />
                  </Card>
                  <div className="grid gap-4 lg:grid-cols-2">
                    <CountsChart title={t.byPlatform} label={t.installs} counts={s.byPlatform} />
                    <CountsChart
                      title={t.byDisplayMode}
                      label={t.records}
                      counts={s.byDisplayMode}
                    />
                  </div>
                </>
              )}
              <RecentList title={t.recentInstalls} columns={installColumns()} rows={installs} />
              <RecentList
                title={t.recentEngagement}
                columns={engagementColumns()}
                rows={engagement}
              />
            </>
          )
        }
      </QueryState>
    </div>
  );
}
