// Events (spec §7): upcoming_only = status upcoming or published and event_date today or later,
// ascending; otherwise descending. Lists are validated ('Invalid events response').
import type { Database } from '@havyaka/sdk/database';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AppError, unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import { fromSdk } from '@/lib/from-sdk';

export type EventRow = Database['public']['Tables']['events']['Row'];

/** Every row needs its id, title, date, type and status (zod is kept out of the home route). */
const isEventRow = (row: unknown): boolean => {
  const r = row as Record<string, unknown> | null;
  return (
    !!r &&
    ['id', 'title', 'event_date', 'event_type', 'status'].every((k) => typeof r[k] === 'string')
  );
};

export function checkEvents(rows: unknown): EventRow[] {
  if (!Array.isArray(rows) || !rows.every(isEventRow)) {
    throw new AppError('Invalid events response', 'VALIDATION_ERROR');
  }
  return rows as EventRow[];
}

/** Today's local date as YYYY-MM-DD. Built by hand: the first Intl call of a page sets up the
 *  browser's locale data, a long task the home page's events request need not wait on. */
export const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

export const eventKeys = {
  all: ['events'] as const,
  list: (filters: { upcomingOnly: boolean; limit?: number }) =>
    ['events', 'list', filters] as const,
  detail: (id: string) => ['events', 'detail', id] as const,
};

export async function fetchEvents({
  upcomingOnly,
  limit,
}: {
  upcomingOnly: boolean;
  limit?: number;
}) {
  let query = sdk().from('events').select().neq('status', 'cancelled');
  if (upcomingOnly) {
    query = query.in('status', ['upcoming', 'published']).gte('event_date', today());
  } else {
    query = query.lt('event_date', today());
  }
  let ordered = query
    .order('event_date', { ascending: upcomingOnly })
    .order('event_time', { ascending: upcomingOnly });
  if (limit) ordered = ordered.limit(limit);
  return checkEvents(unwrap(await ordered));
}

export const eventsQuery = (filters: { upcomingOnly: boolean; limit?: number }) =>
  queryOptions({ queryKey: eventKeys.list(filters), queryFn: () => fetchEvents(filters) });

export const useEvents = (filters: { upcomingOnly: boolean; limit?: number }) =>
  useQuery(eventsQuery(filters));

export const eventQuery = (id: string) =>
  queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: fromSdk((db) => db.from('events').select().eq('id', id).maybeSingle()),
  });

export const useEvent = (id: string) => useQuery(eventQuery(id));

export const isUuid = (value: string | undefined): value is string =>
  !!value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
