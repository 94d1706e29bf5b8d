// Password recovery through supabase-js and the mailed link (wire-api.md §4.2 "Password-reset
// flow" and "E-mail links"). With no SMTP_HOST the server keeps every mail in auth.mail_outbox;
// the cases read it as the superuser. run.mjs sets SITE_URL to the server's own address and
// allows REDIRECT_URL through ADDITIONAL_REDIRECT_URLS.

import test from 'node:test';
import assert from 'node:assert/strict';
import { isAuthApiError } from '@supabase/supabase-js';
import {
  T, SITE_URL, REDIRECT_URL, service, authClient, newUser, signIn, newEmail, newPassword, decodeJwt, verifiesWithServerKeys,
  authFetch, authFails, outbox, onlyMail, recordEvents, sleep, TIMESTAMP,
} from './helpers.mjs';

/** A new user who asked for a password reset; returns the user and the mailed link. */
async function userWithRecoveryMail(tag, options = { redirectTo: REDIRECT_URL }) {
  const u = await newUser({ tag });
  const res = await authClient().auth.resetPasswordForEmail(u.email, options);
  assert.equal(res.error, null, JSON.stringify(res.error));
  const mail = onlyMail(u.email, 'recovery');
  return { ...u, mail };
}

/** Follows a verify link without any header (as a mail client does); returns status, location. */
async function follow(url) {
  const res = await fetch(url, { redirect: 'manual' });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get('location') };
}

const fragment = (location) => new URLSearchParams(new URL(location).hash.slice(1));

test('recovery: resetPasswordForEmail answers {} for known and unknown addresses; only the known one is mailed', T, async () => {
  const { email, user } = await newUser({ tag: 'reset' });
  const unknown = newEmail('reset-unknown');
  const known = await authClient().auth.resetPasswordForEmail(email, { redirectTo: REDIRECT_URL });
  assert.equal(known.error, null, JSON.stringify(known.error));
  assert.deepEqual(known.data, {});
  const stranger = await authClient().auth.resetPasswordForEmail(unknown, { redirectTo: REDIRECT_URL });
  assert.equal(stranger.error, null, JSON.stringify(stranger.error));
  assert.deepEqual(stranger.data, {});
  const raw = await authFetch('/recover', { method: 'POST', body: { email: newEmail('reset-raw'), gotrue_meta_security: {} } });
  assert.equal(raw.status, 200, raw.text);
  assert.deepEqual(raw.body, {});

  assert.deepEqual(outbox(unknown), [], 'an unknown address must not be mailed');
  const mail = onlyMail(email, 'recovery');
  assert.ok(mail.subject.length > 0, 'empty subject');
  assert.ok(mail.link.url.startsWith(`${SITE_URL}/auth/v1/verify?`), mail.link.url);
  assert.equal(mail.link.type, 'recovery');
  assert.ok(mail.link.token && mail.link.token.length >= 16, `token ${mail.link.token}`);
  assert.equal(mail.link.redirectTo, REDIRECT_URL);
  const admin = await service().auth.admin.getUserById(user.id);
  assert.equal(admin.error, null, JSON.stringify(admin.error));
  assert.match(String(admin.data.user.recovery_sent_at), TIMESTAMP);
});

test('recovery: verifyOtp({ type: "recovery", token_hash }) → PASSWORD_RECOVERY, then updateUser sets the password', T, async () => {
  const { email, password, user, mail } = await userWithRecoveryMail('recover');
  const client = authClient({ persist: true });
  const rec = await recordEvents(client);
  try {
    const res = await client.auth.verifyOtp({ type: 'recovery', token_hash: mail.link.token });
    assert.equal(res.error, null, JSON.stringify(res.error));
    assert.ok(res.data.session?.access_token, 'verifyOtp must return a session');
    assert.equal(res.data.user.id, user.id);
    assert.equal(res.data.session.user.email, email);
    assert.equal(decodeJwt(res.data.session.access_token).payload.sub, user.id);
    await sleep(20);
    assert.deepEqual(rec.names(), ['INITIAL_SESSION', 'PASSWORD_RECOVERY']);
    assert.equal(rec.events[1][1].access_token, res.data.session.access_token);
    assert.equal((await client.auth.getSession()).data.session.access_token, res.data.session.access_token);

    const next = newPassword();
    const updated = await client.auth.updateUser({ password: next });
    assert.equal(updated.error, null, JSON.stringify(updated.error));
    await signIn(email, next);
    authFails(await authClient().auth.signInWithPassword({ email, password }), 'invalid_credentials', 400);

    // The token is single-use.
    const again = await authClient().auth.verifyOtp({ type: 'recovery', token_hash: mail.link.token });
    const error = authFails(again, 'otp_expired', 403);
    assert.ok(isAuthApiError(error));
    assert.equal(again.data.session, null);
  } finally {
    rec.unsubscribe();
  }
});

