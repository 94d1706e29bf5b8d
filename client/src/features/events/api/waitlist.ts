// The signed-in user's place on an event's waitlist (policy "Users read their own waitlist
// places") and what they may do with it: join when the event is full, leave, accept or decline
// an offer. Each is a database function that locks the event row (functions/41_event_waitlist.sql);
// accepting makes the registration, so the user's registration and the counts are refetched.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Database } from '@havyaka/sdk/database';
import { unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import { myRegistrationKeys } from './my-registrations';

export type WaitlistPlace = Database['public']['Tables']['event_waitlist']['Row'];

export const waitlistKeys = {
  mine: (userId: string, eventId: string) => ['events', 'my-waitlist', userId, eventId] as const,
};

export const useMyWaitlistPlace = (userId: string | undefined, eventId: string) =>
  useQuery({
    queryKey: waitlistKeys.mine(userId ?? '', eventId),
    enabled: !!userId,
    queryFn: async () =>
      unwrap(
        await sdk()
          .from('event_waitlist')
          .select('*')
          .eq('event_id', eventId)
          .eq('user_id', userId!)
          .maybeSingle(),
      ) as WaitlistPlace | null,
  });

export type WaitlistAction = 'join' | 'leave' | 'accept' | 'decline';

const FUNCTIONS = {
  join: 'join_event_waitlist',
  leave: 'leave_event_waitlist',
  accept: 'accept_event_offer',
  decline: 'decline_event_offer',
} as const;

export function useWaitlistAction(userId: string | undefined, eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, guests }: { action: WaitlistAction; guests?: number }) => {
      const args =
        action === 'join' ? { event_id: eventId, guests: guests ?? 0 } : { event_id: eventId };
      return unwrap(await sdk().rpc(FUNCTIONS[action], args as never));
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: waitlistKeys.mine(userId ?? '', eventId) }),
        client.invalidateQueries({ queryKey: myRegistrationKeys.forEvent(userId ?? '', eventId) }),
        client.invalidateQueries({ queryKey: myRegistrationKeys.attendance(eventId) }),
      ]),
  });
}
