// The kinds of notification a user wants (event, photo, sandesha, registration, other),
// stored on the server (notification_preferences; no row = all) and honoured by the fan-out.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';

export const KINDS = ['event', 'photo', 'sandesha', 'registration', 'other'] as const;
export type Kind = (typeof KINDS)[number];
export type Preferences = Record<Kind, boolean>;
export const ALL_ON: Preferences = {
  event: true,
  photo: true,
  sandesha: true,
  registration: true,
  other: true,
};

export const preferenceKeys = {
  own: (userId: string) => ['notifications', 'preferences', userId] as const,
};

export function usePreferences(userId: string) {
  return useQuery({
    queryKey: preferenceKeys.own(userId),
    enabled: !!userId,
    queryFn: async () => {
      const row = unwrap(
        await sdk()
          .from('notification_preferences')
          .select('event, photo, sandesha, registration, other')
          .eq('user_id', userId)
          .maybeSingle(),
      );
      return (row ?? ALL_ON) as Preferences;
    },
  });
}

export function useSavePreference(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (next: Preferences) =>
      unwrap(
        await sdk()
          .from('notification_preferences')
          .upsert({ user_id: userId, ...next }, { onConflict: 'user_id' })
          .select('event, photo, sandesha, registration, other')
          .single(),
      ) as Preferences,
    onMutate: (next) => queryClient.setQueryData(preferenceKeys.own(userId), next),
    onSettled: () => queryClient.invalidateQueries({ queryKey: preferenceKeys.own(userId) }),
  });
}
