// The admin area's layout route (the area is gated by the guard above it in route-table.tsx).
import { NotificationBell } from '@/features/notifications';
import { AdminShell } from '@/features/admin';

export function Component() {
  return <AdminShell headerExtra={<NotificationBell />} />;
}
