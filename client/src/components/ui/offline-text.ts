// What a screen says offline about what is not saved on the device: its own module, so the
// first paint does not carry it. Kannada: offline-text.kn.ts.
import { kannada } from '@/lib/i18n/words';

export const offlineText = {
  notSavedTitle: 'Not saved for offline use',
  notSavedBody:
    "You're offline, and this was not saved on this device. It will load when the connection returns.",
} as const;

kannada({ offlineText }, () => import('./offline-text.kn'));
