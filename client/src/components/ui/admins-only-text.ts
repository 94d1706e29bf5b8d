// What the admins-only notice says besides the feature's sentence (kept out of ./text.ts, which
// the first paint loads). Kannada: admins-only-text.kn.ts.
import { kannada } from '@/lib/i18n/words';

export const adminsOnlyText = {
  backToDashboard: 'Back to the dashboard',
} as const;

kannada({ adminsOnlyText }, () => import('./admins-only-text.kn'));
