// The backups screen's data: the server's /api/admin/backups through the SDK, polled while
// work runs in the background.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackupOverview, RestoreRecord } from '@havyaka/sdk';
import { sdk } from '@/lib/sdk';

type SdkResult<T> = { data: T; error: null } | { data: null; error: unknown };

/** The data of an SDK call, or its error thrown (for react-query). */
export async function dataOf<T>(call: Promise<SdkResult<T>>): Promise<T> {
  const result = await call;
  if (result.error) throw result.error;
  return result.data as T;
}

export const backupKeys = {
  all: ['backups'] as const,
  overview: () => ['backups', 'overview'] as const,
  restore: (id: string) => ['backups', 'restore', id] as const,
};

export const backupsQuery = () =>
  queryOptions({
    queryKey: backupKeys.overview(),
    queryFn: (): Promise<BackupOverview> => dataOf<BackupOverview>(sdk().backups.list()),
    staleTime: 0,
  });

/** The overview, polled every few seconds while a backup, drill or restore is running. */
export function useBackups(polling: boolean) {
  return useQuery({ ...backupsQuery(), refetchInterval: polling ? 3000 : false });
}

export function useRestore(id: string | null) {
  return useQuery({
    queryKey: backupKeys.restore(id ?? ''),
    queryFn: (): Promise<RestoreRecord> =>
      dataOf<RestoreRecord>(sdk().backups.restoreStatus(id ?? '')),
    enabled: !!id,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 2000 : false),
  });
}

export function useBackupAction<T>(action: () => Promise<SdkResult<T>>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => dataOf<T>(action()),
    onSettled: () => client.invalidateQueries({ queryKey: backupKeys.all }),
  });
}

/** Whole days since `iso` (0 today), or null. */
export function daysSince(iso: string | null | undefined, now = Date.now()): number | null {
  if (!iso) return null;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.floor((now - at) / 86_400_000));
}

/** Bytes for people: 1.2 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
