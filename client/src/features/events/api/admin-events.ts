// The staff's event calls: the list with filters and paging, one event, create, update,
// change of status, duplicate and delete. Row-level security is the gate (event managers and
// admins); these only ask. Every write invalidates the events cache (public pages included).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { ListView, WholeView } from '@/lib/list-view';
import { pagedList } from '@/lib/paged-list';
import { ilikeAny } from '@/lib/search';
import { sdk } from '@/lib/sdk';
import type { EventPayload } from '../lib/event-form';
import type { EventStatus } from '../lib/event-kinds';
import { ADMIN_EVENT_SORT, mumbaiToday, type AdminEventFilters } from '../resources/events/filters';
import { checkEvents, eventKeys, type EventRow } from './events';
import { useInvalidate } from '@/lib/invalidate';

export const adminEventKeys = {
  all: [...eventKeys.all, 'admin'] as const,
  list: (view: ListView<AdminEventFilters>) => [...eventKeys.all, 'admin', 'list', view] as const,
  attendance: (id: string) => [...eventKeys.all, 'admin', 'attendance', id] as const,
  registrations: (id: string) => [...eventKeys.all, 'admin', 'registrations', id] as const,
};

/** Every event in every state: a page of the view, and every row of it. */
export const adminEventPages = pagedList({
  key: adminEventKeys.list,
  query: (view: WholeView<AdminEventFilters>) => {
    let query = sdk().from('events').select('*', { count: 'exact' });
    const any = ilikeAny(['title', 'location', 'organizer'], view.search);
    if (any) query = query.or(any);
    if (view.filters.type) query = query.eq('event_type', view.filters.type);
    if (view.filters.status) query = query.eq('status', view.filters.status);
    if (view.filters.when === 'upcoming')
      query = query.in('status', ['upcoming', 'published']).gte('event_date', mumbaiToday());
    if (view.filters.when === 'past') query = query.lt('event_date', mumbaiToday());
    const sort = view.sort ?? ADMIN_EVENT_SORT;
    return query
      .order(sort.id as keyof EventRow, { ascending: !sort.desc, nullsFirst: false })
      .order('created_at', { ascending: false })
      .order('id');
  },
  rows: checkEvents,
});

/** Writes invalidate every events query: lists, details, the public pages'. */

export async function createEvent(payload: EventPayload): Promise<EventRow> {
  return unwrap(await sdk().from('events').insert(payload).select().single());
}

export async function updateEvent(id: string, payload: Partial<EventPayload>): Promise<EventRow> {
  return unwrap(await sdk().from('events').update(payload).eq('id', id).select().single());
}

export function useSaveEvent() {
  const client = useQueryClient();
  const invalidate = useInvalidate(eventKeys.all);
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
  const invalidate = useInvalidate(eventKeys.all);
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
  const invalidate = useInvalidate(eventKeys.all);
  return useMutation({
    mutationFn: (e: EventRow) => createEvent(duplicatePayload(e, copyLabel)),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteEvent() {
  const invalidate = useInvalidate(eventKeys.all);
  return useMutation({
    mutationFn: async (id: string) => {
      unwrap(await sdk().from('events').delete().eq('id', id));
    },
    onSuccess: () => invalidate(),
  });
}
