// A stand-in GoTrue for the auth unit tests: sign-in, refresh (rotating tokens), user,
// logout, signup and recover, answered from memory; every request is recorded.

import { createClient } from '../../src';
import type { AuthChangeEvent, AuthOptions, Session } from '../../src';
import { fakeJwt, json, stubFetch } from './stub';

export const USER = {
  id: 'user-1',
  aud: 'authenticated',
  email: 'a@example.com',
  app_metadata: {},
  user_metadata: {},
};

/** A session as GoTrue answers it; `n` numbers its tokens. */
export function tokenAnswer(n: number, expiresIn = 3600) {
  return {
    access_token: fakeJwt({ sub: USER.id, n }),
    refresh_token: `refresh-${n}`,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: Math.round(Date.now() / 1000) + expiresIn,
    user: USER,
  };
}

export interface AuthServer {
  /** Answer of the next refresh: 'ok' rotates, else that HTTP status (0: network failure). */
  refreshAnswer: 'ok' | number;
  expiresIn: number;
  issued: number;
  /** Resolved before a refresh answers (to hold refreshes in flight). */
  gate: Promise<void> | null;
}

export function authServer() {
  const state: AuthServer = { refreshAnswer: 'ok', expiresIn: 3600, issued: 0, gate: null };
  const stub = stubFetch(async (req) => {
    const path = req.url.pathname.replace('/auth/v1', '');
    const grant = req.url.searchParams.get('grant_type');
    if (path === '/token' && grant === 'refresh_token') {
      if (state.gate) await state.gate;
      if (state.refreshAnswer === 0) throw new TypeError('fetch failed');
      if (state.refreshAnswer !== 'ok') {
        return json(
          { code: 'refresh_token_not_found', message: 'Invalid Refresh Token' },
          { status: state.refreshAnswer },
        );
      }
      return json(tokenAnswer(++state.issued, state.expiresIn));
    }
    if (path === '/token' || path === '/signup' || path === '/verify')
      return json(tokenAnswer(++state.issued, state.expiresIn));
    if (path === '/user' && req.method === 'PUT')
      return json({ ...USER, user_metadata: JSON.parse(String(req.body)).data });
    if (path === '/user') return json(USER);
    if (path === '/logout') return new Response(null, { status: 204 });
    if (path === '/recover' || path === '/reauthenticate') return json({});
    return json([]);
  });
  const refreshes = () =>
    stub.calls.filter((c) => c.url.searchParams.get('grant_type') === 'refresh_token');
  return { state, stub, refreshes };
}

export function memory() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

let clients = 0;

/**
 * A client on a memory storage. Each gets its own storage key (and so its own BroadcastChannel)
 * unless `auth.storageKey` is given: clients of one test talk to each other only when asked.
 */
export function authClient(fetch: typeof globalThis.fetch, auth: AuthOptions = {}) {
  return createClient('http://api.test', 'anon-key', {
    global: { fetch },
    auth: {
      detectSessionInUrl: false,
      storage: memory(),
      storageKey: `sb-test-${++clients}`,
      ...auth,
    },
  });
}

/** Records a client's auth events. */
export function events(client: ReturnType<typeof authClient>) {
  const seen: [AuthChangeEvent, Session | null][] = [];
  client.auth.onAuthStateChange((event, session) => void seen.push([event, session]));
  return { seen, names: () => seen.map(([e]) => e) };
}

/** Lets queued microtasks and resolved promises run. */
export const settle = () => new Promise<void>((r) => setImmediate(r));
