// /dashboard/matrimony: the matrimony dashboard with the user's event registrations below it.
import { MyEventRegistrations } from '@/features/events/components/my-registrations';
import { Component as Dashboard } from '@/features/matrimony/routes/dashboard';

export function Component() {
  return (
    <Dashboard>
      <MyEventRegistrations />
    </Dashboard>
  );
}
