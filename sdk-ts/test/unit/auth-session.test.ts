// The session: sign-in and storage, events (asynchronous, in order), refresh 90 s before
// expiry with one refresh in flight, failures, sign-out, user updates, URL detection.

import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { AuthError, NetworkError } from '../../src';
import { USER, authClient, authServer, events, memory, settle, tokenAnswer } from './auth-stub';

const KEY = 'sb-api-auth-token';
/** The default key (the other tests' clients get one each from authClient). */
const defaultKey = { storageKey: undefined };
/** The one session a memory storage holds, or null. */
const stored = (storage: ReturnType<typeof memory>) => {
  const [text] = storage.map.values();
  return text ? JSON.parse(text) : null;
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('signing in', () => {
  test('stores the session under the supabase-js key and announces SIGNED_IN', async () => {
    const { stub } = authServer();
    const storage = memory();
    const client = authClient(stub.fetch, { storage, ...defaultKey });
    const { names } = events(client);
    const { data, error } = await client.auth.signInWithPassword({
      email: 'a@example.com',
      password: 'pw',
    });
    expect(error).toBeNull();
    expect(data.user).toEqual(USER);
    expect(JSON.parse(storage.map.get(KEY)!).refresh_token).toBe('refresh-1');
    await settle();
    expect(names()).toEqual(['INITIAL_SESSION', 'SIGNED_IN']);
  });

  test('sends the API version header, the key and a JSON body', async () => {
    const { stub } = authServer();
    const client = authClient(stub.fetch);
    await client.auth.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    const [req] = stub.calls;
    expect(req.url.href).toBe('http://api.test/auth/v1/token?grant_type=password');
    expect(req.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(req.headers.get('apikey')).toBe('anon-key');
    expect(req.headers.get('authorization')).toBe('Bearer anon-key');
    expect(JSON.parse(String(req.body))).toEqual({
      email: 'a@example.com',
      password: 'pw',
      gotrue_meta_security: {},
    });
  });

  test('REST and storage requests then carry the access token', async () => {
    const { stub } = authServer();
    const client = authClient(stub.fetch);
    const { data } = await client.auth.signInWithPassword({
      email: 'a@example.com',
      password: 'pw',
    });
    await client.from('notes').select();
    await client.storage.from('b').list();
    for (const req of stub.calls.slice(1)) {
      expect(req.headers.get('authorization')).toBe(`Bearer ${data.session!.access_token}`);
      expect(req.headers.get('apikey')).toBe('anon-key');
    }
  });

  test('a sign-up without a session (confirmation needed) returns the user only', async () => {
    const stub = authServer().stub;
    const { fetch } = {
      fetch: async (input: RequestInfo | URL, init?: RequestInit) =>
        String(input).includes('/signup')
          ? new Response(JSON.stringify(USER))
          : stub.fetch(input, init),
    };
    const client = authClient(fetch as typeof globalThis.fetch);
    const { data, error } = await client.auth.signUp({
      email: 'a@example.com',
      password: 'pw',
      options: { emailRedirectTo: 'http://app.test/cb' },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ user: USER, session: null });
    expect((await client.auth.getSession()).data.session).toBeNull();
  });

  test('wrong credentials are an AuthError with GoTrue code and status', async () => {
    const client = authClient(
      (async () =>
        new Response(
          JSON.stringify({ code: 'invalid_credentials', message: 'Invalid login credentials' }),
          { status: 400 },
        )) as typeof fetch,
    );
    const { data, error } = await client.auth.signInWithPassword({
      email: 'a@example.com',
      password: 'no',
    });
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
      status: 400,
    });
    expect(data).toEqual({ user: null, session: null });
  });

  test('the legacy error shape is read too', async () => {
    const client = authClient(
      (async () =>
        new Response(
          JSON.stringify({ code: 422, error_code: 'weak_password', msg: 'Password is too weak' }),
          { status: 422 },
        )) as typeof fetch,
    );
    const { error } = await client.auth.signUp({ email: 'a@example.com', password: 'x' });
    expect(error).toMatchObject({
      code: 'weak_password',
      message: 'Password is too weak',
      status: 422,
    });
  });
});

