// @vitest-environment jsdom
import type { BackupOverview } from '@havyaka/sdk';
import { describe, expect, it } from 'vitest';
import { isBusy, outcomeOf } from './backups';
import { text } from '../text';

const overview = (o: Partial<BackupOverview> = {}): BackupOverview => ({
  backups: [],
  unreadable: [],
  encrypted: false,
  last_drill: null,
  last_verified_restore_at: null,
  last_backup_run: null,
  jobs: [
    { name: 'backup', schedule: '0 2 * * *', next_run_at: '2026-05-11T02:00:00Z', running: false },
  ],
  restores: [],
  ...o,
});

describe('the backups screen', () => {
  it('says when the last restore was verified in words', () => {
    expect(text.lastVerified(0)).toBe('Last verified restore: today');
    expect(text.lastVerified(1)).toBe('Last verified restore: 1 day ago');
    expect(text.lastVerified(6)).toBe('Last verified restore: 6 days ago');
  });

  it('knows when the server is at work (and polls then)', () => {
    expect(isBusy(overview())).toBe(false);
    const job = { name: 'backup_drill', schedule: '', next_run_at: '', running: true };
    expect(isBusy(overview({ jobs: [job] }))).toBe(true);
    const restore = {
      id: 'r1',
      backup_id: 'b1',
      database_name: 'restore_1',
      status: 'running' as const,
      started_at: '2026-05-10T10:00:00Z',
      finished_at: null,
      error: null,
      interrupted: false,
    };
    expect(isBusy(overview({ restores: [restore] }))).toBe(true);
    expect(isBusy(overview({ restores: [{ ...restore, interrupted: true }] }))).toBe(false);
  });

  it('sees a backup or a drill started from the screen end', () => {
    const before = outcomeOf(overview());
    const run = { finished_at: '2026-05-10T10:01:00Z', ok: false, error: 'disk full' };
    expect(outcomeOf(overview({ last_backup_run: run }))).not.toBe(before);
    const drill = {
      backup_id: 'b1',
      started_at: '2026-05-10T10:00:00Z',
      finished_at: '2026-05-10T10:02:00Z',
      duration_ms: 1200,
      ok: true,
      error: null,
    };
    expect(outcomeOf(overview({ last_drill: drill }))).not.toBe(before);
    expect(outcomeOf(overview())).toBe(before);
  });
});
