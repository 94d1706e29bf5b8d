// Every word of the backups screen and the dashboard's restore line (super admins).
import { kannada } from '@/lib/i18n/words';

export const text = {
  title: 'Backups',
  intro:
    'A backup of the whole database and every stored file is made every night. Each week the latest one is restored into a scratch copy and checked, so you know it works.',
  lastBackup: 'Last backup',
  lastBackupNever: 'No backup yet',
  lastBackupFailed: 'The last backup failed',
  lastVerified: (days: number) =>
    `Last verified restore: ${days === 0 ? 'today' : days === 1 ? '1 day ago' : `${days} days ago`}`,
  neverVerified: 'No verified restore yet',
  lastDrillFailed: 'The last restore drill failed',
  nextBackup: (when: string) => `Next backup: ${when}`,
  backUpNow: 'Back up now',
  backupStarted: 'Backup started',
  backupStartedBody: 'It appears in the list when it is complete.',
  drillNow: 'Run restore drill now',
  drillStarted: 'Restore drill started',
  drillStartedBody: 'The latest backup is being restored into a scratch copy and checked.',
  refresh: 'Refresh',
  listTitle: 'Backups kept',
  empty: 'No backups yet.',
  encrypted: 'Encrypted',
  plain: 'Not encrypted',
  columns: {
    when: 'Taken',
    kind: 'Kind',
    size: 'Size',
    tables: 'Tables',
    rows: 'Rows',
    files: 'Files',
    encryption: 'Encryption',
    actions: 'Actions',
  },
  kinds: { scheduled: 'Nightly', manual: 'By hand' } as Record<string, string>,
  restore: 'Restore…',
  restoreTitle: 'Restore this backup?',
  restoreBody:
    'It is restored into a new database and checked. The live data is not changed until you choose to switch.',
  restoreConfirm: 'Restore into a new database',
  restoreStarted: 'Restore started',
  restoresTitle: 'Restores',
  restoreStatus: {
    running: 'Restoring and checking…',
    verified: 'Restored and verified',
    failed: 'Restore failed',
    switched: 'Switched to',
    discarded: 'Discarded',
    interrupted: 'Interrupted (the server running it stopped)',
  },
  restoreOf: (id: string, database: string) => `Backup ${id} into ${database}`,
  checks: 'Checks',
  checkOk: 'passed',
  checkFailed: 'failed',
  summary: (tables: number, rows: number, seconds: number) =>
    `${tables} tables, ${rows} rows, in ${seconds} s`,
  switchTo: 'Switch to this copy',
  switchTitle: 'Switch the live service to the restored data?',
  switchBody:
    'Everything written since this backup was taken will no longer be shown. The current database is kept for 7 days and can be switched back by the operator.',
  switchConfirm: 'Switch now',
  switched: 'The service now runs on the restored data',
  discard: 'Discard',
  discardTitle: 'Discard this restored copy?',
  discardBody: 'Its database is dropped. The backup itself is kept.',
  discarded: 'Restored copy discarded',
  loadError: 'Could not load the backups',
} as const;

kannada({ text }, () => import('./text.kn'));
