// An event's day for its staff: the counts (event_day_counts: registrations and their seats,
// checked in, walk-ins, the waitlist and offers held, every seat taken), check-in and its undo
// (check_in_attendee / undo_check_in), and walk-in guests without an account (add_walk_in /
// remove_walk_in: counted against the capacity under the event row's lock). Live: any change
// to the event's registrations, waitlist or walk-ins refetches the counts.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Database } from '@havyaka/sdk/database';
import { unwrap } from '@/lib/errors';
import { useLiveQueries } from '@/lib/realtime';
import { sdk } from '@/lib/sdk';
import { adminEventKeys } from './admin-events';
import { useInvalidate } from '@/lib/invalidate';

type Functions = Database['public']['Functions'];
export type DayCounts = Functions['event_day_counts']['Returns'][number];
export type WalkIn = Database['public']['Tables']['event_walk_ins']['Row'];

export const eventDayKeys = {
  // Under the attendance key: whatever refreshes the attendance refreshes the counts.
  counts: (eventId: string) => [...adminEventKeys.attendance(eventId), 'day'] as const,
  walkIns: (eventId: string) => [...adminEventKeys.registrations(eventId), 'walk-ins'] as const,
};

export function useDayCounts(eventId: string) {
  useLiveQueries(
    eventId
      ? {
          name: 'admin-event-day',
          changes: [
            { table: 'event_registrations', filter: `event_id=eq.${eventId}` },
            { table: 'event_waitlist', filter: `event_id=eq.${eventId}` },
            { table: 'event_walk_ins', filter: `event_id=eq.${eventId}` },
          ],
        }
      : null,
    [eventDayKeys.counts(eventId), eventDayKeys.walkIns(eventId)],
  );
  return useQuery({
    queryKey: eventDayKeys.counts(eventId),
    queryFn: async () =>
      (unwrap(await sdk().rpc('event_day_counts', { event_id: eventId })) as DayCounts[])[0] ??
      null,
  });
}

export const useWalkIns = (eventId: string) =>
  useQuery({
    queryKey: eventDayKeys.walkIns(eventId),
    queryFn: async () =>
      unwrap(
        await sdk()
          .from('event_walk_ins')
          .select('*')
          .eq('event_id', eventId)
          .order('checked_in_at', { ascending: true }),
      ) as WalkIn[],
  });

/** Refreshes the event's registrations and attendance. */
const useRefresh = (eventId: string) =>
  useInvalidate(adminEventKeys.registrations(eventId), adminEventKeys.attendance(eventId));

/** Checks a registrant in, or undoes it (a tap on the wrong name). */
export function useCheckIn(eventId: string) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: async ({ userId, undo }: { userId: string; undo?: boolean }) =>
      unwrap(
        await sdk().rpc(undo ? 'undo_check_in' : 'check_in_attendee', {
          event_id: eventId,
          user_id: userId,
        }),
      ),
    onSettled: refresh,
  });
}

export interface WalkInInput {
  fullName: string;
  phone: string;
  seats: number;
}

/** Records a walk-in guest, or removes one recorded by mistake. */
export function useWalkInAction(eventId: string) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: async (input: { add: WalkInInput } | { remove: string }) =>
      'add' in input
        ? unwrap(
            await sdk().rpc('add_walk_in', {
              event_id: eventId,
              full_name: input.add.fullName,
              phone: input.add.phone.trim() || undefined,
              seats: input.add.seats,
            }),
          )
        : unwrap(await sdk().rpc('remove_walk_in', { walk_in_id: input.remove })),
    onSettled: refresh,
  });
}
