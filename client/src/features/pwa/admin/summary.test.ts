// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { lastDays, summarize, type AnalyticsRow } from './summary';

const now = new Date('2026-11-26T12:00:00');
const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86400_000).toISOString();
let id = 0;
const install = (daysAgo: number, platform: string, displayMode = 'standalone'): AnalyticsRow => ({
  id: ++id,
  event_type: 'install',
  timestamp: at(daysAgo),
  data: { platform, displayMode, installMethod: 'prompt' },
});
const engagement = (daysAgo: number, t: number, p: number, i: number): AnalyticsRow => ({
  id: ++id,
  event_type: 'engagement',
  timestamp: at(daysAgo),
  data: {
    eventType: 'session_end',
    timeOnSite: t,
    pageVisits: p,
    interactions: i,
    additionalData: { displayMode: 'browser' },
  },
});

describe('PWA analytics summary', () => {
  const rows = [
    install(0, 'Android'),
    install(1, 'Android'),
    install(3, 'Windows', 'browser'),
    install(20, 'iOS'),
    engagement(0, 45, 3, 6),
    engagement(2, 10, 1, 0),
    engagement(10, 31, 1, 9),
    { id: 99, event_type: 'install', timestamp: at(40), data: 'nonsense' },
  ];

  it('counts the 7-day window per day, oldest first', () => {
    const s = summarize(rows, 7, now);
    expect(s.days).toEqual(lastDays(7, now));
    expect(s.installs).toBe(3);
    expect(s.engagement).toBe(2);
    expect(s.installsPerDay).toEqual([0, 0, 0, 1, 0, 1, 1]);
    expect(s.engagementPerDay).toEqual([0, 0, 0, 0, 1, 0, 1]);
    expect(s.byPlatform).toEqual([
      ['Android', 2],
      ['Windows', 1],
    ]);
    expect(s.byDisplayMode).toEqual([
      ['browser', 3],
      ['standalone', 2],
    ]);
  });

  it('scores engagement as spec §9 says and lists the newest first', () => {
    const s = summarize(rows, 30, now);
    expect(s.installs).toBe(4);
    expect(s.recentEngagement.map((r) => r.score)).toEqual([3, 0, 2]);
    expect(s.averageScore).toBeCloseTo(5 / 3);
    expect(s.recentInstalls[0].platform).toBe('Android');
  });

  it('keeps 10 installs and 20 engagement records', () => {
    const many = [
      ...Array.from({ length: 15 }, () => install(1, 'Android')),
      ...Array.from({ length: 25 }, () => engagement(1, 1, 1, 1)),
    ];
    const s = summarize(many, 30, now);
    expect(s.recentInstalls).toHaveLength(10);
    expect(s.recentEngagement).toHaveLength(20);
  });

  it('has no average without engagement', () => {
    expect(summarize([], 7, now).averageScore).toBeNull();
  });

  it("counts by Mumbai's days: an install at 20:00 UTC is the next day's", () => {
    const late = new Date('2026-11-26T20:00:00Z');
    expect(lastDays(2, late)).toEqual(['2026-11-26', '2026-11-27']);
    const s = summarize(
      [{ id: 1, event_type: 'install', timestamp: late.toISOString(), data: {} }],
      2,
      late,
    );
    expect(s.installsPerDay.at(-1)).toBe(1);
  });
});
