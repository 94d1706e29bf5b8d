// Staff notifications: send an announcement (send_announcement: in-app notifications for the
// audience's approved accounts and pushes through the outbox), the history with delivery
// counts, and the contact form's messages (admins).
import type { Database } from '@havyaka/sdk/database';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import { notificationKeys } from './notifications';

export type Announcement = Database['public']['Tables']['announcements']['Row'];
export type ContactMessage = Database['public']['Tables']['contact_messages']['Row'];
export const AUDIENCES = ['everyone', 'members', 'students', 'matrimony'] as const;
export const MESSAGE_STATUSES = ['new', 'read', 'replied', 'archived'] as const;

export const adminNotificationKeys = {
  history: () => [...notificationKeys.all, 'admin', 'announcements'] as const,
  inbox: (status: string) => [...notificationKeys.all, 'admin', 'inbox', status] as const,
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

export const useAnnouncements = () =>
  useQuery({
    queryKey: adminNotificationKeys.history(),
    queryFn: async (): Promise<AnnouncementWithCounts[]> => {
      const rows = unwrap(
        await sdk()
          .from('announcements')
          .select()
          .order('created_at', { ascending: false })
          .limit(50),
      );
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
    },
  });

export const useInbox = (status: string) =>
  useQuery({
    queryKey: adminNotificationKeys.inbox(status),
    queryFn: async () => {
      let q = sdk()
        .from('contact_messages')
        .select()
        .order('created_at', { ascending: false })
        .limit(200);
      if (status) q = q.eq('status', status);
      return unwrap(await q);
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
