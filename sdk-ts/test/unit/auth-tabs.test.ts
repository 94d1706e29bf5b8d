// Tabs of one browser share the session: BroadcastChannel (or the storage event) carries
// sign-ins, refreshes and sign-outs; a cross-tab lock lets only one tab refresh.

import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Lock } from '../../src';
import { authClient, authServer, events, memory, settle } from './auth-stub';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

let tabs = 0;

/** Two tabs: one storage, one key, one server. */
function twoTabs(
  options: { lock?: Lock; autoRefreshToken?: boolean; storage?: ReturnType<typeof memory> } = {},
) {
  const server = authServer();
  const storage = options.storage ?? memory();
  const storageKey = `sb-tabs-${++tabs}`;
  const a = authClient(server.stub.fetch, { storage, storageKey, ...options });
  const b = authClient(server.stub.fetch, { storage, storageKey, ...options });
  return { ...server, storage, a, b };
}

/** A lock shared by the tabs: one holder at a time, the others queue. */
function sharedLock(): Lock {
  let tail: Promise<unknown> = Promise.resolve();
  return (_name, fn) => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
}

describe('over BroadcastChannel', () => {
  test('a sign-in in one tab signs the other in', async () => {
    const { a, b, stub } = twoTabs();
    const seen = events(b);
    await a.auth.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    await vi.waitFor(() => expect(seen.names()).toContain('SIGNED_IN'));
    const requests = stub.calls.length;
    expect((await b.auth.getSession()).data.session?.refresh_token).toBe('refresh-1');
    expect(stub.calls).toHaveLength(requests);
  });

  test('refreshes and sign-outs follow, with their events', async () => {
    const { a, b } = twoTabs();
    const seen = events(b);
    await a.auth.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    await a.auth.refreshSession();
    await a.auth.updateUser({ data: { x: 1 } });
    await a.auth.signOut();
    await vi.waitFor(() =>
      expect(seen.names()).toEqual([
        'INITIAL_SESSION',
        'SIGNED_IN',
        'TOKEN_REFRESHED',
        'USER_UPDATED',
        'SIGNED_OUT',
      ]),
    );
    expect((await b.auth.getSession()).data.session).toBeNull();
  });

  test('with a cross-tab lock, tabs due at once refresh once', async () => {
    const { a, b, state, refreshes } = twoTabs({ lock: sharedLock(), autoRefreshToken: false });
    state.expiresIn = 60; // inside the 90 s margin
    await a.auth.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    await vi.waitFor(async () => expect((await b.auth.getSession()).data.session).not.toBeNull());
    state.expiresIn = 3600;
    const refreshesBefore = refreshes().length;
    const [fromA, fromB] = await Promise.all([a.auth.getSession(), b.auth.getSession()]);
    expect(refreshes().length - refreshesBefore).toBe(1);
    expect(fromA.data.session?.access_token).toBe(fromB.data.session?.access_token);
    expect(fromB.error).toBeNull();
  });
});

describe('over the storage event (no BroadcastChannel)', () => {
  /** A browser without BroadcastChannel whose localStorage is `storage` (when given). */
  function browser(storage?: ReturnType<typeof memory>) {
    const window = new EventTarget();
    const document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    vi.stubGlobal('window', window);
    vi.stubGlobal('document', document);
    vi.stubGlobal('BroadcastChannel', undefined);
    if (storage) vi.stubGlobal('localStorage', storage);
    return { window, document };
  }
  const storageEvent = (key: string, newValue: string | null) =>
    Object.assign(new Event('storage'), { key, newValue });

  test('another tab writing the key signs in, refreshes and signs out here', async () => {
    const shared = memory();
    const { window } = browser(shared);
    const { a, b, storage } = twoTabs({ storage: shared });
    const seen = events(b);
    await b.auth.initialize();
    await a.auth.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    const [key, value] = [...storage.map.entries()][0];
    window.dispatchEvent(storageEvent(key, value));
    window.dispatchEvent(storageEvent(key, value)); // the same session again: no event
    await a.auth.refreshSession();
    window.dispatchEvent(storageEvent(key, storage.map.get(key)!));
    window.dispatchEvent(storageEvent('some-other-key', null));
    window.dispatchEvent(storageEvent(key, null));
    await settle();
    expect(seen.names()).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'TOKEN_REFRESHED', 'SIGNED_OUT']);
  });

  test('a client keeping its session in memory ignores localStorage writes', async () => {
    const shared = memory();
    const { window } = browser(shared);
    const server = authServer();
    const a = authClient(server.stub.fetch, { storage: shared, storageKey: 'sb-mem-1' });
    const b = authClient(server.stub.fetch, { persistSession: false, storageKey: 'sb-mem-1' });
    const seen = events(b);
    await b.auth.initialize();
    await a.auth.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    window.dispatchEvent(storageEvent('sb-mem-1', shared.map.get('sb-mem-1')!));
    await settle();
    expect(seen.names()).toEqual(['INITIAL_SESSION']);
    expect((await b.auth.getSession()).data.session).toBeNull();
  });

  test('a tab coming back into view refreshes an overdue session at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const { document } = browser();
    const { a, refreshes } = twoTabs();
    await a.auth.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    // The machine slept: time moved past the refresh point without the timer firing.
    vi.setSystemTime(new Date('2030-01-01T00:59:00Z'));
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshes()).toHaveLength(1);
  });
});
