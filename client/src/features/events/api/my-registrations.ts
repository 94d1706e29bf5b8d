// The signed-in user's own registrations (policy "Users read their own registrations"):
// registering (a new row, or a cancelled one taken up again: the database checks deadline and
// places atomically), cancelling (attendance_status cancelled, the row kept), and the count of
// people an event expects (event_attendance: a count, never who), live: the event's private
// channel carries its new counts after every registration or cancellation.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Database } from '@havyaka/sdk/database';
import { unwrap } from '@/lib/errors';
import { useLive } from '@/lib/realtime';
import { sdk } from '@/lib/sdk';
import type { EventRow } from './events';
import { fromSdk } from '@/lib/from-sdk';

type RegistrationRow = Database['public']['Tables']['event_registrations']['Row'];
export type MyRegistration = RegistrationRow & {
  event: Pick<
    EventRow,
    | 'id'
    | 'title'
    | 'description'
    | 'event_date'
    | 'event_time'
    | 'duration_minutes'
    | 'location'
    | 'venue_details'
    | 'status'
  > | null;
};

export const myRegistrationKeys = {
  all: ['events', 'my-registrations'] as const,
  list: (userId: string) => ['events', 'my-registrations', userId] as const,
  forEvent: (userId: string, eventId: string) =>
    ['events', 'my-registrations', userId, eventId] as const,
  attendance: (eventId: string) => ['events', 'attendance', eventId] as const,
};

export const myRegistrationsQuery = (userId: string) =>
  queryOptions({
    queryKey: myRegistrationKeys.list(userId),
    queryFn: async () =>
      unwrap(
        await sdk()
          .from('event_registrations')
          .select(
            '*, event:events(id, title, description, event_date, event_time, duration_minutes, location, venue_details, status)',
          )
          .eq('user_id', userId)
          .order('registration_date', { ascending: false }),
      ) as unknown as MyRegistration[],
  });

export const useMyRegistrations = (userId: string | undefined) =>
  useQuery({ ...myRegistrationsQuery(userId ?? ''), enabled: !!userId });

export const useMyRegistration = (userId: string | undefined, eventId: string) =>
  useQuery({
    queryKey: myRegistrationKeys.forEvent(userId ?? '', eventId),
    enabled: !!userId,
    queryFn: fromSdk((db) =>
      db
        .from('event_registrations')
        .select('*')
        .eq('user_id', userId!)
        .eq('event_id', eventId)
        .maybeSingle(),
    ),
  });

type Attendance = { registrations: number; people: number; max_attendees: number | null };

export function usePublicAttendance(eventId: string, enabled: boolean) {
  const client = useQueryClient();
  const key = myRegistrationKeys.attendance(eventId);
  useLive(
    enabled
      ? { name: `event:${eventId}`, broadcast: { event: 'attendance', private: true } }
      : null,
    (message) => {
      const counts = (message as { payload?: Attendance & { event_id?: string } } | null)?.payload;
      if (counts && counts.event_id === eventId) {
        const { registrations, people, max_attendees } = counts;
        client.setQueryData<Attendance>(key, { registrations, people, max_attendees });
      } else if (!message) {
        // Back after a break: what happened meanwhile is read again.
        void client.invalidateQueries({ queryKey: key });
      }
    },
  );
  return useQuery({
    queryKey: key,
    enabled,
    queryFn: async () => {
      const rows = unwrap(await sdk().rpc('event_attendance', { event_id: eventId }));
      return (rows as Attendance[])[0];
    },
  });
}

function useRefresh() {
  const client = useQueryClient();
  return (eventId: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: myRegistrationKeys.all }),
      client.invalidateQueries({ queryKey: myRegistrationKeys.attendance(eventId) }),
    ]);
}

/** Registers the user, or takes up their cancelled registration (`existingId`) again. */
export function useRegisterForEvent() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({
      userId,
      eventId,
      existingId,
      guests = 0,
    }: {
      userId: string;
      eventId: string;
      existingId?: string;
      /** Guests coming with the user: each takes a place. */
      guests?: number;
    }) =>
      unwrap(
        existingId
          ? await sdk()
              .from('event_registrations')
              .update({ attendance_status: 'registered', guests })
              .eq('id', existingId)
              .select('id')
              .single()
          : await sdk()
              .from('event_registrations')
              .insert({ event_id: eventId, user_id: userId, guests })
              .select('id')
              .single(),
      ),
    onSettled: (_data, _error, { eventId }) => refresh(eventId),
  });
}

/** Cancels: attendance_status cancelled (the row stays, so staff see who cancelled). */
export function useCancelRegistration() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id }: { id: string; eventId: string }) =>
      unwrap(
        await sdk()
          .from('event_registrations')
          .update({ attendance_status: 'cancelled' })
          .eq('id', id)
          .select('id')
          .single(),
      ),
    onSettled: (_data, _error, { eventId }) => refresh(eventId),
  });
}
