// The person's language and Easy view on their account (public.users.preferred_language and
// easy_view): the device's choice is written there the first time they sign in and whenever they
// switch while signed in; at sign-in, a choice already on the account comes to this device. The
// work is in account-preferences.ts, fetched only when someone is signed in.
import { useEffect } from 'react';
import { useAuth } from '@/lib/auth';

const account = () => import('./account-preferences');

/** Saves the device's choices on the signed-in account (silently: the device keeps them). */
export async function saveOnAccount(
  userId: string,
  change: { preferred_language?: string; easy_view?: boolean },
) {
  await (await account()).saveOnAccount(userId, change);
}

/** At each sign-in: the account's choices come to this device, or the device's go to a
 *  new account. */
export function useAccountPreferences() {
  const auth = useAuth();
  const userId = auth.status === 'signedIn' ? auth.session?.user.id : undefined;
  useEffect(() => {
    if (!userId) return;
    let live = true;
    void account().then(({ syncWithAccount }) => syncWithAccount(userId, () => live));
    return () => {
      live = false;
    };
  }, [userId]);
}
