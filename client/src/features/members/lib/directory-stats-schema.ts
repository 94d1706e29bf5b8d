// The shape get_member_directory_stats answers, checked before the figures are shown; loaded
// with the answer (api/admin-directory.ts), so the list's first paint does not wait for zod.
import { z } from 'zod';

const counts = z.record(z.string(), z.number());
export const directoryStatsSchema = z.object({
  total: z.number(),
  by_status: counts,
  by_member_type: counts,
  by_delivery_method: counts,
  by_city: counts,
  by_native_place: counts,
  delivery_enabled: z.number(),
  delivery_disabled: z.number(),
});
export type DirectoryStatsShape = z.infer<typeof directoryStatsSchema>;
