// /admin/pwa-analytics: installs and engagement over 7 or 30 days (charts), by platform and
// display mode, the 10 most recent installs, the 20 most recent engagement records and the
// average engagement score. The period is kept in the URL (?days=30).
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Chart } from '@/components/chart';
import { controlClass } from '@/components/ui/field';
import { Card, EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { dataMessage } from '@/lib/errors';
import { formatDate } from '@/lib/images';
import { adminText as t } from '../admin/admin-text';
import { useAnalyticsRows } from '../admin/api';
import { summarize } from '../admin/summary';

const when = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
const shortDay = (d: string) => formatDate(d, { day: 'numeric', month: 'short' });

function Table({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="px-4 py-3 text-left font-semibold">{caption}</caption>
        <thead className="bg-stone-100 text-xs tracking-wide text-stone-700 uppercase">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-4 py-2">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length} className="px-4 py-3 text-stone-600">
                {t.none}
              </td>
            </tr>
          ) : (
            rows.map((r, i) => (
              <tr key={i}>
                {r.map((c, j) => (
                  <td key={j} className="px-4 py-2 whitespace-nowrap">
                    {c}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const days = params.get('days') === '30' ? 30 : 7;
  const rows = useAnalyticsRows();
  const s = useMemo(() => (rows.data ? summarize(rows.data, days) : null), [rows.data, days]);
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-2xl font-bold sm:text-3xl">{t.title}</h1>
          <p className="mt-1 text-stone-700">{t.intro}</p>
        </div>
        <label>
          <span className="mb-1 block text-sm font-semibold">{t.window}</span>
          <select
            className={controlClass}
            value={days}
            onChange={(e) =>
              setParams(e.target.value === '30' ? { days: '30' } : {}, { replace: true })
            }
          >
            <option value={7}>{t.days(7)}</option>
            <option value={30}>{t.days(30)}</option>
          </select>
        </label>
      </header>
      {rows.isPending ? (
        <LoadingState rows={3} height="h-40" />
      ) : rows.isError ? (
        <ErrorState
          title={t.loadError}
          message={dataMessage(rows.error)}
          onRetry={() => void rows.refetch()}
        />
      ) : !s ? null : (
        <>
          <ul className="grid gap-4 sm:grid-cols-3" data-testid="pwa-totals">
            <li>
              <Card>
                <p className="text-3xl font-bold">{s.installs}</p>
                <p className="text-sm text-stone-700">{t.installs}</p>
              </Card>
            </li>
            <li>
              <Card>
                <p className="text-3xl font-bold">{s.engagement}</p>
                <p className="text-sm text-stone-700">{t.engagement}</p>
              </Card>
            </li>
            <li>
              <Card>
                <p className="text-3xl font-bold">
                  {s.averageScore === null ? '–' : s.averageScore.toFixed(1)}
                </p>
                <p className="text-sm text-stone-700">{t.averageScore}</p>
                <p className="mt-1 text-xs text-stone-500">{t.scoreHint}</p>
              </Card>
            </li>
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
                <Card>
                  <Chart
                    type="bar"
                    title={t.byPlatform}
                    labels={s.byPlatform.map(([k]) => k)}
                    series={[{ label: t.installs, values: s.byPlatform.map(([, v]) => v) }]}
                    height={200}
                  />
                </Card>
                <Card>
                  <Chart
                    type="bar"
                    title={t.byDisplayMode}
                    labels={s.byDisplayMode.map(([k]) => k)}
                    series={[{ label: t.records, values: s.byDisplayMode.map(([, v]) => v) }]}
                    height={200}
                  />
                </Card>
              </div>
            </>
          )}
          <Table
            caption={t.recentInstalls}
            head={[t.columns.when, t.columns.platform, t.columns.displayMode, t.columns.method]}
            rows={s.recentInstalls.map((r) => [
              when(r.timestamp),
              r.platform,
              r.displayMode,
              r.method,
            ])}
          />
          <Table
            caption={t.recentEngagement}
            head={[
              t.columns.when,
              t.columns.event,
              t.columns.time,
              t.columns.pages,
              t.columns.interactions,
              t.columns.score,
            ]}
            rows={s.recentEngagement.map((r) => [
              when(r.timestamp),
              r.eventType,
              Math.round(r.timeOnSite),
              r.pageVisits,
              r.interactions,
              r.score,
            ])}
          />
        </>
      )}
    </div>
  );
}
