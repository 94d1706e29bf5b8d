import { describe, expect, it } from 'vitest';
import { daysSince, formatSize } from './display-format';

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
});
