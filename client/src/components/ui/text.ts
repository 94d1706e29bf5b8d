// What the UI primitives say by default. The first paint loads this module (the toast, the
// loading placeholder). Kannada: text.kn.ts, loaded only on the Kannada screen.
import { kannada } from '@/lib/i18n/words';

export const uiText = {
  loading: 'Loading…',
  somethingWrong: 'Something went wrong',
  tryAgain: 'Try again',
  dismissToast: 'Dismiss notification',
} as const;

kannada({ uiText }, () => import('./text.kn'));
