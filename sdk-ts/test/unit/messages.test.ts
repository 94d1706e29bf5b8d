// errorMessage: spec §8's data-layer messages, by code, then status, then the raw message.

import { describe, expect, test } from 'vitest';
import { ApiError, AuthError, NetworkError, SdkError, StorageError, errorMessage } from '../../src';

describe('by code', () => {
  test.each([
    ['PGRST116', 'No data found'],
    ['23505', 'Duplicate entry - this record already exists'],
    ['KeyAlreadyExists', 'Duplicate entry - this record already exists'],
    ['42501', 'Access denied - insufficient permissions'],
    ['23502', 'Validation error - please check your input'],
    ['22P02', 'Validation error - please check your input'],
    ['23514', 'Validation error - please check your input'],
  ])('%s → %s', (code, message) => {
    expect(errorMessage(new ApiError('raw', { code, status: 400 }))).toBe(message);
  });

  test('the code wins over the status (42501 answered with 401)', () => {
    expect(errorMessage(new ApiError('raw', { code: '42501', status: 401 }))).toBe(
      'Access denied - insufficient permissions',
    );
  });
});

describe('by status', () => {
  test.each([
    [401, 'Authentication required'],
    [403, 'Access forbidden'],
    [404, 'Resource not found'],
    [429, 'Rate limit exceeded - please try again later'],
    [500, 'Internal server error - please try again later'],
    [503, 'Internal server error - please try again later'],
  ])('%i → %s', (status, message) => {
    expect(errorMessage(new AuthError('raw', { code: 'whatever', status }))).toBe(message);
  });

  test('a storage error of status 404 is Resource not found', () => {
    expect(
      errorMessage(new StorageError('Object not found', { code: 'NoSuchKey', status: 404 })),
    ).toBe('Resource not found');
  });
});

describe('otherwise', () => {
  test('the raw message', () => {
    expect(errorMessage(new ApiError('Plain failure', { code: 'P0001', status: 400 }))).toBe(
      'Plain failure',
    );
    expect(errorMessage(new NetworkError('TypeError: fetch failed'))).toBe(
      'TypeError: fetch failed',
    );
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage({ message: 'plain object', status: 418 })).toBe('plain object');
    expect(errorMessage('text')).toBe('text');
  });

  test('An unexpected error occurred when there is no message', () => {
    expect(errorMessage(new SdkError(''))).toBe('An unexpected error occurred');
    expect(errorMessage(null)).toBe('An unexpected error occurred');
    expect(errorMessage(undefined)).toBe('An unexpected error occurred');
  });
});

describe('error classes', () => {
  test('carry code, details, hint, status and a name that survives minification', () => {
    const error = new StorageError('m', { code: 'c', details: { a: 1 }, hint: 'h', status: 409 });
    expect(error).toBeInstanceOf(SdkError);
    expect(error.name).toBe('StorageError');
    expect(error.toJSON()).toEqual({
      name: 'StorageError',
      message: 'm',
      code: 'c',
      details: { a: 1 },
      hint: 'h',
      status: 409,
    });
  });

  test('default to empty code, null details and hint, status 0', () => {
    expect(new NetworkError('m')).toMatchObject({
      code: '',
      details: null,
      hint: null,
      status: 0,
      name: 'NetworkError',
    });
  });
});
