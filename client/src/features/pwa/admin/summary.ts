// PWA analytics for staff (spec §9): installs and engagement over 7 or 30 days, by platform
// and display mode, the 10 most recent installs, the 20 most recent engagement records, and
// the engagement score (one point each for over 30 s, more than 2 pages, more than 5
// interactions). Pure functions over pwa_analytics rows.
import { engagementScore } from '../analytics';
import { mumbaiDay } from '@/lib/display-format';

export interface AnalyticsRow {
  id: number;
  event_type: string;
  data: unknown;
  timestamp: string;
}

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const str = (v: unknown, fallback = 'unknown') => (typeof v === 'string' && v ? v : fallback);

/** YYYY-MM-DD in Mumbai (the office's days, wherever the browser is). */
export const dayOf = (iso: string) => mumbaiDay(iso);

/** The last `days` days, oldest first, ending today. */
export function lastDays(days: number, now = new Date()): string[] {
  return Array.from({ length: days }, (_, i) => {
    return mumbaiDay(new Date(now.getTime() - (days - 1 - i) * 86_400_000));
  });
}

export interface Summary {
  days: string[];
  installsPerDay: number[];
  engagementPerDay: number[];
  installs: number;
  engagement: number;
  byPlatform: [string, number][];
  byDisplayMode: [string, number][];
  averageScore: number | null;
  recentInstalls: { timestamp: string; platform: string; displayMode: string; method: string }[];
  recentEngagement: {
    timestamp: string;
    eventType: string;
    timeOnSite: number;
    pageVisits: number;
    interactions: number;
    score: number;
  }[];
}

const countBy = (values: string[]) =>
  [...values.reduce((m, v) => m.set(v, (m.get(v) ?? 0) + 1), new Map<string, number>())].sort(
    (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]),
  );

export function summarize(rows: AnalyticsRow[], windowDays: number, now = new Date()): Summary {
  const days = lastDays(windowDays, now);
  const first = days[0];
  const inWindow = rows.filter((r) => dayOf(r.timestamp) >= first);
  const installs = inWindow.filter((r) => r.event_type === 'install');
  const engagement = inWindow.filter((r) => r.event_type === 'engagement');
  const perDay = (list: AnalyticsRow[]) => {
    const counts = new Map<string, number>();
    for (const r of list) counts.set(dayOf(r.timestamp), (counts.get(dayOf(r.timestamp)) ?? 0) + 1);
    return days.map((d) => counts.get(d) ?? 0);
  };
  const newestFirst = (a: AnalyticsRow, b: AnalyticsRow) => b.timestamp.localeCompare(a.timestamp);
  const engagementRecords = engagement.sort(newestFirst).map((r) => {
    const d = obj(r.data);
    const rec = {
      timestamp: r.timestamp,
      eventType: str(d.eventType, 'engagement'),
      timeOnSite: num(d.timeOnSite),
      pageVisits: num(d.pageVisits),
      interactions: num(d.interactions),
    };
    return { ...rec, score: engagementScore(rec) };
  });
  return {
    days,
    installsPerDay: perDay(installs),
    engagementPerDay: perDay(engagement),
    installs: installs.length,
    engagement: engagement.length,
    byPlatform: countBy(installs.map((r) => str(obj(r.data).platform))),
    byDisplayMode: countBy(
      inWindow.map((r) =>
        str(obj(r.data).displayMode ?? obj(obj(r.data).additionalData).displayMode),
      ),
    ),
    averageScore: engagementRecords.length
      ? engagementRecords.reduce((s, r) => s + r.score, 0) / engagementRecords.length
      : null,
    recentInstalls: installs
      .sort(newestFirst)
      .slice(0, 10)
      .map((r) => {
        const d = obj(r.data);
        return {
          timestamp: r.timestamp,
          platform: str(d.platform),
          displayMode: str(d.displayMode),
          method: str(d.installMethod),
        };
      }),
    recentEngagement: engagementRecords.slice(0, 20),
  };
}