describe('listeners', () => {
  test('are called asynchronously: not during subscribe, and a stuck or failing one blocks nothing', async () => {
    const { stub } = authServer();
    const client = authClient(stub.fetch);
    const calls: string[] = [];
    client.auth.onAuthStateChange((event) => void calls.push(event));
    expect(calls).toEqual([]);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    client.auth.onAuthStateChange(() => new Promise<void>(() => undefined));
    client.auth.onAuthStateChange(() => {
      throw new Error('listener bug');
    });
    const { error } = await client.auth.signInWithPassword({
      email: 'a@example.com',
      password: 'pw',
    });
    expect(error).toBeNull();
    await settle();
    expect(calls).toEqual(['INITIAL_SESSION', 'SIGNED_IN']);
    expect(errors).toHaveBeenCalledWith('auth listener failed:', expect.any(Error));
    errors.mockRestore();
  });

  test('may call the client back without deadlocking', async () => {
    const { stub } = authServer();
    const client = authClient(stub.fetch);
    const inner: unknown[] = [];
    client.auth.onAuthStateChange(async (event) => {
      if (event !== 'SIGNED_IN') return;
      inner.push((await client.auth.getSession()).data.session?.refresh_token);
      inner.push((await client.auth.refreshSession()).data.session?.refresh_token);
    });
    await client.auth.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    await vi.waitFor(() => expect(inner).toEqual(['refresh-1', 'refresh-2']));
  });

  test('INITIAL_SESSION carries the stored session; unsubscribe stops events', async () => {
    const { stub } = authServer();
    const storage = memory();
    storage.setItem('sb-stored-7', JSON.stringify(tokenAnswer(7)));
    const client = authClient(stub.fetch, { storage, storageKey: 'sb-stored-7' });
    const { seen } = events(client);
    await settle();
    expect(seen[0][0]).toBe('INITIAL_SESSION');
    expect(seen[0][1]?.refresh_token).toBe('refresh-7');
    const { data } = client.auth.onAuthStateChange(() => {
      throw new Error('unsubscribed listener called');
    });
    data.subscription.unsubscribe();
    await client.auth.signOut();
    await settle();
  });
});

describe('refreshing', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
  });

  test('happens 90 s before expiry, once, and is announced as TOKEN_REFRESHED', async () => {
    const { stub, refreshes } = authServer();
    const client = authClient(stub.fetch);
    const { names } = events(client);
    await client.auth.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    await vi.advanceTimersByTimeAsync((3600 - 90) * 1000 - 1000);
    expect(refreshes()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(refreshes()).toHaveLength(1);
    expect(JSON.parse(String(refreshes()[0].body))).toEqual({ refresh_token: 'refresh-1' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refreshes()).toHaveLength(1);
    expect(names()).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'TOKEN_REFRESHED']);
    expect((await client.auth.getSession()).data.session?.refresh_token).toBe('refresh-2');
  });

  test('keeps going: the next one 90 s before the new expiry', async () => {
    const { stub, refreshes } = authServer();
    const client = authClient(stub.fetch);
    await client.auth.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    await vi.advanceTimersByTimeAsync(3510_000);
    await vi.advanceTimersByTimeAsync(3510_000);
    expect(refreshes().map((r) => JSON.parse(String(r.body)).refresh_token)).toEqual([
      'refresh-1',
      'refresh-2',
    ]);
  });

  test('only one refresh is in flight whoever asks', async () => {
    const { state, stub, refreshes } = authServer();
    const client = authClient(stub.fetch, { autoRefreshToken: false });
    state.expiresIn = 60; // inside the 90 s margin: every getSession wants a refresh
    await client.auth.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    state.expiresIn = 3600;
    let open!: () => void;
    state.gate = new Promise((r) => (open = r));
    const asks = [
      client.auth.getSession(),
      client.auth.getSession(),
      client.auth.refreshSession(),
      client.auth.getSession(),
    ];
    await vi.advanceTimersByTimeAsync(10);
    expect(refreshes()).toHaveLength(1);
    open();
    const answers = await Promise.all(asks);
    expect(refreshes()).toHaveLength(1);
    for (const a of answers) expect(a.data.session?.refresh_token).toBe('refresh-2');
  });

  test('refreshSession with another refresh token exchanges that one, not the stored session', async () => {
    const { stub, refreshes } = authServer();
    const client = authClient(stub.fetch, { autoRefreshToken: false });
    await client.auth.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    const { data } = await client.auth.refreshSession({ refresh_token: 'refresh-from-elsewhere' });
    expect(refreshes().map((r) => JSON.parse(String(r.body)).refresh_token)).toEqual([
      'refresh-from-elsewhere',
    ]);
    expect(data.session?.refresh_token).toBe('refresh-2');
  });

  test('a stored session about to expire is refreshed when the client starts', async () => {
    const { stub, refreshes } = authServer();
    const storage = memory();
    storage.setItem('sb-stored-5', JSON.stringify(tokenAnswer(5, 30)));
    const client = authClient(stub.fetch, { storage, storageKey: 'sb-stored-5' });
    const { names } = events(client);
    await client.auth.initialize();
    expect(refreshes()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(names()).toEqual(['TOKEN_REFRESHED', 'INITIAL_SESSION']);
  });

  test('a refused refresh token signs out', async () => {
    const { state, stub } = authServer();
    const storage = memory();
    const client = authClient(stub.fetch, { storage });
    const { names } = events(client);
    await client.auth.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    state.refreshAnswer = 400;
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeInstanceOf(AuthError);
    expect(error?.code).toBe('refresh_token_not_found');
    expect(data.session).toBeNull();
    expect(stored(storage)).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(names()).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'SIGNED_OUT']);
  });

  test('a network failure keeps the session and tries again 10 s later', async () => {
    const { state, stub, refreshes } = authServer();
    const client = authClient(stub.fetch);
    await client.auth.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    state.refreshAnswer = 0;
    await vi.advanceTimersByTimeAsync(3510_000);
    expect(refreshes()).toHaveLength(1);
    const { data, error } = await client.auth.getSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).toBe('refresh-1');
    state.refreshAnswer = 'ok';
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refreshes().length).toBeGreaterThanOrEqual(2);
    expect((await client.auth.getSession()).data.session?.refresh_token).toBe('refresh-2');
  });

  test('a 5xx is retryable too and surfaces as the error once the token has expired', async () => {
    const { state, stub } = authServer();
    const client = authClient(stub.fetch, { autoRefreshToken: false });
    await client.auth.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    state.refreshAnswer = 503;
    await vi.advanceTimersByTimeAsync(3601_000);
    const { data, error } = await client.auth.getSession();
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 503 });
    state.refreshAnswer = 0;
    expect((await client.auth.getSession()).error).toBeInstanceOf(NetworkError);
  });
});

