// Staff notifications: send an announcement (send_announcement: in-app notifications for the
// audience's approved accounts and pushes through the outbox), the history with delivery
// counts, and the contact form's messages (admins): both a page at a time with exact counts,
// searched, filtered and sorted by the server, and their CSV exports.
import type { Database } from '@havyaka/sdk/database';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { ListView, WholeView } from '@/lib/list-view';
import { pagedList } from '@/lib/paged-list';
import { ilikeAny } from '@/lib/search';
import { sdk } from '@/lib/sdk';
import { NEWEST_FIRST } from '@/components/resource-list/newest-first';
import { type AUDIENCES, type HistoryFilters } from '../resources/announcements/filters';
import type { InboxFilters } from '../resources/messages/filters';
import { notificationKeys } from './notifications';

export type Announcement = Database['public']['Tables']['announcements']['Row'];
export type ContactMessage = Database['public']['Tables']['contact_messages']['Row'];

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

/** The announcements sent with their delivery counts: a page of the view, and every row. */
export const announcementPages = pagedList({
  key: adminNotificationKeys.history,
  query: (view: WholeView<HistoryFilters>) => {
    let q = sdk().from('announcements').select('*', { count: 'exact' });
    const any = ilikeAny(['title', 'message'], view.search);
    if (any) q = q.or(any);
    if (view.filters.audience) q = q.eq('audience', view.filters.audience);
    const sort = view.sort ?? NEWEST_FIRST;
    return q
      .order(sort.id as keyof Announcement, { ascending: !sort.desc })
      .order('created_at', { ascending: false })
      .order('id');
  },
  rows: withCounts,
});

/** The contact form's messages: a page of the view, and every row of it. */
export const messagePages = pagedList({
  key: adminNotificationKeys.inbox,
  query: (view: WholeView<InboxFilters>) => {
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
  },
});

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
