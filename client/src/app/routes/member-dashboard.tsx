// /dashboard/member: the members dashboard with the member's card above it, the user's event
// registrations and their payments and receipts below it.
import { MemberCard } from '@/features/cards/components/member-card';
import { MyEventRegistrations } from '@/features/events/components/my-registrations';
import { Component as Dashboard } from '@/features/members/routes/member-dashboard';
import { MyMoneyCard } from '@/features/money/components/my-money-card';

export function Component() {
  return (
    <Dashboard top={<MemberCard />}>
      <MyEventRegistrations />
      <MyMoneyCard />
    </Dashboard>
  );
}
