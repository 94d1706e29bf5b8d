// Accounts against the real auth service: the same flows on this SDK and on supabase-js, the
// admin API, and the recovery link's session picked up from the URL after /verify.

/* eslint-disable @typescript-eslint/no-explicit-any -- one scenario runs on two clients' types */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AuthError, createClient } from '../../src';
import { failure, parity, platform, sql } from './helpers';

const newEmail = () => `user-${randomUUID()}@example.com`;
const password = 'correct horse battery';
const settle = () => new Promise((r) => setTimeout(r, 50));

/** An auth error as both clients report it. */
const authFailure = (error: any) => error && { ...failure(error), code: error.code };

afterEach(() => vi.unstubAllGlobals());

describe('sessions', () => {
  parity(
    'sign up, sign in, refresh, read and update the user, sign out',
    async (c) => {
      const email = newEmail();
      const events: string[] = [];
      c.auth.onAuthStateChange((event: string) => void events.push(event));
      await settle();
      const up = await c.auth.signUp({ email, password, options: { data: { city: 'Mumbai' } } });
      const userId = up.data.user?.id;
      const signedIn = await c.auth.signInWithPassword({ email, password });
      const asUser = await c.rpc('whoami');
      const refreshed = await c.auth.refreshSession();
      const user = await c.auth.getUser();
      const updated = await c.auth.updateUser({ data: { city: null, language: 'kn' } });
      const stored = await c.auth.getSession();
      const out = await c.auth.signOut();
      const afterOut = await c.rpc('whoami');
      const session = await c.auth.getSession();
      await settle();
      return {
        signUp: {
          error: up.error,
          session: !!up.data.session,
          email: up.data.user?.email === email,
        },
        signIn: {
          error: signedIn.error,
          newSession: signedIn.data.session?.access_token !== up.data.session?.access_token,
          expiresIn: signedIn.data.session?.expires_in,
          sameUser: signedIn.data.user?.id === userId,
        },
        restAsUser: { role: asUser.data?.role, isUser: asUser.data?.sub === userId },
        refresh: {
          error: refreshed.error,
          rotated: refreshed.data.session?.refresh_token !== signedIn.data.session?.refresh_token,
        },
        getUser: { error: user.error, sameUser: user.data.user?.id === userId },
        update: {
          error: updated.error,
          city: updated.data.user?.user_metadata.city,
          language: updated.data.user?.user_metadata.language,
        },
        storedUserUpdated: stored.data.session?.user.user_metadata.language,
        signOut: out.error,
        restAfter: afterOut.data,
        session: session.data.session,
        events,
      };
    },
    (o) =>
      expect(o).toEqual({
        signUp: { error: null, session: true, email: true },
        signIn: { error: null, newSession: true, expiresIn: 3600, sameUser: true },
        restAsUser: { role: 'authenticated', isUser: true },
        refresh: { error: null, rotated: true },
        getUser: { error: null, sameUser: true },
        update: { error: null, city: undefined, language: 'kn' },
        storedUserUpdated: 'kn',
        signOut: null,
        restAfter: { role: 'anon', sub: null, method: 'POST' },
        session: null,
        events: [
          'INITIAL_SESSION',
          'SIGNED_IN',
          'SIGNED_IN',
          'TOKEN_REFRESHED',
          'USER_UPDATED',
          'SIGNED_OUT',
        ],
      }),
  );

  parity(
    'wrong passwords, taken addresses, weak passwords and unknown refresh tokens',
    async (c) => {
      const email = newEmail();
      await c.auth.signUp({ email, password });
      return {
        wrong: authFailure(
          (await c.auth.signInWithPassword({ email, password: 'wrong password' })).error,
        ),
        taken: authFailure((await c.auth.signUp({ email, password })).error),
        weak: authFailure((await c.auth.signUp({ email: newEmail(), password: 'short' })).error),
        refresh: authFailure(
          (await c.auth.refreshSession({ refresh_token: 'unknown-token' })).error,
        ),
      };
    },
    (o) =>
      expect(o).toEqual({
        wrong: { message: 'Invalid login credentials', status: 400, code: 'invalid_credentials' },
        taken: { message: 'User already registered', status: 422, code: 'user_already_exists' },
        weak: expect.objectContaining({ status: 422, code: 'weak_password' }),
        refresh: expect.objectContaining({ status: 400, code: 'refresh_token_not_found' }),
      }),
  );

  parity(
    'without a session: getUser says it is missing, a recovery mail is { }',
    async (c) => ({
      user: failure((await c.auth.getUser()).error),
      recover: await c.auth.resetPasswordForEmail(newEmail(), {
        redirectTo: 'http://app.example.test/auth/callback',
      }),
    }),
    (o) =>
      expect(o).toEqual({
        user: { message: 'Auth session missing!', status: 400 },
        recover: { data: {}, error: null },
      }),
  );
});

