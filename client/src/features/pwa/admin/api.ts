// The last 30 days of pwa_analytics (website staff read it; the policies decide).
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import type { AnalyticsRow } from './summary';

export const pwaAdminKeys = { rows: () => ['pwa', 'admin', 'analytics-30d'] as const };

export const useAnalyticsRows = () =>
  useQuery({
    queryKey: pwaAdminKeys.rows(),
    queryFn: async (): Promise<AnalyticsRow[]> => {
      const since = new Date(Date.now() - 31 * 86400_000).toISOString();
      return unwrap(
        await sdk()
          .from('pwa_analytics')
          .select('id, event_type, data, timestamp')
          .in('event_type', ['install', 'engagement'])
          .gte('timestamp', since)
          .order('timestamp', { ascending: false })
          .limit(5000),
      ) as AnalyticsRow[];
    },
  });
