// @vitest-environment jsdom
import { ApiError, AuthError, NetworkError } from '@havyaka/sdk';
import { describe, expect, it } from 'vitest';
import { AppError, dataMessage, errorCode, errorToast } from './errors';

const api = (code: string, status: number, message = 'raw message') =>
  new ApiError(message, { code, status });

describe('the data-layer messages (spec §8)', () => {
  it.each([
    [api('PGRST116', 406), 'No data found'],
    [api('23505', 409), 'Duplicate entry - this record already exists'],
    [api('42501', 403), 'Access denied - insufficient permissions'],
    [api('23514', 400), 'Validation error - please check your input'],
    [api('', 401), 'Authentication required'],
    [api('', 403), 'Access forbidden'],
    [api('', 404), 'Resource not found'],
    [api('', 429), 'Rate limit exceeded - please try again later'],
    [api('', 503), 'Internal server error - please try again later'],
    [api('', 400, 'Something specific'), 'Something specific'],
    [{}, 'An unexpected error occurred'],
    // Never an exception's own text (issue 40).
    [new TypeError('Failed to fetch'), 'An unexpected error occurred'],
    [new Error('Cannot read properties of undefined'), 'An unexpected error occurred'],
    [
      new NetworkError('TypeError: Failed to fetch', { code: 'NETWORK_ERROR' }),
      'The server could not be reached. Check your connection; this will load when it returns.',
    ],
  ])('%o → %s', (error, message) => expect(dataMessage(error)).toBe(message));
});

describe('the UI error toast (title Error), by code', () => {
  it.each([
    [api('', 401), 'AUTHENTICATION_ERROR', 'Please log in to continue.'],
    [new AuthError('x', { status: 401 }), 'AUTHENTICATION_ERROR', 'Please log in to continue.'],
    [
      api('42501', 403),
      'AUTHORIZATION_ERROR',
      'You do not have permission to perform this action.',
    ],
    [api('PGRST116', 406), 'NOT_FOUND', 'The requested resource was not found.'],
    [api('', 404), 'NOT_FOUND', 'The requested resource was not found.'],
    [api('23505', 409), 'DUPLICATE_ENTRY', 'This record already exists.'],
    [api('', 429), 'RATE_LIMIT_EXCEEDED', 'Too many requests - please try again later.'],
    [
      new AppError('Title is required', 'VALIDATION_ERROR'),
      'VALIDATION_ERROR',
      'Title is required',
    ],
    [
      new NetworkError('TypeError: Failed to fetch', { code: 'NETWORK_ERROR' }),
      'NETWORK_ERROR',
      "You're offline or the server could not be reached: this change was not saved. Please try again when the connection returns.",
    ],
  ])('%o', (error, code, description) => {
    expect(errorCode(error)).toBe(code);
    expect(errorToast(error)).toEqual({ title: 'Error', description });
  });
});
