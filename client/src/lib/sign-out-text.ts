// What a sign-out that did not reach the server says (issue 40): in a module of its own, loaded
// only then (lib/sign-out-notice.ts), so the first paint does not carry it. Kannada:
// sign-out-text.kn.ts.
import { kannada } from '@/lib/i18n/words';

export const signOutText = {
  loggedOutHere: 'Logged out on this device',
  loggedOutOffline:
    'You are offline, so our server could not be told, but nothing of your account is left on this device.',
  logoutFailed: 'You could not be logged out. Please try again.',
};

kannada({ signOutText }, () => import('./sign-out-text.kn'));
