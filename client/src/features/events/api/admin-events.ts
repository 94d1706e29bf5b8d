// The staff's event calls: the list with filters and paging, one event, create, update,
// change of status, duplicate and delete. Row-level security is the gate (event managers and
// admins); these only ask. Every write invalidates the events cache (public pages included).
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import type { EventPayload, EventStatus } from '../lib/event-form';
import { checkEvents, eventKeys, type EventRow } from './events';

export interface AdminEventFilters {
  search: string;
  type: string;
  status: string;
  /** 1-based. */
  page: number;
  pageSize: number;
}

export const adminEventKeys = {
  all: [...eventKeys.all, 'admin'] as const,
  list: (filters: AdminEventFilters) => [...eventKeys.all, 'admin', 'list', filters] as const,
  attendance: (id: string) => [...eventKeys.all, 'admin', 'attendance', id] as const,
  registrations: (id: string) => [...eventKeys.all, 'admin', 'registrations', id] as const,
};

/** `%` and `_` are wildcards of ilike, and `,()` separate PostgREST's or-filter: escape them. */
export const ilikePattern = (search: string) =>
  `%${search
    .trim()
    .replace(/[\\%_]/g, (c) => `\\${c}`)
    .replace(/[,()]/g, ' ')}%`;

export async function fetchAdminEvents(filters: AdminEventFilters) {
  let query = sdk().from('events').select('*', { count: 'exact' });
  if (filters.search.trim()) {
    const p = ilikePattern(filters.search);
    query = query.or(`title.ilike.${p},location.ilike.${p},organizer.ilike.${p}`);
  }
  if (filters.type) query = query.eq('event_type', filters.type);
  if (filters.status) query = query.eq('status', filters.status);
  const from = (filters.page - 1) * filters.pageSize;
  const result = await query
    .order('event_date', { ascending: false })
    .order('created_at', { ascending: false })
    .range(from, from + filters.pageSize - 1);
  const rows = checkEvents(unwrap(result));
  return { rows, total: result.count ?? rows.length };
}

export const adminEventsQuery = (filters: AdminEventFilters) =>
  queryOptions({
    queryKey: adminEventKeys.list(filters),
    queryFn: () => fetchAdminEvents(filters),
    placeholderData: keepPreviousData,
  });

export const useAdminEvents = (filters: AdminEventFilters) => useQuery(adminEventsQuery(filters));

/** Writes invalidate every events query: lists, details, the public pages'. */
function useInvalidateEvents() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: eventKeys.all });
}

export async function createEvent(payload: EventPayload): Promise<EventRow> {
  return unwrap(await sdk().from('events').insert(payload).select().single());
}

export async function updateEvent(id: string, payload: Partial<EventPayload>): Promise<EventRow> {
  return unwrap(await sdk().from('events').update(payload).eq('id', id).select().single());
}

export function useSaveEvent() {
  const client = useQueryClient();
  const invalidate = useInvalidateEvents();
  return useMutation({
    meta: { silent: true }, // the screen toasts 'Failed to update event' itself
    mutationFn: ({ id, payload }: { id?: string; payload: EventPayload }) =>
      id ? updateEvent(id, payload) : createEvent(payload),
    onSuccess: async (event) => {
      client.setQueryData(eventKeys.detail(event.id), event);
      await invalidate();
    },
  });
}

export function useSetEventStatus() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: EventStatus }) =>
      updateEvent(id, { status }),
    onSuccess: () => invalidate(),
  });
}

/** A copy of an event to start from: a new title, back to upcoming, no registrations. */
export function duplicatePayload(e: EventRow, copyLabel: (title: string) => string): EventPayload {
  return {
    title: copyLabel(e.title).slice(0, 200),
    event_type: e.event_type,
    description: e.description,
    event_date: e.event_date,
    event_time: e.event_time,
    location: e.location,
    venue_details: e.venue_details,
    organizer: e.organizer,
    contact_person: e.contact_person,
    contact_phone: e.contact_phone,
    contact_email: e.contact_email,
    registration_required: e.registration_required,
    registration_deadline: e.registration_deadline,
    max_attendees: e.max_attendees,
    featured_image_url: e.featured_image_url,
    status: 'upcoming',
  };
}

export function useDuplicateEvent(copyLabel: (title: string) => string) {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (e: EventRow) => createEvent(duplicatePayload(e, copyLabel)),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: async (id: string) => {
      unwrap(await sdk().from('events').delete().eq('id', id));
    },
    onSuccess: () => invalidate(),
  });
}
