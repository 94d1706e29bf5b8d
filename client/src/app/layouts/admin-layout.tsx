// The admin area's layout route (the area is gated by the guard above it in route-table.tsx).
import { NotificationBell } from '@/features/notifications';
import { AdminShell } from '@/features/admin';
import { EasyViewSwitch, LanguageSwitch } from '@/components/view-controls';

export function Component() {
  return (
    <AdminShell
      headerExtra={
        <>
          <LanguageSwitch className="hidden sm:inline-flex" />
          <EasyViewSwitch className="hidden sm:inline-flex" />
          <NotificationBell />
        </>
      }
    />
  );
}
