// /dashboard/student: the students dashboard with the user's event registrations below it.
import { MyEventRegistrations } from '@/features/events/components/my-registrations';
import { Component as Dashboard } from '@/features/students/routes/dashboard';

export function Component() {
  return (
    <Dashboard>
      <MyEventRegistrations />
    </Dashboard>
  );
}
