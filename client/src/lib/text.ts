// What lib/ says to people : the error toasts' wording (spec §8).
// The render error screen's fallback lives in core-text.ts (the first paint needs it alone).
import { kannada } from '@/lib/i18n/words';

export const errorText = {
  /** The title of every error toast. */
  title: 'Error',
  /** The UI's message by error code; other codes show the data layer's message. */
  byCode: {
    AUTHENTICATION_ERROR: 'Please log in to continue.',
    AUTHORIZATION_ERROR: 'You do not have permission to perform this action.',
    NOT_FOUND: 'The requested resource was not found.',
    DUPLICATE_ENTRY: 'This record already exists.',
    RATE_LIMIT_EXCEEDED: 'Too many requests - please try again later.',
  },
} as const;

kannada({ errorText }, () => import('./text.kn'));
