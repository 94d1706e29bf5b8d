// Second factors (TOTP) through supabase-js's auth.mfa and auth.admin.mfa: enrolment (secret,
// otpauth URI, QR code as SVG), challenge and verify raising the session to aal2 with `totp` in
// its amr, a refresh keeping the level, a replayed code refused, GoTrue's errors for wrong
// codes, unenrolment (aal2 needed for a verified factor), and the admin listing and removing a
// user's factors.

import test from 'node:test';
import assert from 'node:assert/strict';
import { T, service, newUser, authFails, decodeJwt, totp, sql, lit } from './helpers.mjs';

async function enrolled(tag) {
  const u = await newUser({ tag, persist: true });
  const { data, error } = await u.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone app' });
  assert.equal(error, null, JSON.stringify(error));
  return { ...u, factor: data };
}

test('mfa: enroll answers the secret, its otpauth URI and an SVG QR code; the factor is unverified', T, async () => {
  const { client, factor, email } = await enrolled('mfa-enroll');
  assert.equal(factor.type, 'totp');
  assert.equal(factor.friendly_name, 'phone app');
  assert.match(factor.totp.secret, /^[A-Z2-7]{32}$/);
  assert.ok(factor.totp.uri.startsWith('otpauth://totp/'), factor.totp.uri);
  assert.ok(factor.totp.uri.includes(`secret=${factor.totp.secret}`));
  assert.ok(factor.totp.uri.includes(encodeURIComponent(email)), factor.totp.uri);
  assert.ok(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,'), factor.totp.qr_code.slice(0, 40));
  assert.ok(factor.totp.qr_code.includes('<svg'));
  const listed = await client.auth.mfa.listFactors();
  assert.equal(listed.error, null);
  assert.deepEqual(listed.data.all.map((f) => [f.id, f.status]), [[factor.id, 'unverified']]);
  assert.deepEqual(listed.data.totp, [], 'only verified factors are listed as totp');
  assert.equal(sql(`select count(*) from auth.mfa_factors where id = ${lit(factor.id)} and position(${lit(factor.totp.secret)} in encode(secret, 'escape')) = 0`), '1', 'the secret is stored sealed');
});

test('mfa: challengeAndVerify with the right code gives an aal2 session with totp in amr; a refresh keeps it', T, async () => {
  const { client, factor, user } = await enrolled('mfa-verify');
  const before = await client.auth.mfa.getAuthenticatorAssuranceLevel();
  assert.equal(before.data.currentLevel, 'aal1');
  const { data, error } = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totp(factor.totp.secret) });
  assert.equal(error, null, JSON.stringify(error));
  const { payload } = decodeJwt(data.access_token);
  assert.equal(payload.sub, user.id);
  assert.equal(payload.aal, 'aal2');
  assert.deepEqual(payload.amr.map((m) => m.method).sort(), ['password', 'totp']);
  const after = await client.auth.mfa.getAuthenticatorAssuranceLevel();
  assert.deepEqual([after.data.currentLevel, after.data.nextLevel], ['aal2', 'aal2']);
  const refreshed = await client.auth.refreshSession();
  assert.equal(refreshed.error, null, JSON.stringify(refreshed.error));
  assert.equal(decodeJwt(refreshed.data.session.access_token).payload.aal, 'aal2');
  const listed = await client.auth.mfa.listFactors();
  assert.deepEqual(listed.data.totp.map((f) => f.status), ['verified']);
});

test('mfa: a wrong code is 422 mfa_verification_failed "Invalid TOTP code entered"; a used code is refused again', T, async () => {
  const { client, factor } = await enrolled('mfa-wrong');
  const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
  assert.equal(challenge.error, null, JSON.stringify(challenge.error));
  assert.ok(challenge.data.expires_at > Date.now() / 1000);
  const right = totp(factor.totp.secret);
  const wrong = right === '000000' ? '111111' : '000000';
  const failed = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data.id, code: wrong });
  const error = authFails(failed, 'mfa_verification_failed', 422);
  assert.equal(error.message, 'Invalid TOTP code entered');
  const ok = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data.id, code: right });
  assert.equal(ok.error, null, JSON.stringify(ok.error));
  // The same code once more, on a fresh challenge: a replay.
  const replay = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: right });
  authFails(replay, 'mfa_verification_failed', 422);
});

test('mfa: a user with a verified factor signing in again is at aal1 with aal2 next; unenroll needs aal2', T, async () => {
  const { client, factor, email, password } = await enrolled('mfa-next');
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totp(factor.totp.secret) });
  assert.equal(verified.error, null);
  const again = await newClientSignIn(email, password);
  const level = await again.auth.mfa.getAuthenticatorAssuranceLevel();
  assert.deepEqual([level.data.currentLevel, level.data.nextLevel], ['aal1', 'aal2']);
  authFails(await again.auth.mfa.unenroll({ factorId: factor.id }), 'insufficient_aal', 422);
  const removed = await client.auth.mfa.unenroll({ factorId: factor.id });
  assert.equal(removed.error, null, JSON.stringify(removed.error));
  assert.deepEqual((await client.auth.mfa.listFactors()).data.all, []);
});

async function newClientSignIn(email, password) {
  const { authClient } = await import('./helpers.mjs');
  const client = authClient({ persist: true });
  const res = await client.auth.signInWithPassword({ email, password });
  assert.equal(res.error, null);
  return client;
}

test('mfa: the admin lists a user\'s factors and deletes one (audited); unknown users are errors', T, async () => {
  const { factor, user } = await enrolled('mfa-admin');
  const admin = service().auth.admin;
  const listed = await admin.mfa.listFactors({ userId: user.id });
  assert.equal(listed.error, null, JSON.stringify(listed.error));
  assert.deepEqual(listed.data.factors.map((f) => f.id), [factor.id]);
  const deleted = await admin.mfa.deleteFactor({ userId: user.id, id: factor.id });
  assert.equal(deleted.error, null, JSON.stringify(deleted.error));
  assert.equal(deleted.data.data.id, factor.id);
  assert.deepEqual((await admin.mfa.listFactors({ userId: user.id })).data.factors, []);
  assert.equal(sql(`select count(*) from auth.audit_log where action = 'admin_factor_deleted' and target_id = ${lit(user.id)}`), '1');
  const unknown = '83fd9e20-7a80-46e4-bf29-a86e3d6bbf66';
  assert.notEqual((await admin.mfa.listFactors({ userId: unknown })).error, null);
});
