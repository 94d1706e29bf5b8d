// What the connectivity banner and toasts and the global error toasts say, in a module of its own so that they load with
// connectivity.tsx's chunk and not with the first paint. Kannada: connectivity-text.kn.ts.
import { kannada } from '@/lib/i18n/words';

export const connectivityText = {
  offlineTitle: "You're offline",
  offlineBody: 'Some features may not work properly. Please check your connection.',
  onlineTitle: 'Connection Restored',
  onlineBody: 'Your connection has been restored.',
  offlineBannerTitle: 'Connection Lost.',
  offlineBannerBody: "You're offline: some features may not work until the connection returns.",
  /** Offline, with the saved answers on screen: when the oldest of them was fetched. */
  offlineSavedBody: (when: string) => `You're offline, showing what was saved on ${when}.`,
  rejectionTitle: 'Something went wrong',
  rejectionBody: 'An unexpected error occurred. Please try again.',
  scriptErrorTitle: 'Application Error',
  scriptErrorBody: 'An unexpected error occurred. Please refresh the page.',
} as const;

kannada({ connectivityText }, () => import('./connectivity-text.kn'));