describe('signing out and updating', () => {
  test('signOut posts to /logout with the user token and clears the session', async () => {
    const { stub } = authServer();
    const storage = memory();
    const client = authClient(stub.fetch, { storage });
    const { data } = await client.auth.signInWithPassword({
      email: 'a@example.com',
      password: 'pw',
    });
    expect(await client.auth.signOut({ scope: 'local' })).toEqual({ error: null });
    const logout = stub.calls.at(-1)!;
    expect(logout.url.search).toBe('?scope=local');
    expect(logout.headers.get('authorization')).toBe(`Bearer ${data.session!.access_token}`);
    expect(stored(storage)).toBeNull();
  });

  test('an already ended session (403) signs out all the same; a 500 does not', async () => {
    for (const [status, signedOut] of [
      [403, true],
      [404, true],
      [500, false],
    ] as const) {
      const { stub } = authServer();
      const fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
        String(input).includes('/logout')
          ? new Response('{}', { status })
          : stub.fetch(input, init)) as typeof globalThis.fetch;
      const client = authClient(fetch);
      await client.auth.signInWithPassword({ email: 'a@example.com', password: 'pw' });
      const { error } = await client.auth.signOut();
      expect(error === null).toBe(signedOut);
      expect((await client.auth.getSession()).data.session === null).toBe(signedOut);
    }
  });

  test('offline (the server unreached) this device signs out all the same', async () => {
    const { stub } = authServer();
    const storage = memory();
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/logout')) throw new TypeError('Failed to fetch');
      return stub.fetch(input, init);
    }) as typeof globalThis.fetch;
    const client = authClient(fetch, { storage });
    const { names } = events(client);
    await client.auth.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    const { error } = await client.auth.signOut();
    expect(error).toBeInstanceOf(NetworkError);
    expect((await client.auth.getSession()).data.session).toBeNull();
    expect(stored(storage)).toBeNull();
    await settle();
    expect(names()).toContain('SIGNED_OUT');
  });

  test('a refresh answered after the sign-out began does not bring the session back', async () => {
    const { state, stub, refreshes } = authServer();
    const storage = memory();
    const client = authClient(stub.fetch, { storage, autoRefreshToken: false });
    const { names } = events(client);
    await client.auth.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    let open!: () => void;
    state.gate = new Promise((r) => (open = r));
    const refreshing = client.auth.refreshSession();
    await settle();
    expect(refreshes()).toHaveLength(1);
    expect(await client.auth.signOut({ scope: 'local' })).toEqual({ error: null });
    open();
    const { error } = await refreshing;
    expect(error?.message).toBe('Auth session missing!');
    expect((await client.auth.getSession()).data.session).toBeNull();
    expect(stored(storage)).toBeNull();
    await settle();
    expect(names()).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'SIGNED_OUT']);
  });

  test("scope 'others' keeps this session", async () => {
    const { stub } = authServer();
    const client = authClient(stub.fetch);
    await client.auth.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    await client.auth.signOut({ scope: 'others' });
    expect((await client.auth.getSession()).data.session).not.toBeNull();
  });

  test('updateUser stores the new user and announces USER_UPDATED', async () => {
    const { stub } = authServer();
    const storage = memory();
    const client = authClient(stub.fetch, { storage });
    const { names } = events(client);
    await client.auth.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    const { data, error } = await client.auth.updateUser({ data: { city: 'Mumbai' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ city: 'Mumbai' });
    expect(stored(storage).user.user_metadata).toEqual({ city: 'Mumbai' });
    await settle();
    expect(names()).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'USER_UPDATED']);
  });

  test('without a session, getUser and updateUser say the session is missing', async () => {
    const client = authClient(authServer().stub.fetch);
    expect((await client.auth.getUser()).error).toMatchObject({
      message: 'Auth session missing!',
      status: 400,
    });
    expect((await client.auth.updateUser({ data: {} })).error).toBeInstanceOf(AuthError);
  });

  test('getUser answering session_not_found drops the session', async () => {
    const { stub } = authServer();
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/user')
        ? new Response(
            JSON.stringify({ code: 'session_not_found', message: 'Session not found' }),
            { status: 403 },
          )
        : stub.fetch(input, init)) as typeof globalThis.fetch;
    const client = authClient(fetch);
    await client.auth.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    const { error } = await client.auth.getUser();
    expect(error?.code).toBe('session_not_found');
    expect((await client.auth.getSession()).data.session).toBeNull();
  });

  test('reauthenticate asks for a code with the session, which updateUser then sends as nonce', async () => {
    const { stub } = authServer();
    const client = authClient(stub.fetch);
    expect((await client.auth.reauthenticate()).error).toBeInstanceOf(AuthError);
    await client.auth.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    expect(await client.auth.reauthenticate()).toEqual({ data: {}, error: null });
    const asked = stub.calls.at(-1)!;
    expect(asked.method).toBe('GET');
    expect(asked.url.pathname).toBe('/auth/v1/reauthenticate');
    expect(asked.headers.get('authorization')).toMatch(/^Bearer /);
    await client.auth.updateUser({ password: 'a new passphrase', nonce: '123456' });
    expect(JSON.parse(String(stub.calls.at(-1)!.body))).toEqual({
      password: 'a new passphrase',
      nonce: '123456',
    });
  });

  test('resetPasswordForEmail posts the address and the redirect', async () => {
    const { stub } = authServer();
    const client = authClient(stub.fetch);
    expect(
      await client.auth.resetPasswordForEmail('a@example.com', {
        redirectTo: 'http://app.test/reset',
      }),
    ).toEqual({ data: {}, error: null });
    const req = stub.calls.at(-1)!;
    expect(req.url.searchParams.get('redirect_to')).toBe('http://app.test/reset');
    expect(JSON.parse(String(req.body)).email).toBe('a@example.com');
  });
});

