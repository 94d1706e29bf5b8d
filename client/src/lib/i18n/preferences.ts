// The person's language and Easy view on their account (public.users.preferred_language and
// easy_view): the device's choice is written there the first time they sign in and whenever they
// switch while signed in; at sign-in, a choice already on the account comes to this device.
import { useEffect } from 'react';
import { useAuth } from '@/lib/auth';
import { sdk } from '@/lib/sdk';
import { applyEasyView, easyViewOn } from './easy-view';
import { currentLanguage, switchLanguage, type Language } from './words';

interface Saved {
  preferred_language: string | null;
  easy_view: boolean | null;
}

/** Saves the device's choices on the signed-in account (silently: the device keeps them). */
export async function saveOnAccount(userId: string, change: Partial<Saved>) {
  await sdk().from('users').update(change).eq('id', userId);
}

/** At each sign-in: the account's choices come to this device, or the device's go to a
 *  new account. */
export function useAccountPreferences() {
  const auth = useAuth();
  const userId = auth.status === 'signedIn' ? auth.session?.user.id : undefined;
  useEffect(() => {
    if (!userId) return;
    let live = true;
    void (async () => {
      const { data } = await sdk()
        .from('users')
        .select('preferred_language, easy_view')
        .eq('id', userId)
        .maybeSingle();
      if (!live || !data) return;
      const change: Partial<Saved> = {};
      const saved = data.preferred_language;
      if (saved === 'en' || saved === 'kn') await switchLanguage(saved as Language);
      else change.preferred_language = currentLanguage();
      if (data.easy_view !== null) applyEasyView(data.easy_view);
      else if (easyViewOn()) change.easy_view = true;
      if (Object.keys(change).length) await saveOnAccount(userId, change);
    })();
    return () => {
      live = false;
    };
  }, [userId]);
}
