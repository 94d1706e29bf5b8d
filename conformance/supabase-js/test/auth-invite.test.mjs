// Invitations and admin links through supabase-js's admin API: inviteUserByEmail mails a link
// that signs the invited person in so they set their own password (no other proof needed in
// that session), a second invitation before they accept is a resend, and generateLink answers
// GoTrue's properties for each type. listUsers is newest first with GoTrue's paging headers.

import test from 'node:test';
import assert from 'node:assert/strict';
import { T, REDIRECT_URL, service, authClient, newUser, newEmail, newPassword, outbox, verifyLink, authFails, authFetch, SERVICE_KEY } from './helpers.mjs';

test('invite: inviteUserByEmail mails a link; the invited person lands signed in and sets a password', T, async () => {
  const email = newEmail('invitee');
  const admin = service().auth.admin;
  const invited = await admin.inviteUserByEmail(email, { data: { staff: 'content_manager' }, redirectTo: REDIRECT_URL });
  assert.equal(invited.error, null, JSON.stringify(invited.error));
  assert.ok(invited.data.user.invited_at);
  assert.equal(invited.data.user.email_confirmed_at, undefined);
  const again = await admin.inviteUserByEmail(email, { redirectTo: REDIRECT_URL });
  assert.equal(again.error, null, 'a second invitation before acceptance is a resend');
  const mails = outbox(email, 'invite');
  assert.equal(mails.length, 2);
  const link = verifyLink(mails[1].body);
  assert.equal(link.type, 'invite');
  // The first link was replaced by the second.
  assert.equal(fragmentOf(await follow(verifyLink(mails[0].body).url)).get('error_code'), 'otp_expired');
  const hash = fragmentOf(await follow(link.url));
  assert.equal(hash.get('type'), 'invite');
  const client = authClient({ persist: true });
  const set = await client.auth.setSession({ access_token: hash.get('access_token'), refresh_token: hash.get('refresh_token') });
  assert.equal(set.error, null, JSON.stringify(set.error));
  const password = newPassword();
  const updated = await client.auth.updateUser({ password });
  assert.equal(updated.error, null, JSON.stringify(updated.error));
  const signedIn = await authClient().auth.signInWithPassword({ email, password });
  assert.equal(signedIn.error, null, JSON.stringify(signedIn.error));
  assert.equal(signedIn.data.user.user_metadata.staff, 'content_manager');
  // Accepted: a further invitation is refused.
  authFails(await admin.inviteUserByEmail(email), 'email_exists', 422);
});

async function follow(url) {
  const res = await fetch(url, { redirect: 'manual' });
  return res.headers.get('location');
}
const fragmentOf = (location) => new URLSearchParams(new URL(location).hash.slice(1));

test('invite: only an administrator may invite', T, async () => {
  const { client } = await newUser({ tag: 'not-admin', persist: true });
  const res = await authFetch('/invite', { method: 'POST', token: (await client.auth.getSession()).data.session.access_token, body: { email: newEmail('x') } });
  assert.equal(res.status, 403);
  assert.equal(res.body.code, 'not_admin');
});

test('generateLink: each type answers action_link, email_otp, hashed_token, redirect_to and verification_type', T, async () => {
  const admin = service().auth.admin;
  const { email } = await newUser({ tag: 'links' });
  const cases = [
    ['signup', { email: newEmail('gl-signup'), password: newPassword(), options: { data: { a: 1 }, redirectTo: REDIRECT_URL } }, 'signup'],
    ['invite', { email: newEmail('gl-invite') }, 'invite'],
    ['magiclink', { email }, 'magiclink'],
    ['recovery', { email }, 'recovery'],
    ['email_change_new', { email, newEmail: newEmail('gl-new') }, 'email_change'],
  ];
  for (const [type, params, linkType] of cases) {
    const { data, error } = await admin.generateLink({ type, ...params });
    assert.equal(error, null, `${type}: ${JSON.stringify(error)}`);
    const p = data.properties;
    assert.equal(p.verification_type, type);
    assert.match(p.email_otp, /^\d{6}$/);
    assert.ok(p.hashed_token);
    assert.ok(p.action_link.includes(`type=${linkType}`), p.action_link);
    assert.ok(p.action_link.includes(`token=${p.hashed_token}`));
    assert.ok(p.redirect_to);
    assert.ok(data.user.id);
    // generateLink mails nothing.
    assert.deepEqual(outbox(data.user.email, type === 'email_change_new' ? 'email_change' : undefined).filter((m) => m.kind !== 'confirmation'), []);
  }
  // A magiclink for a new address signs it up; a recovery for one is 404 user_not_found.
  const fresh = await admin.generateLink({ type: 'magiclink', email: newEmail('gl-fresh') });
  assert.equal(fresh.error, null);
  assert.equal(fresh.data.properties.verification_type, 'signup');
  authFails(await admin.generateLink({ type: 'recovery', email: newEmail('gl-none') }), 'user_not_found', 404);
  const bad = await admin.generateLink({ type: 'signup', email: 'xx:;x@x.x', password: 'password123' });
  assert.equal(bad.error.message, 'Unable to validate email address: invalid format');
});

test('generateLink: the email_otp of a magic link signs in through verifyOtp', T, async () => {
  const { email, user } = await newUser({ tag: 'gl-otp' });
  const { data } = await service().auth.admin.generateLink({ type: 'magiclink', email });
  const verified = await authClient().auth.verifyOtp({ email, token: data.properties.email_otp, type: 'magiclink' });
  assert.equal(verified.error, null, JSON.stringify(verified.error));
  assert.equal(verified.data.user.id, user.id);
});

test('listUsers: newest first, with X-Total-Count and Link next/last', T, async () => {
  const a = await newUser({ tag: 'order-a' });
  const b = await newUser({ tag: 'order-b' });
  const { data, error } = await service().auth.admin.listUsers({ page: 1, perPage: 2 });
  assert.equal(error, null);
  assert.deepEqual(data.users.map((u) => u.id), [b.user.id, a.user.id]);
  const raw = await authFetch('/admin/users?page=1&per_page=2', { token: SERVICE_KEY, apikey: SERVICE_KEY });
  assert.ok(Number(raw.headers.get('x-total-count')) >= 2);
  assert.match(raw.headers.get('link'), /<[^>]*\/admin\/users\?page=2&per_page=2>; rel="next"/);
  assert.match(raw.headers.get('link'), /rel="last"/);
});