describe('the session in the URL after an e-mailed link', () => {
  function stubLocation(hash: string) {
    const replaceState = vi.fn();
    vi.stubGlobal('location', { hash, pathname: '/reset', search: '?x=1' });
    vi.stubGlobal('history', { state: null, replaceState });
    return replaceState;
  }

  test('a recovery link signs in with PASSWORD_RECOVERY and clears the fragment', async () => {
    // expires_at in 2100: far beyond what one timer can wait (2^31 ms), no refresh is due.
    const { stub } = authServer();
    const replaceState = stubLocation(
      '#access_token=tok&expires_at=4102444800&expires_in=3600&refresh_token=r1&token_type=bearer&type=recovery&sb=',
    );
    const client = authClient(stub.fetch, { detectSessionInUrl: true });
    const { names } = events(client);
    expect(await client.auth.initialize()).toEqual({ error: null });
    await settle();
    expect(names()).toEqual(['PASSWORD_RECOVERY', 'INITIAL_SESSION']);
    const session = (await client.auth.getSession()).data.session!;
    expect(session).toMatchObject({
      access_token: 'tok',
      refresh_token: 'r1',
      expires_at: 4102444800,
      user: USER,
    });
    expect(stub.calls[0].headers.get('authorization')).toBe('Bearer tok');
    expect(replaceState).toHaveBeenCalledWith(null, '', '/reset?x=1');
  });

  test('an error in the fragment is returned by initialize', async () => {
    stubLocation(
      '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    const client = authClient(authServer().stub.fetch, { detectSessionInUrl: true });
    const { error } = await client.auth.initialize();
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({
      code: 'otp_expired',
      message: 'Email link is invalid or has expired',
    });
  });

  test('verifyOtp of a recovery token announces PASSWORD_RECOVERY', async () => {
    const { stub } = authServer();
    const client = authClient(stub.fetch);
    const { names } = events(client);
    const { data } = await client.auth.verifyOtp({ type: 'recovery', token_hash: 'h' });
    expect(data.session).not.toBeNull();
    await settle();
    expect(names()).toEqual(['INITIAL_SESSION', 'PASSWORD_RECOVERY']);
  });
});
