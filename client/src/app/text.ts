// What the app shell says: the render error screen and the boot failure screen. The
// page-not-found route's own words are in routes/text.ts, the connectivity banner's and toasts'
// and the global error toasts' in connectivity-text.ts (loaded with its chunk), the public layout's
// beside its navigation in nav.ts. Kannada: text.kn.ts, loaded only on the Kannada screen.
import { kannada } from '@/lib/i18n/words';

export const appText = {
  skipToContent: 'Skip to content',
  errorTitle: 'Oops! Something went wrong',
  newRelease: 'A new version of the site is available. Please reload the page.',
  tryAgain: 'Try Again',
  goHome: 'Go to Homepage',
  reloadPage: 'Reload Page',
  contactSupport: 'Contact Support',
  bootTitle: 'Havyaka Community Mumbai',
  bootBody: 'The site cannot reach its server. Please check your connection and reload.',
} as const;

kannada({ appText }, () => import('./text.kn'));
