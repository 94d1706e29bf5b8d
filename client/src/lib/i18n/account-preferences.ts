// The account side of the language and Easy view choices (public.users.preferred_language and
// easy_view), loaded only once someone is signed in (preferences.ts): a visitor's first paint
// does not carry it.
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

/** At a sign-in: the account's choices come to this device, or the device's go to a new
 *  account. `live` says whether the sign-in is still the current one. */
export async function syncWithAccount(userId: string, live: () => boolean) {
  const { data } = await sdk()
    .from('users')
    .select('preferred_language, easy_view')
    .eq('id', userId)
    .maybeSingle();
  if (!live() || !data) return;
  const change: Partial<Saved> = {};
  const saved = data.preferred_language;
  if (saved === 'en' || saved === 'kn') await switchLanguage(saved as Language);
  else change.preferred_language = currentLanguage();
  if (data.easy_view !== null) applyEasyView(data.easy_view);
  else if (easyViewOn()) change.easy_view = true;
  if (Object.keys(change).length) await saveOnAccount(userId, change);
}
