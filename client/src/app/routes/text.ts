// What the page-not-found route says , apart from ../text.ts:
// the route loads lazily, so its words stay out of the first paint.
import { kannada } from '@/lib/i18n/words';

export const notFoundText = {
  title: 'Page not found',
  body: 'The page you are looking for does not exist or has moved.',
  contactUs: 'Contact us',
} as const;

kannada({ notFoundText }, () => import('./text.kn'));
