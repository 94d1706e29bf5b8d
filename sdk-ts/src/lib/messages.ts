// The data layer's user-facing messages (product spec §8, "Data-layer mapping").

const DUPLICATE = 'Duplicate entry - this record already exists';
const VALIDATION = 'Validation error - please check your input';

const BY_CODE: Record<string, string> = {
  PGRST116: 'No data found',
  '23505': DUPLICATE,
  KeyAlreadyExists: DUPLICATE,
  ResourceAlreadyExists: DUPLICATE,
  '42501': 'Access denied - insufficient permissions',
  '23502': VALIDATION,
  '22P02': VALIDATION,
  '23514': VALIDATION,
};

const BY_STATUS: Record<number, string> = {
  401: 'Authentication required',
  403: 'Access forbidden',
  404: 'Resource not found',
  429: 'Rate limit exceeded - please try again later',
};

/**
 * The message to show for any error: by code first (no rows, duplicate key, permission denied,
 * invalid input), then by HTTP status (401, 403, 404, 429, 5xx), else the error's own message,
 * else 'An unexpected error occurred'.
 */
export function errorMessage(error: unknown): string {
  const { code, status, message } = (typeof error === 'object' && error ? error : {}) as {
    code?: unknown;
    status?: unknown;
    message?: unknown;
  };
  const byCode = typeof code === 'string' ? BY_CODE[code] : undefined;
  if (byCode) return byCode;
  const httpStatus = typeof status === 'number' ? status : Number(status);
  if (BY_STATUS[httpStatus]) return BY_STATUS[httpStatus];
  if (httpStatus >= 500) return 'Internal server error - please try again later';
  if (typeof message === 'string' && message) return message;
  if (typeof error === 'string' && error) return error;
  return 'An unexpected error occurred';
}
