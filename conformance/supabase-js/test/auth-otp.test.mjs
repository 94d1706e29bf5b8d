// Codes and links by e-mail through supabase-js (signInWithOtp, verifyOtp, resend, PKCE): the
// code and the link of one mail redeem the same sign-in, once; wrong, reused and brute-forced
// codes get GoTrue's 403 otp_expired; a second request within MAILER_SEND_INTERVAL gets 429
// over_email_send_rate_limit, for addresses with and without an account alike.

import test from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import {
  T, BASE_URL, ANON_KEY, REDIRECT_URL, authClient, newUser, newEmail, authFails, outbox, mailedCode, verifyLink,
  decodeJwt, memoryStorage, sql, lit,
} from './helpers.mjs';

const fragment = (location) => new URLSearchParams(new URL(location).hash.slice(1));

test('otp: signInWithOtp mails a code that verifyOtp turns into a session, once', T, async () => {
  const { email, user } = await newUser({ tag: 'otp' });
  const client = authClient();
  const sent = await client.auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
  assert.equal(sent.error, null, JSON.stringify(sent.error));
  assert.deepEqual(sent.data, { user: null, session: null });
  const mails = outbox(email, 'magiclink');
  assert.equal(mails.length, 1);
  const code = mailedCode(email, 'magiclink');
  assert.match(code, /^\d{6}$/);
  const verified = await client.auth.verifyOtp({ email, token: code, type: 'email' });
  assert.equal(verified.error, null, JSON.stringify(verified.error));
  assert.equal(verified.data.user.id, user.id);
  const { payload } = decodeJwt(verified.data.session.access_token);
  assert.equal(payload.sub, user.id);
  assert.equal(payload.amr[0].method, 'magiclink');
  // The code is spent: a second use is refused as GoTrue refuses it.
  const again = await authClient().auth.verifyOtp({ email, token: code, type: 'email' });
  authFails(again, 'otp_expired', 403);
  assert.equal(again.error.message, 'Token has expired or is invalid');
});

test('otp: a new address is signed up by its first code (create_user defaults to true)', T, async () => {
  const email = newEmail('otp-new');
  const client = authClient();
  const sent = await client.auth.signInWithOtp({ email, options: { data: { nick: 'new' } } });
  assert.equal(sent.error, null, JSON.stringify(sent.error));
  const verified = await client.auth.verifyOtp({ email, token: mailedCode(email), type: 'email' });
  assert.equal(verified.error, null, JSON.stringify(verified.error));
  assert.equal(verified.data.user.email, email);
  assert.equal(verified.data.user.user_metadata.nick, 'new');
  assert.ok(verified.data.user.email_confirmed_at);
});

test('otp: shouldCreateUser false for an unknown address answers like a known one and mails nothing', T, async () => {
  const email = newEmail('otp-unknown');
  const res = await authClient().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
  assert.equal(res.error, null, JSON.stringify(res.error));
  assert.deepEqual(outbox(email), []);
  assert.equal(sql(`select count(*) from auth.users where email = ${lit(email)}`), '0');
});

test('otp: wrong codes get 403 otp_expired, and OTP_MAX_ATTEMPTS wrong ones spend the right code', T, async () => {
  const { email } = await newUser({ tag: 'otp-brute' });
  await authClient().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
  const code = mailedCode(email, 'magiclink');
  const wrong = code === '000000' ? '111111' : '000000';
  for (let i = 0; i < 5; i++) {
    authFails(await authClient().auth.verifyOtp({ email, token: wrong, type: 'email' }), 'otp_expired', 403);
  }
  authFails(await authClient().auth.verifyOtp({ email, token: code, type: 'email' }), 'otp_expired', 403);
});

