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
  /** A read that could not reach the server (offline, or the server is down). */
  unreachable:
    'The server could not be reached. Check your connection; this will load when it returns.',
  /** A change that could not reach the server: nothing was saved. */
  notSaved:
    "You're offline or the server could not be reached: this change was not saved. Please try again when the connection returns.",
  /** Anything else that went wrong in the app itself. */
  unexpected: 'An unexpected error occurred',
  /** The data layer's messages (spec §8's table, the SDK's errorMessage() in English), in the
   *  language on screen: picked by the error's code, then its HTTP status (lib/errors.ts). */
  data: {
    noData: 'No data found',
    duplicate: 'Duplicate entry - this record already exists',
    accessDenied: 'Access denied - insufficient permissions',
    validation: 'Validation error - please check your input',
    authRequired: 'Authentication required',
    forbidden: 'Access forbidden',
    notFound: 'Resource not found',
    rateLimited: 'Rate limit exceeded - please try again later',
    serverError: 'Internal server error - please try again later',
  },
} as const;

kannada({ errorText }, () => import('./text.kn'));
