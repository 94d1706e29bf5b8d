import { describe, expect, it } from 'vitest';
import {
  daysSince,
  formatDate,
  formatDateTime,
  formatInr,
  formatSize,
  mumbaiDay,
} from './display-format';
import { formatDate as formatImageDate } from './images';

describe('display formats', () => {
  const now = Date.parse('2026-05-10T12:00:00Z');

  it('counts whole days since a moment', () => {
    expect(daysSince('2026-05-10T02:00:00Z', now)).toBe(0);
    expect(daysSince('2026-05-09T11:00:00Z', now)).toBe(1);
    expect(daysSince('2026-05-01T12:00:00Z', now)).toBe(9);
    expect(daysSince(null, now)).toBeNull();
    expect(daysSince('not a date', now)).toBeNull();
  });

  it('shows sizes for people', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(25 * 1024 * 1024)).toBe('25 MB');
  });

  it('shows whole rupees without paise, others with them (issue 40, item 13)', () => {
    expect(formatInr(320000)).toBe('₹3,20,000');
    expect(formatInr('320000.00')).toBe('₹3,20,000');
    expect(formatInr('1250.5')).toBe('₹1,250.50');
    expect(formatInr(null)).toBe('');
  });

  it("shows dates and times in Mumbai's time, whatever the browser's zone (item 7)", () => {
    // 20:59 UTC is 02:29 the next morning in Mumbai.
    expect(formatDateTime('2026-12-01T20:59:59.585405+00:00')).toMatch(/^2 Dec 2026, 2:29\s?am$/i);
    expect(formatDate('2026-12-01T20:59:59.585405+00:00')).toBe('2 Dec 2026');
    expect(formatDate('2026-02-28')).toBe('28 Feb 2026');
  });

  it("names the day in Mumbai: export file names are not yesterday's before 05:30", () => {
    // 19:00 UTC on 1 Dec is 00:30 on 2 Dec in Mumbai; toISOString() would say 2026-12-01.
    expect(mumbaiDay(new Date('2026-12-01T19:00:00Z'))).toBe('2026-12-02');
    expect(mumbaiDay('2026-12-01T18:29:59Z')).toBe('2026-12-01');
  });

  it("the public pages' dates (lib/images formatDate) are Mumbai's too", () => {
    expect(formatImageDate('2026-12-01T20:59:59.585405+00:00')).toBe('2 Dec 2026');
    expect(
      formatImageDate('2026-12-01T20:59:59+00:00', { dateStyle: 'medium', timeStyle: 'short' }),
    ).toMatch(/^2 Dec 2026, 2:29\s?am$/i);
    expect(formatImageDate('2026-02-28', { dateStyle: 'full' })).toBe('Saturday, 28 February 2026');
    expect(formatImageDate(null)).toBe('');
  });
});
