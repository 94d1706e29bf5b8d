// The dashboard's "Last verified restore" line (super admins): the newest successful restore
// drill, from the server's backups overview.
import { useQuery } from '@tanstack/react-query';
import type { BackupOverview } from '@havyaka/sdk';
import { daysSince } from '@/lib/display-format';
import { unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';

export function useVerifiedRestore(enabled: boolean) {
  return useQuery({
    queryKey: ['backups', 'overview', 'dashboard'],
    queryFn: async () => {
      const overview = unwrap<BackupOverview>(await sdk().backups.list());
      return {
        days: daysSince(overview.last_verified_restore_at),
        lastDrillFailed: overview.last_drill ? !overview.last_drill.ok : false,
      };
    },
    enabled,
  });
}
