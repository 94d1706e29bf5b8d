// One place turns errors into what people read (spec §8): the data layer's messages (the
// SDK's errorMessage() table, here in the language on screen), and the UI's error toast by code.
import { errorMessage } from '@havyaka/sdk';
import { errorText } from './text';

// The two the home page's first paint needs live in their own small module.
export { unwrap } from './errors-core';

export type ErrorCode =
  | 'AUTHENTICATION_ERROR'
  | 'AUTHORIZATION_ERROR'
  | 'NOT_FOUND'
  | 'DUPLICATE_ENTRY'
  | 'RATE_LIMIT_EXCEEDED'
  | 'VALIDATION_ERROR'
  | 'NETWORK_ERROR'
  | 'UNKNOWN_ERROR';

export class AppError extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode = 'UNKNOWN_ERROR',
    readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

const VALIDATION_CODES = new Set(['23502', '22P02', '23514', '22023', 'PGRST102', 'ZOD']);

/** The code of any error: SDK errors by their code and status, AppErrors as they are. */
export function errorCode(error: unknown): ErrorCode {
  if (error instanceof AppError) return error.code;
  const { code, status } = (typeof error === 'object' && error ? error : {}) as {
    code?: unknown;
    status?: unknown;
  };
  if (code === 'NETWORK_ERROR') return 'NETWORK_ERROR';
  if (code === '23505') return 'DUPLICATE_ENTRY';
  if (code === 'PGRST116') return 'NOT_FOUND';
  if (code === '42501') return 'AUTHORIZATION_ERROR';
  if (typeof code === 'string' && VALIDATION_CODES.has(code)) return 'VALIDATION_ERROR';
  const s = Number(status);
  if (s === 401) return 'AUTHENTICATION_ERROR';
  if (s === 403) return 'AUTHORIZATION_ERROR';
  if (s === 404) return 'NOT_FOUND';
  if (s === 409) return 'DUPLICATE_ENTRY';
  if (s === 429) return 'RATE_LIMIT_EXCEEDED';
  if (s === 400 || s === 422) return 'VALIDATION_ERROR';
  return 'UNKNOWN_ERROR';
}

/** An answer the server gave (an HTTP status, or a database or API code): its words are for
 *  people (spec §8's table, or the database's own refusal). A thrown exception is not. */
function isServerAnswer(error: unknown): boolean {
  const { code, status } = (typeof error === 'object' && error ? error : {}) as {
    code?: unknown;
    status?: unknown;
  };
  if (typeof status === 'number' && status >= 400) return true;
  return typeof code === 'string' && code !== '' && code !== 'NETWORK_ERROR' && code !== 'ABORTED';
}

type DataWord = keyof typeof errorText.data;
const DATA_BY_CODE: Record<string, DataWord> = {
  PGRST116: 'noData',
  '23505': 'duplicate',
  KeyAlreadyExists: 'duplicate',
  ResourceAlreadyExists: 'duplicate',
  '42501': 'accessDenied',
  '23502': 'validation',
  '22P02': 'validation',
  '23514': 'validation',
};
const DATA_BY_STATUS: Record<number, DataWord> = {
  401: 'authRequired',
  403: 'forbidden',
  404: 'notFound',
  429: 'rateLimited',
};

/** A server answer in words: errorMessage()'s table (by code, then status) in the language
 *  on screen; any other answer in the server's own words. */
function serverWords(error: unknown): string {
  const { code, status } = error as { code?: unknown; status?: unknown };
  const byCode = typeof code === 'string' ? DATA_BY_CODE[code] : undefined;
  const s = Number(status);
  const key = byCode ?? DATA_BY_STATUS[s] ?? (s >= 500 ? 'serverError' : undefined);
  return key ? errorText.data[key] : errorMessage(error);
}

/**
 * The one wording of an error for people (spec §8 table): the app's own messages, the
 * server's answers, a plain sentence when the server cannot be reached, and never an
 * exception's text ("TypeError: Failed to fetch") (issue 40).
 */
export function dataMessage(error: unknown): string {
  if (error instanceof AppError) return error.message;
  if (errorCode(error) === 'NETWORK_ERROR' || (error as { code?: unknown })?.code === 'ABORTED')
    return errorText.unreachable;
  if (isServerAnswer(error)) return serverWords(error);
  return errorText.unexpected;
}

const UI_TEXT: Partial<Record<ErrorCode, string>> = errorText.byCode;

/** The UI error toast (title Error) for an error. VALIDATION_ERROR uses its own message. */
export function errorToast(error: unknown): { title: string; description: string } {
  const code = errorCode(error);
  if (code === 'NETWORK_ERROR') return { title: errorText.title, description: errorText.notSaved };
  return { title: errorText.title, description: UI_TEXT[code] ?? dataMessage(error) };
}

/** The column a server refusal names (its hint, e.g. `pan_no`), or null. */
export function refusedColumn(error: unknown): string | null {
  const hint = (error as { hint?: unknown } | null)?.hint;
  return typeof hint === 'string' && /^[a-z0-9_]+$/.test(hint) ? hint : null;
}
