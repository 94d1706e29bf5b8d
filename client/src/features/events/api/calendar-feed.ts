// The signed-in user's personal calendar feed (public.calendar_feeds, their own row only): its
// secret token, making one (or a new one: the old link stops working) and revoking it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';

const key = (userId: string) => ['events', 'calendar-feed', userId] as const;

export const useCalendarFeed = (userId: string | undefined) =>
  useQuery({
    queryKey: key(userId ?? ''),
    enabled: !!userId,
    queryFn: async () =>
      (unwrap(await sdk().from('calendar_feeds').select('token, created_at').maybeSingle()) as {
        token: string;
        created_at: string;
      } | null) ?? null,
  });

/** Makes the feed's token, or replaces it (`new`), or revokes it. */
export function useCalendarFeedAction(userId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: 'make' | 'revoke') =>
      action === 'make'
        ? unwrap(await sdk().rpc('create_calendar_feed'))
        : unwrap(await sdk().from('calendar_feeds').delete().eq('user_id', userId!)),
    onSettled: () => client.invalidateQueries({ queryKey: key(userId ?? '') }),
  });
}