test('recovery: verifyOtp with an unknown token_hash → 403 otp_expired', T, async () => {
  const res = await authClient().auth.verifyOtp({ type: 'recovery', token_hash: 'f'.repeat(56) });
  authFails(res, 'otp_expired', 403);
  assert.equal(res.data.session, null);
});

test('recovery: a recovery token is refused for another type and still works for its own', T, async () => {
  const { user, mail } = await userWithRecoveryMail('wrongtype');
  for (const type of ['invite', 'email_change', 'signup']) {
    const res = await authClient().auth.verifyOtp({ type, token_hash: mail.link.token });
    assert.ok(res.error, `type ${type} accepted a recovery token`);
    assert.equal(res.error.status, 403, `type ${type}: ${JSON.stringify(res.error)}`);
    assert.equal(res.data.session, null);
  }
  const ok = await authClient().auth.verifyOtp({ type: 'recovery', token_hash: mail.link.token });
  assert.equal(ok.error, null, JSON.stringify(ok.error));
  assert.equal(ok.data.user.id, user.id);
});

test('recovery: GET /verify (the mailed link) → 303 to redirect_to with the session in the fragment', T, async () => {
  const { user, mail } = await userWithRecoveryMail('link');
  const before = Math.floor(Date.now() / 1000);
  const { status, location } = await follow(mail.link.url);
  assert.equal(status, 303, `status ${status} location ${location}`);
  assert.ok(location?.startsWith(`${REDIRECT_URL}#`), `Location ${location}`);
  const params = fragment(location);
  const accessToken = params.get('access_token');
  assert.ok(accessToken, `no access_token in ${location}`);
  assert.ok(await verifiesWithServerKeys(accessToken), 'fragment access token does not verify with the server\'s keys');
  assert.equal(decodeJwt(accessToken).payload.sub, user.id);
  assert.equal(params.get('token_type'), 'bearer');
  assert.equal(params.get('expires_in'), '3600');
  assert.equal(params.get('type'), 'recovery');
  assert.ok(Math.abs(Number(params.get('expires_at')) - (before + 3600)) <= 10, `expires_at ${params.get('expires_at')}`);
  const refreshToken = params.get('refresh_token');
  assert.ok(refreshToken, 'no refresh_token');
  // What detectSessionInUrl does next: GET /user with that token, then the session refreshes.
  const me = await authClient().auth.getUser(accessToken);
  assert.equal(me.error, null, JSON.stringify(me.error));
  assert.equal(me.data.user.id, user.id);
  const refreshed = await authClient().auth.refreshSession({ refresh_token: refreshToken });
  assert.equal(refreshed.error, null, JSON.stringify(refreshed.error));

  // Following the link again: redirected with an error fragment, no session.
  const second = await follow(mail.link.url);
  assert.equal(second.status, 303, `second visit: ${second.status} ${second.location}`);
  assert.ok(second.location?.startsWith(REDIRECT_URL), `second Location ${second.location}`);
  const err = fragment(second.location);
  assert.equal(err.get('access_token'), null, 'a used link must not sign in again');
  assert.equal(err.get('error_code'), 'otp_expired', `second Location ${second.location}`);
  assert.ok(err.get('error'), 'no error in the fragment');
  assert.ok(err.get('error_description'), 'no error_description in the fragment');
});

test('recovery: GET /verify with a redirect_to outside the allow list lands on SITE_URL', T, async () => {
  const { mail } = await userWithRecoveryMail('evil');
  const url = new URL(mail.link.url);
  url.searchParams.set('redirect_to', 'https://evil.example.net/steal');
  const { status, location } = await follow(url.href);
  assert.equal(status, 303, `status ${status} location ${location}`);
  assert.ok(location && !location.startsWith('https://evil.example.net'), `redirected to ${location}`);
  assert.ok(location.startsWith(SITE_URL), `Location ${location} does not start with SITE_URL ${SITE_URL}`);
  assert.ok(fragment(location).get('access_token'), `no session in ${location}`);
});

test('recovery: a reset asked with a redirect_to outside the allow list is mailed with SITE_URL', T, async () => {
  const { email } = await newUser({ tag: 'evil-mail' });
  const res = await authClient().auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example.net/steal' });
  assert.equal(res.error, null, JSON.stringify(res.error));
  const mail = onlyMail(email, 'recovery');
  assert.ok(!mail.body.includes('evil.example.net'), `the mail carries the foreign redirect:\n${mail.body}`);
  assert.ok(mail.link.redirectTo === null || mail.link.redirectTo.startsWith(SITE_URL), `redirect_to ${mail.link.redirectTo}`);
});
