// An event's registrations for its staff: who registered (with their account's name, e-mail
// and phone), attendance changes and cancellation (attendance_status = cancelled, the row
// kept). The day's counts are api/event-day.ts.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Database } from '@havyaka/sdk/database';
import { unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import { useLiveQueries } from '@/lib/realtime';
import { adminEventKeys } from './admin-events';

type RegistrationRow = Database['public']['Tables']['event_registrations']['Row'];
export const ATTENDANCE_STATUSES = ['registered', 'attended', 'absent', 'cancelled'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export interface Registration extends RegistrationRow {
  user: { full_name: string | null; email: string; phone: string | null } | null;
}

export async function fetchRegistrations(eventId: string): Promise<Registration[]> {
  const rows = unwrap(
    await sdk()
      .from('event_registrations')
      .select('*, user:users!event_registrations_user_id_fkey(full_name, email, phone)')
      .eq('event_id', eventId)
      .order('registration_date', { ascending: true }),
  );
  return rows as unknown as Registration[];
}

export const registrationsQuery = (eventId: string) =>
  queryOptions({
    queryKey: adminEventKeys.registrations(eventId),
    queryFn: () => fetchRegistrations(eventId),
  });

/** An event's registrations, live: a registration, a cancellation or an attendance mark refetches them. */
export function useRegistrations(eventId: string, enabled = true) {
  useLiveQueries(
    enabled && eventId
      ? {
          name: 'admin-registrations',
          changes: [{ table: 'event_registrations', filter: `event_id=eq.${eventId}` }],
        }
      : null,
    [adminEventKeys.registrations(eventId), adminEventKeys.attendance(eventId)],
  );
  return useQuery({ ...registrationsQuery(eventId), enabled });
}

export function useSetAttendance(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: AttendanceStatus }) =>
      unwrap(
        await sdk()
          .from('event_registrations')
          .update({ attendance_status: status })
          .eq('id', id)
          .select('id')
          .single(),
      ),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminEventKeys.registrations(eventId) }),
        client.invalidateQueries({ queryKey: adminEventKeys.attendance(eventId) }),
      ]),
  });
}
