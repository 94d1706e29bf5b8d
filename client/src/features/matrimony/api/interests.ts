// Interests, messages and views between approved profiles (spec §7): send, respond
// (accept/decline sets status and responded_at), withdraw; conversations oldest first with
// unread counts and mark read. Policies keep each row between its two parties. Received
// interests and messages are live: the server sends each change only to the rows' parties
// (their policies), and the lists refetch (every 30 or 15 s only while the channel is down).
import type { Database } from '@havyaka/sdk/database';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { useLiveQueries } from '@/lib/realtime';
import { sdk } from '@/lib/sdk';
import { matrimonyKeys } from './profiles';
import { fromSdk } from '@/lib/from-sdk';
import { useInvalidate } from '@/lib/invalidate';

export type Interest = Database['public']['Tables']['matrimony_interests']['Row'];
export type Message = Database['public']['Tables']['matrimony_messages']['Row'];
export interface Person {
  id: string;
  user_id: string | null;
  first_name: string;
  surname: string;
  photo_url: string | null;
  place: string | null;
  occupation: string | null;
}

/** Every interest the user sent or received, with the other side's profile. */
export function useInterests(userId: string) {
  const live = useLiveQueries(
    userId
      ? {
          name: 'interests',
          changes: [
            { table: 'matrimony_interests', filter: `receiver_id=eq.${userId}` },
            { table: 'matrimony_interests', filter: `sender_id=eq.${userId}` },
            { table: 'matrimony_messages', filter: `receiver_id=eq.${userId}` },
          ],
        }
      : null,
    [matrimonyKeys.interests(userId)],
  );
  return useQuery({
    queryKey: matrimonyKeys.interests(userId),
    enabled: !!userId,
    refetchInterval: live ? false : 30_000,
    queryFn: async () => {
      const interests = unwrap(
        await sdk()
          .from('matrimony_interests')
          .select('*')
          .or(`sender_id.eq.${userId},receiver_id.eq.${userId}`)
          .order('created_at', { ascending: false }),
      );
      const others = [
        ...new Set(interests.map((i) => (i.sender_id === userId ? i.receiver_id : i.sender_id))),
      ];
      const people = others.length
        ? unwrap(
            await sdk()
              .from('matrimony_details')
              .select('id, user_id, first_name, surname, photo_url, place, occupation')
              .in('user_id', others),
          )
        : [];
      const unread = unwrap(
        await sdk()
          .from('matrimony_messages')
          .select('sender_id')
          .eq('receiver_id', userId)
          .eq('is_read', false),
      );
      const unreadBy = new Map<string, number>();
      for (const m of unread) unreadBy.set(m.sender_id, (unreadBy.get(m.sender_id) ?? 0) + 1);
      const byUser = new Map(people.map((p) => [p.user_id, p as Person]));
      return interests.map((i) => {
        const other = i.sender_id === userId ? i.receiver_id : i.sender_id;
        return {
          ...i,
          direction: i.sender_id === userId ? ('sent' as const) : ('received' as const),
          otherUserId: other,
          other: byUser.get(other) ?? null,
          unread: unreadBy.get(other) ?? 0,
        };
      });
    },
  });
}
export type InterestView = NonNullable<ReturnType<typeof useInterests>['data']>[number];

export function useSendInterest(userId: string) {
  const invalidate = useInvalidate(matrimonyKeys.interests(userId));
  return useMutation({
    mutationFn: async ({ receiver, message }: { receiver: string; message: string }) =>
      unwrap(
        await sdk()
          .from('matrimony_interests')
          .insert({ sender_id: userId, receiver_id: receiver, message: message.trim() || null })
          .select('*')
          .single(),
      ),
    onSettled: invalidate,
  });
}

/** Spec §7 respond: the receiver sets the status; the database stamps responded_at. */
export function useRespond(userId: string) {
  const invalidateInterests = useInvalidate(matrimonyKeys.interests(userId));
  const queryClient = useQueryClient();
  // An accepted interest opens the contact details of both parties.
  const invalidate = () =>
    Promise.all([
      invalidateInterests(),
      queryClient.invalidateQueries({ queryKey: ['matrimony', 'contacts'] }),
    ]);
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: 'accepted' | 'declined' }) =>
      unwrap(
        await sdk()
          .from('matrimony_interests')
          .update({ status })
          .eq('id', id)
          .select('*')
          .single(),
      ),
    onSettled: invalidate,
  });
}

export function useWithdraw(userId: string) {
  const invalidate = useInvalidate(matrimonyKeys.interests(userId));
  return useMutation({
    mutationFn: fromSdk((db, id: string) => db.from('matrimony_interests').delete().eq('id', id)),
    onSettled: invalidate,
  });
}

/** The conversation between the user and another, oldest first. */
export function useConversation(userId: string, other: string | null) {
  const live = useLiveQueries(
    userId && other
      ? {
          name: 'conversation',
          changes: [
            { table: 'matrimony_messages', event: 'INSERT', filter: `receiver_id=eq.${userId}` },
          ],
        }
      : null,
    [matrimonyKeys.messages(userId, other ?? '')],
  );
  return useQuery({
    queryKey: matrimonyKeys.messages(userId, other ?? ''),
    enabled: !!userId && !!other,
    refetchInterval: live ? false : 15_000,
    queryFn: fromSdk((db) =>
      db
        .from('matrimony_messages')
        .select('*')
        .or(
          `and(sender_id.eq.${userId},receiver_id.eq.${other}),and(sender_id.eq.${other},receiver_id.eq.${userId})`,
        )
        .order('created_at', { ascending: true })
        .limit(500),
    ),
  });
}

export function useSendMessage(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      to,
      interestId,
      message,
    }: {
      to: string;
      interestId: string;
      message: string;
    }) =>
      unwrap(
        await sdk()
          .from('matrimony_messages')
          .insert({
            sender_id: userId,
            receiver_id: to,
            interest_id: interestId,
            message: message.trim(),
          })
          .select('*')
          .single(),
      ),
    onSettled: (_d, _e, v) =>
      queryClient.invalidateQueries({ queryKey: matrimonyKeys.messages(userId, v.to) }),
  });
}

/** Marks what the other sent as read (the receiver's own rows only). */
export function useMarkRead(userId: string) {
  const invalidate = useInvalidate(matrimonyKeys.interests(userId));
  return useMutation({
    mutationFn: fromSdk((db, from: string) =>
      db
        .from('matrimony_messages')
        .update({ is_read: true })
        .eq('receiver_id', userId)
        .eq('sender_id', from)
        .eq('is_read', false),
    ),
    onSettled: invalidate,
  });
}

/** Spec §7: a view is recorded (once a day per viewer), counted and marks the viewer active. */
export async function recordView(profileId: string): Promise<boolean> {
  return unwrap(await sdk().rpc('record_profile_view', { profile_id: profileId })) as boolean;
}

/** Who viewed the user's profile recently (newest first). */
export function useRecentViews(userId: string, profileId: string | undefined) {
  return useQuery({
    queryKey: matrimonyKeys.views(userId),
    enabled: !!profileId,
    queryFn: async () => {
      const since = new Date(Date.now() - 30 * 86400_000).toISOString();
      const res = await sdk()
        .from('matrimony_profile_views')
        .select('id', { count: 'exact', head: true })
        .eq('viewed_profile_id', profileId!)
        .gte('viewed_at', since);
      if (res.error) throw res.error;
      return res.count ?? 0;
    },
  });
}
