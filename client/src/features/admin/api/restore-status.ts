// The dashboard's "Last verified restore" line (super admins): the newest successful restore
// drill, from the server's backups overview.
import { useQuery } from '@tanstack/react-query';
import { sdk } from '@/lib/sdk';

/** Whole days since the last verified restore (0 today), or null when there was none. */
export function verifiedRestoreDays(lastVerified: string | null, now = Date.now()): number | null {
  if (!lastVerified) return null;
  const at = Date.parse(lastVerified);
  return Number.isNaN(at) ? null : Math.max(0, Math.floor((now - at) / 86_400_000));
}

export function useVerifiedRestore(enabled: boolean) {
  return useQuery({
    queryKey: ['backups', 'overview', 'dashboard'],
    queryFn: async () => {
      const { data: overview, error } = await sdk().backups.list();
      if (error || !overview) throw error;
      return {
        days: verifiedRestoreDays(overview.last_verified_restore_at),
        lastDrillFailed: overview.last_drill ? !overview.last_drill.ok : false,
      };
    },
    enabled,
  });
}