test('otp: a second request within the interval gets 429 over_email_send_rate_limit, account or not', T, async () => {
  const { email } = await newUser({ tag: 'otp-rate' });
  const unknown = newEmail('otp-rate-unknown');
  for (const address of [email, unknown]) {
    const first = await authClient().auth.signInWithOtp({ email: address, options: { shouldCreateUser: false } });
    assert.equal(first.error, null, JSON.stringify(first.error));
    const second = await authClient().auth.signInWithOtp({ email: address, options: { shouldCreateUser: false } });
    const error = authFails(second, 'over_email_send_rate_limit', 429);
    assert.match(error.message, /^For security purposes, you can only request this after \d+ seconds\.$/);
  }
});

test('otp: the mailed link (GET /verify, no headers) lands signed in, and works once', T, async () => {
  const { email, user } = await newUser({ tag: 'otp-link' });
  await authClient().auth.signInWithOtp({ email, options: { emailRedirectTo: REDIRECT_URL, shouldCreateUser: false } });
  const link = verifyLink(outbox(email, 'magiclink')[0].body);
  assert.equal(link.type, 'magiclink');
  const res = await fetch(link.url, { redirect: 'manual' });
  assert.equal(res.status, 303);
  const location = res.headers.get('location');
  assert.ok(location.startsWith(REDIRECT_URL), location);
  const hash = fragment(location);
  assert.equal(hash.get('type'), 'magiclink');
  const { data, error } = await authClient().auth.getUser(hash.get('access_token'));
  assert.equal(error, null);
  assert.equal(data.user.id, user.id);
  const second = await fetch(link.url, { redirect: 'manual' });
  assert.equal(fragment(second.headers.get('location')).get('error_code'), 'otp_expired');
});

test('otp: verifyOtp with the link token_hash signs in too; a bad type or missing token is 400', T, async () => {
  const { email, user } = await newUser({ tag: 'otp-hash' });
  await authClient().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
  const { token } = verifyLink(outbox(email, 'magiclink')[0].body);
  const verified = await authClient().auth.verifyOtp({ token_hash: token, type: 'magiclink' });
  assert.equal(verified.error, null, JSON.stringify(verified.error));
  assert.equal(verified.data.user.id, user.id);
  authFails(await authClient().auth.verifyOtp({ token_hash: 'nope', type: 'magiclink' }), 'otp_expired', 403);
});

test('otp: resend answers {} and mails nothing for a confirmed account or an unknown address', T, async () => {
  const { email } = await newUser({ tag: 'resend' });
  for (const address of [email, newEmail('resend-unknown')]) {
    const res = await authClient().auth.resend({ type: 'signup', email: address });
    assert.equal(res.error, null, JSON.stringify(res.error));
    assert.deepEqual(outbox(address, 'confirmation'), []);
  }
});

test('otp: with flowType pkce the mailed link lands with ?code= that exchangeCodeForSession redeems once', T, async () => {
  const { email, user } = await newUser({ tag: 'pkce' });
  const storage = memoryStorage();
  const client = createClient(BASE_URL, ANON_KEY, {
    auth: { flowType: 'pkce', persistSession: true, storage, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws },
  });
  const sent = await client.auth.signInWithOtp({ email, options: { emailRedirectTo: REDIRECT_URL, shouldCreateUser: false } });
  assert.equal(sent.error, null, JSON.stringify(sent.error));
  const link = verifyLink(outbox(email, 'magiclink')[0].body);
  const res = await fetch(link.url, { redirect: 'manual' });
  assert.equal(res.status, 303);
  const code = new URL(res.headers.get('location')).searchParams.get('code');
  assert.ok(code, res.headers.get('location'));
  const exchanged = await client.auth.exchangeCodeForSession(code);
  assert.equal(exchanged.error, null, JSON.stringify(exchanged.error));
  assert.equal(exchanged.data.user.id, user.id);
  // The code is spent; an unknown one is 404 flow_state_not_found.
  storage.setItem(Object.keys(Object.fromEntries(storage.map)).find((k) => k.endsWith('-auth-token')) + '-code-verifier', JSON.stringify('x'.repeat(43)));
  const again = await client.auth.exchangeCodeForSession(code);
  authFails(again, 'flow_state_not_found', 404);
});
