// Phones and anonymous sign-ins through supabase-js. run.mjs starts the server with phone
// sign-ins on (SMS_PROVIDER=log: texts stay in auth.sms_outbox, read here), SMS auto-confirm
// off and anonymous sign-ins on.

import test from 'node:test';
import assert from 'node:assert/strict';
import { T, authClient, newUser, newEmail, newPassword, authFails, decodeJwt, lastSms, sql, lit } from './helpers.mjs';

let counter = 0;
/** A fresh Indian mobile number as people type it, and its E.164 digits. */
function newPhone() {
  counter += 1;
  const national = `9${String(Date.now() % 1e8).padStart(8, '0')}${counter % 10}`;
  return { typed: `${national.slice(0, 5)} ${national.slice(5)}`, e164: `91${national}` };
}

test('phone: signUp with a number texts a code; verifyOtp(type sms) confirms it and signs in', T, async () => {
  const { typed, e164 } = newPhone();
  const client = authClient();
  const password = newPassword();
  const res = await client.auth.signUp({ phone: typed, password, options: { data: { nick: 'ph' } } });
  assert.equal(res.error, null, JSON.stringify(res.error));
  assert.equal(res.data.session, null);
  assert.equal(res.data.user.phone, e164, 'numbers are kept as E.164 digits with the default country');
  const sms = lastSms(e164);
  assert.equal(sms.kind, 'signup');
  const verified = await client.auth.verifyOtp({ phone: e164, token: sms.code, type: 'sms' });
  assert.equal(verified.error, null, JSON.stringify(verified.error));
  assert.ok(verified.data.user.phone_confirmed_at);
  assert.equal(decodeJwt(verified.data.session.access_token).payload.phone, e164);
  const byPassword = await authClient().auth.signInWithPassword({ phone: `+${e164}`, password });
  assert.equal(byPassword.error, null, JSON.stringify(byPassword.error));
  assert.equal(byPassword.data.user.app_metadata.provider, 'phone');
});

test('phone: signInWithOtp by number, a wrong code, then the right one; a second text within the interval is 429', T, async () => {
  const { e164 } = newPhone();
  const first = await authClient().auth.signInWithOtp({ phone: e164 });
  assert.equal(first.error, null, JSON.stringify(first.error));
  const code = lastSms(e164).code;
  authFails(await authClient().auth.verifyOtp({ phone: e164, token: code === '000000' ? '111111' : '000000', type: 'sms' }), 'otp_expired', 403);
  const ok = await authClient().auth.verifyOtp({ phone: e164, token: code, type: 'sms' });
  assert.equal(ok.error, null, JSON.stringify(ok.error));
  authFails(await authClient().auth.signInWithOtp({ phone: e164 }), 'over_sms_send_rate_limit', 429);
});

test('phone: a malformed number is 400 validation_failed with GoTrue\'s message; an unknown one verifies as a wrong code', T, async () => {
  const bad = await authClient().auth.signInWithOtp({ phone: '12345-invalid' });
  const error = authFails(bad, 'validation_failed', 400);
  assert.equal(error.message, 'Invalid phone number format (E.164 required)');
  const unknown = await authClient().auth.verifyOtp({ phone: newPhone().e164, token: '123456', type: 'sms' });
  authFails(unknown, 'otp_expired', 403);
});

test('phone: updateUser({ phone }) texts the new number; verifyOtp(type phone_change) moves the account to it', T, async () => {
  const { client, user } = await newUser({ tag: 'phone-change', persist: true });
  const { e164 } = newPhone();
  const res = await client.auth.updateUser({ phone: e164 });
  assert.equal(res.error, null, JSON.stringify(res.error));
  assert.equal(res.data.user.new_phone, e164);
  const code = lastSms(e164).code;
  const ok = await client.auth.verifyOtp({ phone: e164, token: code, type: 'phone_change' });
  assert.equal(ok.error, null, JSON.stringify(ok.error));
  assert.equal(ok.data.user.id, user.id);
  assert.equal(ok.data.user.phone, e164);
  assert.deepEqual(ok.data.user.identities.map((i) => i.provider).sort(), ['email', 'phone']);
});

test('anonymous: signInAnonymously gives is_anonymous in the user and the token; adding an e-mail makes it permanent', T, async () => {
  const client = authClient({ persist: true });
  const { data, error } = await client.auth.signInAnonymously({ options: { data: { nick: 'anon' } } });
  assert.equal(error, null, JSON.stringify(error));
  assert.equal(data.user.is_anonymous, true);
  assert.equal(data.user.user_metadata.nick, 'anon');
  const { payload } = decodeJwt(data.session.access_token);
  assert.deepEqual([payload.role, payload.is_anonymous, payload.amr[0].method], ['authenticated', true, 'anonymous']);
  const email = newEmail('anon-convert');
  const converted = await client.auth.updateUser({ email });
  assert.equal(converted.error, null, JSON.stringify(converted.error));
  assert.equal(converted.data.user.is_anonymous, false);
  assert.equal(converted.data.user.email, email);
  const refreshed = await client.auth.refreshSession();
  assert.equal(decodeJwt(refreshed.data.session.access_token).payload.is_anonymous, false);
  assert.equal(sql(`select is_anonymous from auth.users where id = ${lit(data.user.id)}`), 'f');
});
