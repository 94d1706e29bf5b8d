// Backups and restores (`/api/admin/backups`, `/api/admin/restores`), for the callers the
// server's `ops.can_manage_backups()` admits (the app: super admins). Long work (a backup, a
// drill, a restore) starts in the background: these calls answer at once, and the list or the
// restore's status tells when it is done.

import type { Transport } from '../lib/fetch';
import { jsonApi, type JsonApi } from '../lib/json-api';

/** One backup, as the list shows it. */
export interface BackupEntry {
  id: string;
  kind: string;
  started_at: string;
  finished_at: string;
  size: number;
  tables: number;
  rows: number;
  files: number;
  encrypted: boolean;
  migrations: Record<string, string>;
  postgres_version: string;
}

export interface DrillRecord {
  backup_id: string | null;
  started_at: string;
  finished_at: string;
  duration_ms: number;
  ok: boolean;
  error: string | null;
}

export interface RestoreCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface RestoreRecord {
  id: string;
  backup_id: string;
  database_name: string;
  status: 'running' | 'verified' | 'failed' | 'switched' | 'discarded';
  started_at: string;
  finished_at: string | null;
  error: string | null;
  /** The replica running it stopped answering (its restore will not finish). */
  interrupted: boolean;
  summary?: {
    ok?: boolean;
    checks?: RestoreCheck[];
    tables?: number;
    rows?: number;
    duration_ms?: number;
    files?: { named: number; put_back: number; missing: string[] };
  };
}

export interface BackupOverview {
  backups: BackupEntry[];
  unreadable: { id: string; reason: string }[];
  encrypted: boolean;
  last_drill: DrillRecord | null;
  last_verified_restore_at: string | null;
  last_backup_run: { finished_at: string; ok: boolean; error: string | null } | null;
  jobs: { name: string; schedule: string; next_run_at: string; running: boolean }[];
  restores: RestoreRecord[];
}

export class BackupsClient {
  private call: JsonApi;

  constructor(url: string, transport: Transport) {
    this.call = jsonApi(url, transport);
  }

  /** The backups (newest first), the last drill and backup run, and recent restores. */
  list() {
    return this.call<BackupOverview>('GET', '/api/admin/backups');
  }

  /** Starts a backup now. */
  create() {
    return this.call<{ started: boolean }>('POST', '/api/admin/backups');
  }

  /** Starts a restore drill of the latest backup now. */
  drill() {
    return this.call<{ started: boolean }>('POST', '/api/admin/backups/drill');
  }

  /** Step one: restores a backup into a new database and verifies it (in the background). */
  restore(backupId: string) {
    return this.call<{ id: string; database_name: string; status: string }>(
      'POST',
      `/api/admin/backups/${encodeURIComponent(backupId)}/restore`,
    );
  }

  /** A restore's status and, once done, its checks. */
  restoreStatus(restoreId: string) {
    return this.call<RestoreRecord>('GET', `/api/admin/restores/${encodeURIComponent(restoreId)}`);
  }

  /** Step two: the service moves to a verified restore's database. */
  switchTo(restoreId: string) {
    return this.call<{ status: string; replaced: string; drop_after: string }>(
      'POST',
      `/api/admin/restores/${encodeURIComponent(restoreId)}/switch`,
    );
  }

  /** Drops a restore's database (not a running or switched one). */
  discard(restoreId: string) {
    return this.call<{ status: string }>(
      'POST',
      `/api/admin/restores/${encodeURIComponent(restoreId)}/discard`,
    );
  }
}
