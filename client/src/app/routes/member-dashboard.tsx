// /dashboard/member: the members dashboard with the member's card, the user's event
// registrations and their payments and receipts below it.
import { MemberCard } from '@/features/cards/components/member-card';
import { MyEventRegistrations } from '@/features/events/components/my-registrations';
import { Component as Dashboard } from '@/features/members/routes/member-dashboard';
import { MyMoneyCard } from '@/features/money/components/my-money-card';

export function Component() {
  return (
    <Dashboard>
      <MemberCard />
      <MyEventRegistrations />
      <MyMoneyCard />
    </Dashboard>
  );
}
