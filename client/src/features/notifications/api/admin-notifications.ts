// Staff notifications: send an announcement (send_announcement: in-app notifications for the
// audience's approved accounts and pushes through the outbox), the history with delivery
// counts, and the contact form's messages (admins): both a page at a time with exact counts,
// searched, filtered and sorted by the server, and their CSV exports.
import type { Database } from '@havyaka/sdk/database';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchAllRows } from '@/lib/csv';
import { unwrap } from '@/lib/errors';
import { ilikeAny } from '@/lib/search';
import { sdk } from '@/lib/sdk';
import { notificationKeys } from './notifications';

export type Announcement = Database['public']['Tables']['announcements']['Row'];
export type ContactMessage = Database['public']['Tables']['contact_messages']['Row'];
export const AUDIENCES = ['everyone', 'members', 'students', 'matrimony'] as const;
export const MESSAGE_STATUSES = ['new', 'read', 'replied', 'archived'] as const;

/** What one page of a list asks for (the URL state feeds it: `state.key`). */
export interface ListView<F> {
  search: string;
  filters: F;
  sort: { id: string; desc: boolean } | null;
  from: number;
  to: number;
}
type Unpaged<V> = Omit<V, 'from' | 'to'>;

export type HistoryFilters = { audience: string };
export const HISTORY_FILTER_DEFAULTS: HistoryFilters = { audience: '' };
/** The inbox shows new messages unless told otherwise ('all' for every status). */
export type InboxFilters = { status: string };
export const INBOX_FILTER_DEFAULTS: InboxFilters = { status: 'new' };
export const NEWEST_FIRST = { id: 'created_at', desc: true };

export const adminNotificationKeys = {
  history: (view: ListView<HistoryFilters>) =>
    [...notificationKeys.all, 'admin', 'announcements', view] as const,
  inbox: (view: ListView<InboxFilters>) =>
    [...notificationKeys.all, 'admin', 'inbox', view] as const,
};

export interface AnnouncementInput {
  title: string;
  message: string;
  audience: (typeof AUDIENCES)[number];
  link?: string;
}

export function useSendAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: AnnouncementInput) =>
      unwrap(await sdk().rpc('send_announcement', input)) as unknown as Announcement,
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export interface AnnouncementWithCounts extends Announcement {
  queued: number;
  sent: number;
  failed: number;
}

function historyQuery(view: Unpaged<ListView<HistoryFilters>>) {
  let q = sdk().from('announcements').select('*', { count: 'exact' });
  const any = ilikeAny(['title', 'message'], view.search);
  if (any) q = q.or(any);
  if (view.filters.audience) q = q.eq('audience', view.filters.audience);
  const sort = view.sort ?? NEWEST_FIRST;
  return q
    .order(sort.id as keyof Announcement, { ascending: !sort.desc })
    .order('created_at', { ascending: false })
    .order('id');
}

/** The push delivery counts of some announcements (announcement_deliveries), merged in. */
async function withCounts(rows: Announcement[]): Promise<AnnouncementWithCounts[]> {
  if (rows.length === 0) return [];
  const counts = unwrap(
    await sdk().rpc('announcement_deliveries', { announcement_ids: rows.map((r) => r.id) }),
  );
  const byId = new Map(counts.map((c) => [c.announcement_id, c]));
  return rows.map((r) => ({
    ...r,
    queued: byId.get(r.id)?.queued ?? 0,
    sent: byId.get(r.id)?.sent ?? 0,
    failed: byId.get(r.id)?.failed ?? 0,
  }));
}

/** One page of the history with its delivery counts and the exact count of the view. */
export const useAnnouncements = (view: ListView<HistoryFilters>) =>
  useQuery({
    queryKey: adminNotificationKeys.history(view),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const res = await historyQuery(view).range(view.from, view.to);
      return { rows: await withCounts(unwrap(res)), count: res.count ?? 0 };
    },
  });

/** Every announcement of a view with its counts, for the CSV export. */
export const fetchAnnouncementsExport = (view: Unpaged<ListView<HistoryFilters>>) =>
  fetchAllRows(async (from, to) => withCounts(unwrap(await historyQuery(view).range(from, to))));

function inboxQuery(view: Unpaged<ListView<InboxFilters>>) {
  let q = sdk().from('contact_messages').select('*', { count: 'exact' });
  const any = ilikeAny(['subject', 'first_name', 'last_name', 'email', 'message'], view.search);
  if (any) q = q.or(any);
  if (view.filters.status && view.filters.status !== 'all') {
    q = q.eq('status', view.filters.status);
  }
  const sort = view.sort ?? NEWEST_FIRST;
  return q
    .order(sort.id as keyof ContactMessage, { ascending: !sort.desc })
    .order('created_at', { ascending: false })
    .order('id');
}

/** One page of the contact messages with the exact count of the view. */
export const useInbox = (view: ListView<InboxFilters>) =>
  useQuery({
    queryKey: adminNotificationKeys.inbox(view),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const res = await inboxQuery(view).range(view.from, view.to);
      return { rows: unwrap(res), count: res.count ?? 0 };
    },
  });

/** Every message of a view, for the CSV export. */
export const fetchInboxExport = (view: Unpaged<ListView<InboxFilters>>) =>
  fetchAllRows(async (from, to) => unwrap(await inboxQuery(view).range(from, to)));

export function useSetMessageStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: string }) => {
      unwrap(await sdk().from('contact_messages').update({ status }).eq('id', id));
    },
    onSuccess: () =>
      client.invalidateQueries({ queryKey: [...notificationKeys.all, 'admin', 'inbox'] }),
  });
}
