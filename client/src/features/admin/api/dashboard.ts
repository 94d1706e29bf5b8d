// The admin dashboard's figures: get_dashboard_stats, validated (spec §5 response checks).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { AppError, unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import { text } from '../text';

export const dashboardStatsSchema = z
  .object({
    members: z.number(),
    students: z.number(),
    matrimony: z.number(),
    events: z.number(),
    pending_members: z.number().optional(),
    pending_students: z.number().optional(),
    pending_matrimony: z.number().optional(),
    upcoming_events: z.number().optional(),
    users: z.number().optional(),
    pending_payments: z.number().optional(),
  })
  .loose();
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export function parseDashboardStats(value: unknown): DashboardStats {
  const parsed = dashboardStatsSchema.safeParse(value);
  if (!parsed.success) throw new AppError(text.invalidStats, 'VALIDATION_ERROR', parsed.error);
  return parsed.data;
}

export const adminKeys = {
  all: ['admin'] as const,
  stats: () => ['admin', 'dashboard-stats'] as const,
};

export const dashboardStatsQuery = () =>
  queryOptions({
    queryKey: adminKeys.stats(),
    queryFn: async () => parseDashboardStats(unwrap(await sdk().rpc('get_dashboard_stats'))),
  });

export const useDashboardStats = () => useQuery(dashboardStatsQuery());
