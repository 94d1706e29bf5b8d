// The backups screen's data: the server's /api/admin/backups through the SDK. The overview is
// polled while the server is at work (a restore, a scheduled backup or drill) and while a
// backup or drill started from the screen has not yet changed it.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackupOverview, RestoreRecord } from '@havyaka/sdk';
import { unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';

export const backupKeys = {
  all: ['backups'] as const,
  overview: () => ['backups', 'overview'] as const,
  restore: (id: string) => ['backups', 'restore', id] as const,
};

export const backupsQuery = () =>
  queryOptions({
    queryKey: backupKeys.overview(),
    queryFn: async (): Promise<BackupOverview> =>
      unwrap<BackupOverview>(await sdk().backups.list()),
    staleTime: 0,
  });

/** A restore or a scheduled job is running on the server. */
export const isBusy = (overview: BackupOverview) =>
  overview.restores.some((r) => r.status === 'running' && !r.interrupted) ||
  overview.jobs.some((j) => j.running);

/** What a finished backup or drill changes: the newest backup, the last backup run and drill. */
export const outcomeOf = (overview: BackupOverview) =>
  JSON.stringify([
    overview.backups[0]?.id ?? null,
    overview.last_backup_run?.finished_at ?? null,
    overview.last_drill?.finished_at ?? null,
  ]);

const POLL_MS = 3000;

/**
 * The overview, polled every 3 s while the server is busy or, after a backup or drill was
 * started here, until its outcome differs from `awaiting` (the outcome when it was started).
 */
export function useBackups(awaiting: string | null) {
  return useQuery({
    ...backupsQuery(),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return false;
      return isBusy(data) || (awaiting !== null && outcomeOf(data) === awaiting) ? POLL_MS : false;
    },
  });
}

/** The backups kept, newest first (the overview's list, for the table). */
export const useBackupList = () => useQuery({ ...backupsQuery(), select: (o) => o.backups });

export function useRestore(id: string | null) {
  return useQuery({
    queryKey: backupKeys.restore(id ?? ''),
    queryFn: async (): Promise<RestoreRecord> =>
      unwrap<RestoreRecord>(await sdk().backups.restoreStatus(id ?? '')),
    enabled: !!id,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 2000 : false),
  });
}

/** A backup action (back up, drill, restore, switch, discard); the overview is read again after. */
export function useBackupAction<T>(
  action: () => Promise<{ data: T; error: null } | { data: null; error: unknown }>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await action()),
    onSettled: () => client.invalidateQueries({ queryKey: backupKeys.all }),
  });
}
