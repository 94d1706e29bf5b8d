// An event's registrations for its staff: who registered (with their account's name, e-mail
// and phone), a page at a time, attendance changes and cancellation (attendance_status =
// cancelled, the row kept). The day's counts are api/event-day.ts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Database } from '@havyaka/sdk/database';
import { unwrap } from '@/lib/errors';
import { pagedList, type RangeableQuery } from '@/lib/paged-list';
import { sdk } from '@/lib/sdk';
import { useLiveQueries } from '@/lib/realtime';
import {
  applyRegistrationFilters,
  orderRegistrations,
  registrationSearch,
  type RegistrationFilters,
} from '../resources/registrations/filters';
import type { AttendanceStatus } from '../lib/attendance';
import { adminEventKeys } from './admin-events';

type RegistrationRow = Database['public']['Tables']['event_registrations']['Row'];

export interface Registration extends RegistrationRow {
  user: { full_name: string | null; email: string; phone: string | null } | null;
}

/** The registrant's account as the list shows it (`!inner` while searching: rows whose account
 *  does not match go). */
const withUser = (inner: boolean) =>
  `*, user:users!event_registrations_user_id_fkey${inner ? '!inner' : ''}(full_name, email, phone)`;

/**
 * An event's registrations, filtered, sorted and paged by the server with the exact count of the
 * view (of 5,000 registrations a page is read, not 518 KB of JSON sorted by the phone);
 * `all` reads every row of the view, for the attendees' CSV.
 */
export const registrationPages = (eventId: string) =>
  pagedList<Registration, RegistrationFilters>({
    key: (view) => [...adminEventKeys.registrations(eventId), 'list', view],
    query: (view) => {
      const search = registrationSearch(view.search);
      const q = sdk()
        .from('event_registrations')
        .select(withUser(search !== null), { count: 'exact' })
        .eq('event_id', eventId);
      const filtered = applyRegistrationFilters(
        search ? q.or(search, { referencedTable: 'user' }) : q,
        view.filters,
      );
      return orderRegistrations(filtered, view.sort) as unknown as RangeableQuery<Registration>;
    },
  });

/** An event's registrations, live: a registration, a cancellation or an attendance mark
 *  refetches the list's pages and the day's counts. */
export function useLiveRegistrations(eventId: string, enabled = true) {
  useLiveQueries(
    enabled && eventId
      ? {
          name: 'admin-registrations',
          changes: [{ table: 'event_registrations', filter: `event_id=eq.${eventId}` }],
        }
      : null,
    [adminEventKeys.registrations(eventId), adminEventKeys.attendance(eventId)],
  );
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