describe('admin', () => {
  parity(
    'create, read, update, list and delete users',
    async (c) => {
      const email = newEmail();
      const created = await c.auth.admin.createUser({
        email,
        password,
        email_confirm: true,
        user_metadata: { role: 'member' },
      });
      const id = created.data.user?.id;
      const read = await c.auth.admin.getUserById(id);
      const updated = await c.auth.admin.updateUserById(id, { user_metadata: { city: 'Pune' } });
      const list = await c.auth.admin.listUsers({ page: 1, perPage: 1000 });
      const removed = await c.auth.admin.deleteUser(id);
      const gone = await c.auth.admin.getUserById(id);
      return {
        created: {
          error: created.error,
          email: created.data.user?.email === email,
          confirmed: !!created.data.user?.email_confirmed_at,
        },
        read: read.data.user?.id === id,
        metadata: updated.data.user?.user_metadata,
        listed:
          list.data.users.some((u: any) => u.id === id) &&
          list.data.total >= list.data.users.length,
        removed: removed.error,
        gone: authFailure(gone.error),
      };
    },
    (o) =>
      expect(o).toEqual({
        created: { error: null, email: true, confirmed: true },
        read: true,
        metadata: { role: 'member', city: 'Pune' },
        listed: true,
        removed: null,
        gone: expect.objectContaining({ status: 404, code: 'user_not_found' }),
      }),
    { service: true },
  );

  parity(
    'the anon key is not an admin',
    async (c) => authFailure((await c.auth.admin.listUsers()).error),
    (o) => expect(o).toMatchObject({ status: 403, code: 'not_admin' }),
  );
});

describe('the session in the URL after a recovery link', () => {
  test('signs in with PASSWORD_RECOVERY; the new password then works', async () => {
    const email = newEmail();
    const sdk = () =>
      createClient(platform.url, platform.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      });
    await sdk().auth.signUp({ email, password });
    const redirectTo = 'http://app.example.test/auth/callback';
    expect((await sdk().auth.resetPasswordForEmail(email, { redirectTo })).error).toBeNull();
    const body = sql(
      `select body_text from auth.mail_outbox where recipient = '${email}' and kind = 'recovery'`,
    );
    const link = body
      .match(/http:\/\/127\.0\.0\.1:\d+\/auth\/v1\/verify\?[^\s"'<>]+/)?.[0]
      .replaceAll('&amp;', '&');
    expect(link).toBeTruthy();
    const redirect = await fetch(link!, { redirect: 'manual' });
    expect(redirect.status).toBe(303);
    const target = new URL(redirect.headers.get('location')!);
    expect(`${target.origin}${target.pathname}`).toBe(redirectTo);

    const replaceState = vi.fn();
    vi.stubGlobal('location', {
      hash: target.hash,
      pathname: target.pathname,
      search: target.search,
    });
    vi.stubGlobal('history', { state: null, replaceState });
    const client = createClient(platform.url, platform.anonKey, {
      auth: { persistSession: false, detectSessionInUrl: true },
    });
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => void events.push(event));
    expect(await client.auth.initialize()).toEqual({ error: null });
    await settle();
    expect(events).toEqual(['PASSWORD_RECOVERY', 'INITIAL_SESSION']);
    expect(replaceState).toHaveBeenCalledWith(null, '', '/auth/callback');
    expect((await client.auth.getSession()).data.session?.user.email).toBe(email);
    expect((await client.auth.updateUser({ password: 'a brand new password' })).error).toBeNull();

    const again = await sdk().auth.signInWithPassword({ email, password: 'a brand new password' });
    expect(again.error).toBeNull();
    const old = await sdk().auth.signInWithPassword({ email, password });
    expect(old.error).toBeInstanceOf(AuthError);
  });

  test('an expired link returns its error from initialize', async () => {
    vi.stubGlobal('location', {
      hash: '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      pathname: '/',
      search: '',
    });
    vi.stubGlobal('history', { state: null, replaceState: vi.fn() });
    const client = createClient(platform.url, platform.anonKey, {
      auth: { persistSession: false, detectSessionInUrl: true },
    });
    const { error } = await client.auth.initialize();
    expect(error).toMatchObject({
      code: 'otp_expired',
      message: 'Email link is invalid or has expired',
    });
  });
});
