// The toast of a sign-out that did not simply succeed (lib/auth.tsx's signOut): offline, this
// device is signed out and the server was not told; refused, still signed in. Loaded on first
// use (the service worker keeps it for offline use).
import { NetworkError, type SdkError } from '@havyaka/sdk';
import { toast } from '@/components/ui/toast';
import { wordsReady } from '@/lib/i18n/words';
import { signOutText as t } from './sign-out-text';

export async function signOutNotice(error: SdkError) {
  await wordsReady();
  if (error instanceof NetworkError)
    toast({ title: t.loggedOutHere, description: t.loggedOutOffline, duration: 10_000 });
  else toast({ title: t.logoutFailed, variant: 'destructive' });
}
