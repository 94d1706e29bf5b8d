// What the account's and second factors' requests share (loaded with them, on first use): the
// session of a token answer, and auth-js's `{ data, error }` shape with empty data on failure.

import { AuthError } from '../lib/errors';
import { settle } from '../lib/fetch';
import { toSession, type AuthResult } from './session';
import type { Session } from './types';

/** The session of a token answer; an AuthError (500) when the answer has none. */
export function sessionOf(body: unknown): Session {
  const session = toSession(body);
  if (!session) throw new AuthError('The server answered without a session', { status: 500 });
  return session;
}

/** Runs `work`, catching any failure into `{ data: empty, error }`. */
export async function settleAs<T, E>(work: () => Promise<T>, empty: E): AuthResult<T | E> {
  const result = await settle(work);
  return result.error ? { data: empty, error: result.error } : result;
}
