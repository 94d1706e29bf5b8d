// An event's waitlist for its staff, live (realtime on event_waitlist): who waits in which
// order, offers held and until when, moving an entry up (recorded) and running offers by hand.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Database } from '@havyaka/sdk/database';
import { unwrap } from '@/lib/errors';
import { useLiveQueries } from '@/lib/realtime';
import { sdk } from '@/lib/sdk';
import { adminEventKeys } from './admin-events';

export type WaitlistEntry = Database['public']['Tables']['event_waitlist']['Row'] & {
  user: { full_name: string | null; email: string } | null;
};

const key = (eventId: string) => [...adminEventKeys.registrations(eventId), 'waitlist'] as const;

export function useEventWaitlist(eventId: string) {
  useLiveQueries(
    eventId
      ? {
          name: 'admin-waitlist',
          changes: [{ table: 'event_waitlist', filter: `event_id=eq.${eventId}` }],
        }
      : null,
    [key(eventId), adminEventKeys.registrations(eventId), adminEventKeys.attendance(eventId)],
  );
  return useQuery({
    queryKey: key(eventId),
    queryFn: async () =>
      unwrap(
        await sdk()
          .from('event_waitlist')
          .select('*, user:users!event_waitlist_user_id_fkey(full_name, email)')
          .eq('event_id', eventId)
          .in('status', ['waiting', 'offered'])
          .order('status', { ascending: false })
          .order('priority', { ascending: false })
          .order('joined_at', { ascending: true }),
      ) as unknown as WaitlistEntry[],
  });
}

export function useWaitlistStaffAction(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { moveUp: string } | { runOffers: true }) =>
      'moveUp' in input
        ? unwrap(await sdk().rpc('move_waitlist_entry_up', { entry_id: input.moveUp }))
        : unwrap(await sdk().rpc('run_waitlist_offers', { event_id: eventId })),
    onSettled: () => client.invalidateQueries({ queryKey: key(eventId) }),
  });
}
