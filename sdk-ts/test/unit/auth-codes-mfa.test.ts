// Codes and second factors: the requests signInWithOtp, resend and the mfa calls send (GoTrue's
// paths and bodies, as auth-js sends them), the QR code turned into a data URL, the session
// raised by a verified factor, and the levels read from the session's token.

import { describe, expect, test } from 'vitest';
import { authClient, authServer, events, settle } from './auth-stub';
import { fakeJwt, json, stubFetch } from './stub';

describe('codes', () => {
  test('signInWithOtp posts to /otp with create_user and redirect_to, and answers no session', async () => {
    const { stub } = authServer();
    const client = authClient(stub.fetch);
    const { data, error } = await client.auth.signInWithOtp({
      email: 'a@example.com',
      options: { shouldCreateUser: false, emailRedirectTo: 'http://app.test/login' },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null });
    const [req] = stub.calls;
    expect(req.url.pathname).toBe('/auth/v1/otp');
    expect(req.url.searchParams.get('redirect_to')).toBe('http://app.test/login');
    expect(JSON.parse(String(req.body))).toEqual({
      email: 'a@example.com',
      create_user: false,
      data: {},
      gotrue_meta_security: {},
    });
  });

  test('verifyOtp with an e-mail and its code signs in; resend posts its type', async () => {
    const { stub } = authServer();
    const client = authClient(stub.fetch);
    const { names } = events(client);
    const { data } = await client.auth.verifyOtp({
      type: 'email',
      email: 'a@example.com',
      token: '123456',
    });
    expect(data.session).not.toBeNull();
    await settle();
    expect(names()).toEqual(['INITIAL_SESSION', 'SIGNED_IN']);
    await client.auth.resend({ type: 'signup', email: 'a@example.com' });
    const last = stub.calls.at(-1)!;
    expect(last.url.pathname).toBe('/auth/v1/resend');
    expect(JSON.parse(String(last.body))).toMatchObject({ type: 'signup', email: 'a@example.com' });
  });
});

describe('second factors', () => {
  function mfaServer() {
    const raised = {
      access_token: fakeJwt({
        sub: 'user-1',
        aal: 'aal2',
        amr: [{ method: 'totp', timestamp: 1 }],
      }),
      refresh_token: 'refresh-2',
      token_type: 'bearer',
      expires_in: 3600,
      user: {
        id: 'user-1',
        aud: 'authenticated',
        app_metadata: {},
        user_metadata: {},
        factors: [{ id: 'f1', factor_type: 'totp', status: 'verified' }],
      },
    };
    const first = {
      access_token: fakeJwt({
        sub: 'user-1',
        aal: 'aal1',
        amr: [{ method: 'password', timestamp: 1 }],
      }),
      refresh_token: 'refresh-1',
      token_type: 'bearer',
      expires_in: 3600,
      user: raised.user,
    };
    return stubFetch(async (req) => {
      const path = req.url.pathname.replace('/auth/v1', '');
      if (path === '/token') return json(first);
      if (path === '/factors')
        return json({
          id: 'f1',
          type: 'totp',
          friendly_name: '',
          totp: { qr_code: '<svg/>', secret: 'ABC', uri: 'otpauth://totp/x' },
        });
      if (path === '/factors/f1/challenge')
        return json({ id: 'c1', type: 'totp', expires_at: 2_000_000_000 });
      if (path === '/factors/f1/verify') return json(raised);
      if (path === '/factors/f1') return json({ id: 'f1' });
      return json({});
    });
  }

  test('enroll, challengeAndVerify and the levels before and after', async () => {
    const stub = mfaServer();
    const client = authClient(stub.fetch);
    await client.auth.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    const before = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(enrolled.data?.totp.qr_code).toBe('data:image/svg+xml;utf-8,<svg/>');
    const enrolReq = stub.calls.find((c) => c.url.pathname.endsWith('/factors'))!;
    expect(JSON.parse(String(enrolReq.body))).toMatchObject({ factor_type: 'totp' });
    expect(enrolReq.headers.get('authorization')).toMatch(/^Bearer ey/);
    const verified = await client.auth.mfa.challengeAndVerify({ factorId: 'f1', code: '123456' });
    expect(verified.error).toBeNull();
    const verifyReq = stub.calls.find((c) => c.url.pathname.endsWith('/verify'))!;
    expect(JSON.parse(String(verifyReq.body))).toEqual({ challenge_id: 'c1', code: '123456' });
    const after = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(after.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect((await client.auth.getSession()).data.session?.refresh_token).toBe('refresh-2');
    const removed = await client.auth.mfa.unenroll({ factorId: 'f1' });
    expect(removed.data).toEqual({ id: 'f1' });
  });

  test('without a session every mfa call is an error', async () => {
    const stub = mfaServer();
    const client = authClient(stub.fetch);
    expect((await client.auth.mfa.enroll({ factorType: 'totp' })).error).not.toBeNull();
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).error).not.toBeNull();
    expect(stub.calls).toEqual([]);
  });
});
