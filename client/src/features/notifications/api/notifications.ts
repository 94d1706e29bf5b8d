// Notifications (spec §7): the user's 50 newest, live (a change to the user's notifications
// refetches them; every 30 s only while the live channel is down); mark read (one, or all
// unread), delete. Query keys come from one factory; mutations invalidate through it.
import type { Database } from '@havyaka/sdk/database';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { useLiveQueries } from '@/lib/realtime';
import { sdk } from '@/lib/sdk';
import { fromSdk } from '@/lib/from-sdk';

export type Notification = Database['public']['Tables']['notifications']['Row'];

export const LIST_LIMIT = 50;
export const REFETCH_MS = 30_000;

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: string) => ['notifications', 'list', userId] as const,
};

export async function fetchNotifications(userId: string): Promise<Notification[]> {
  return unwrap(
    await sdk()
      .from('notifications')
      .select()
      .eq('user_id', userId)
      .order('created_at', { ascending: false })
      .limit(LIST_LIMIT),
  );
}

export const notificationsQuery = (userId: string) =>
  queryOptions({
    queryKey: notificationKeys.list(userId),
    queryFn: () => fetchNotifications(userId),
    refetchInterval: REFETCH_MS,
    staleTime: REFETCH_MS,
  });

/** The user's notifications, live (see the module). */
export function useNotifications(userId: string) {
  const live = useLiveQueries(
    userId
      ? { name: 'bell', changes: [{ table: 'notifications', filter: `user_id=eq.${userId}` }] }
      : null,
    [notificationKeys.list(userId)],
  );
  return useQuery({ ...notificationsQuery(userId), refetchInterval: live ? false : REFETCH_MS });
}

export function useMarkRead(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fromSdk((db, id: string) =>
      db.from('notifications').update({ is_read: true }).eq('id', id),
    ),
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.list(userId) }),
  });
}

export function useMarkAllRead(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fromSdk((db) =>
      db.from('notifications').update({ is_read: true }).eq('user_id', userId).eq('is_read', false),
    ),
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.list(userId) }),
  });
}

export function useDeleteNotification(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fromSdk((db, id: string) => db.from('notifications').delete().eq('id', id)),
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.list(userId) }),
  });
}

/** 99+ above 99. */
export const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));

/** Where a click on a notification goes (spec §6): its event, its album, or for admins the members. */
export function notificationTarget(
  n: Pick<Notification, 'type' | 'data'>,
  role: string | null | undefined,
): string | null {
  const data = (n.data ?? {}) as { event_id?: string; album_id?: string; link?: unknown };
  if (data.event_id) return `/events/${data.event_id}`;
  if (data.album_id) return `/media/album/${data.album_id}`;
  if (n.type === 'registration' && (role === 'admin' || role === 'super_admin'))
    return '/admin/members';
  // A page of this site the notification names (a connection request: /dashboard/member).
  if (typeof data.link === 'string' && /^\/(?!\/)/.test(data.link)) return data.link;
  return null;
}
