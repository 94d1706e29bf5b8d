// Session helpers: the storage key, the in-memory fallback, reading GoTrue's token answer.

import { AuthError, type SdkError } from '../lib/errors';
import type { Session, SessionStorage, User } from './types';

export type AuthResult<T> = Promise<{ data: T; error: null } | { data: T; error: SdkError }>;
export type SessionData = { user: User | null; session: Session | null };

export const missingSession = () =>
  new AuthError('Auth session missing!', { code: 'session_missing', status: 400 });

/** Refresh this long before the access token expires (auth-js: three 30 s ticks). */
export const EXPIRY_MARGIN_MS = 90_000;

/** `sb-<first label of the host>-auth-token`, as supabase-js names it. */
export function defaultStorageKey(url: string): string {
  return `sb-${new URL(url).hostname.split('.')[0]}-auth-token`;
}

export function memoryStorage(): SessionStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const nowSeconds = () => Math.round(Date.now() / 1000);

/** A session from a token answer, when it has one (access and refresh token, lifetime). */
export function toSession(body: unknown): Session | null {
  const b = body as Partial<Session> | null;
  if (!b?.access_token || !b.refresh_token || !b.expires_in) return null;
  return { ...b, expires_at: b.expires_at ?? nowSeconds() + b.expires_in } as Session;
}

/** A stored session, when the text holds one. */
export function parseSession(text: string | null): Session | null {
  try {
    const s = text ? (JSON.parse(text) as Session) : null;
    return s?.access_token && s.refresh_token && s.expires_at ? s : null;
  } catch {
    return null;
  }
}

/** Milliseconds until the session should be refreshed (≤ 0: now). */
export function refreshDelay(session: Session): number {
  return session.expires_at * 1000 - EXPIRY_MARGIN_MS - Date.now();
}
