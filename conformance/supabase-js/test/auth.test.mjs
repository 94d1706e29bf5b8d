// Accounts through supabase-js: sign-up, sign-in, the session and user JSON, the access token's
// claims, getUser with bad tokens, updateUser, error bodies (wire-api.md §4.1–4.4, trap list 16–18).
// The server runs with its defaults: MAILER_AUTOCONFIRM on, JWT_EXPIRY 3600, PASSWORD_MIN_LENGTH 6 (GoTrue's default).

import test from 'node:test';
import assert from 'node:assert/strict';
import { isAuthApiError, isAuthWeakPasswordError, AuthWeakPasswordError, isAuthSessionMissingError } from '@supabase/supabase-js';
import {
  T, JWT_SECRET, randomUUID, signJwt, withBearer, ok, sql, lit, newEmail, newPassword, authClient, newUser, signIn,
  decodeJwt, hasValidSignature, verifiesWithServerKeys, authFetch, authFails, outbox, TIMESTAMP, UUID,
} from './helpers.mjs';

const DEFAULT_APP_METADATA = { provider: 'email', providers: ['email'] };
const now = () => Math.floor(Date.now() / 1000);

test('auth: signUp (auto-confirm) returns a session and the user JSON of wire-api §4.3', T, async () => {
  const email = newEmail('signup');
  const password = newPassword();
  const before = now();
  const res = await authClient().auth.signUp({ email, password, options: { data: { full_name: 'Asha Bhat', lang: 'kn' } } });
  assert.equal(res.error, null, JSON.stringify(res.error));
  const { session, user } = res.data;
  assert.ok(session, 'auto-confirm: signUp must return a session');
  assert.equal(session.token_type, 'bearer');
  assert.equal(session.expires_in, 3600);
  assert.ok(Math.abs(session.expires_at - (before + 3600)) <= 10, `expires_at ${session.expires_at}, expected ≈ ${before + 3600}`);
  assert.equal(typeof session.refresh_token, 'string');
  assert.ok(session.refresh_token.length >= 8, 'refresh token too short');
  assert.equal(session.user.id, user.id);

  assert.match(user.id, UUID);
  assert.equal(user.aud, 'authenticated');
  assert.equal(user.role, 'authenticated');
  assert.equal(user.email, email);
  assert.equal(user.phone, '', 'phone is "" when unset');
  for (const key of ['email_confirmed_at', 'confirmed_at', 'last_sign_in_at', 'created_at', 'updated_at']) {
    assert.match(String(user[key]), TIMESTAMP, `user.${key} = ${user[key]}`);
  }
  assert.deepEqual(user.app_metadata, DEFAULT_APP_METADATA);
  assert.equal(user.user_metadata.full_name, 'Asha Bhat');
  assert.equal(user.user_metadata.lang, 'kn');
  assert.equal(user.is_anonymous, false);
  assert.ok(Array.isArray(user.identities) && user.identities.length === 1, `identities: ${JSON.stringify(user.identities)}`);
  const identity = user.identities[0];
  assert.equal(identity.provider, 'email');
  assert.equal(identity.user_id, user.id);
  assert.equal(identity.id, user.id, 'the e-mail identity\'s provider id is the user id');
  assert.match(identity.identity_id, UUID);
  assert.equal(identity.identity_data.sub, user.id);
  assert.equal(identity.identity_data.email, email);
  for (const secret of ['encrypted_password', 'password', 'password_hash']) {
    assert.ok(!(secret in user), `user JSON leaks ${secret}`);
  }
  // Auto-confirm: nothing to confirm, so no confirmation mail.
  assert.deepEqual(outbox(email, 'confirmation'), []);
});

test('auth: the access token is an ES256 JWT naming its key, with GoTrue\'s claims (wire-api §4.4)', T, async () => {
  const { session, user, email } = await newUser({ tag: 'claims', data: { nick: 'ab' } });
  const { header, payload } = decodeJwt(session.access_token);
  assert.equal(header.alg, 'ES256');
  assert.equal(header.typ, 'JWT');
  assert.match(header.kid, UUID);
  assert.ok(await verifiesWithServerKeys(session.access_token), 'signature does not verify with the published key');
  assert.ok(!hasValidSignature(session.access_token, JWT_SECRET), 'an ES256 token is not an HS256 one');
  assert.equal(typeof payload.iss, 'string');
  assert.ok(payload.iss.length > 0, 'iss is empty');
  assert.equal(payload.sub, user.id);
  assert.equal(payload.aud, 'authenticated', 'aud must be the string "authenticated"');
  assert.equal(payload.exp - payload.iat, 3600, 'exp - iat = JWT_EXPIRY');
  assert.ok(Math.abs(payload.iat - now()) <= 10, `iat ${payload.iat} is not now`);
  assert.ok(Math.abs(payload.exp - session.expires_at) <= 1, `session.expires_at ${session.expires_at} vs exp ${payload.exp}`);
  assert.equal(payload.email, email);
  assert.equal(payload.phone, '');
  assert.deepEqual(payload.app_metadata, DEFAULT_APP_METADATA);
  assert.equal(payload.user_metadata.nick, 'ab');
  assert.equal(payload.role, 'authenticated');
  assert.equal(payload.aal, 'aal1');
  assert.ok(Array.isArray(payload.amr) && payload.amr.length === 1, `amr ${JSON.stringify(payload.amr)}`);
  assert.equal(payload.amr[0].method, 'password');
  assert.equal(typeof payload.amr[0].timestamp, 'number');
  assert.ok(Math.abs(payload.amr[0].timestamp - now()) <= 10, `amr timestamp ${payload.amr[0].timestamp}`);
  assert.match(payload.session_id, UUID);
  assert.equal(payload.is_anonymous, false);
});

test('auth: sign-up data can never set role or app_metadata', T, async () => {
  // Through supabase-js: options.data is user metadata only.
  const { session, user } = await newUser({
    tag: 'escalate',
    data: { role: 'service_role', app_metadata: { provider: 'admin', claims_admin: true }, aud: 'admin' },
  });
  assert.equal(user.role, 'authenticated');
  assert.equal(user.aud, 'authenticated');
  assert.deepEqual(user.app_metadata, DEFAULT_APP_METADATA);
  const claims = decodeJwt(session.access_token).payload;
  assert.equal(claims.role, 'authenticated');
  assert.equal(claims.aud, 'authenticated');
  assert.deepEqual(claims.app_metadata, DEFAULT_APP_METADATA);
  // The database sees the authenticated role too.
  const who = ok(await withBearer(session.access_token).rpc('whoami'));
  assert.equal(who.data.role, 'authenticated');

  // A hand-made request with top-level role / app_metadata keys.
  const email = newEmail('escalate-raw');
  const raw = await authFetch('/signup', {
    method: 'POST',
    body: { email, password: newPassword(), role: 'service_role', app_metadata: { provider: 'x', roles: ['admin'] }, aud: 'x', data: {} },
  });
  assert.equal(raw.status, 200, raw.text);
  assert.equal(raw.body.user.role, 'authenticated');
  assert.equal(raw.body.user.aud, 'authenticated');
  assert.deepEqual(raw.body.user.app_metadata, DEFAULT_APP_METADATA);
  const rawClaims = decodeJwt(raw.body.access_token).payload;
  assert.equal(rawClaims.role, 'authenticated');
  assert.deepEqual(rawClaims.app_metadata, DEFAULT_APP_METADATA);
});

test('auth: signing up an existing e-mail → 422 user_already_exists (any letter case), password kept', T, async () => {
  const { email, password } = await newUser({ tag: 'dup' });
  const other = newPassword();
  const again = await authClient().auth.signUp({ email, password: other });
  const error = authFails(again, 'user_already_exists', 422);
  assert.ok(isAuthApiError(error), `${error.name} is not an AuthApiError`);
  assert.equal(error.message, 'User already registered');
  assert.equal(again.data.session, null);
  authFails(await authClient().auth.signUp({ email: email.toUpperCase(), password: other }), 'user_already_exists', 422);
  // The first account is untouched.
  await signIn(email, password);
  authFails(await authClient().auth.signInWithPassword({ email, password: other }), 'invalid_credentials', 400);
});

test('auth: a password below PASSWORD_MIN_LENGTH → AuthWeakPasswordError (422, reasons) and no account', T, async () => {
  const email = newEmail('weak');
  const res = await authClient().auth.signUp({ email, password: 'kq3#Z' }); // 5 characters
  const error = authFails(res, 'weak_password', 422);
  assert.ok(error instanceof AuthWeakPasswordError, `${error.name} is not an AuthWeakPasswordError`);
  assert.ok(isAuthWeakPasswordError(error));
  assert.ok(Array.isArray(error.reasons) && error.reasons.includes('length'), `reasons ${JSON.stringify(error.reasons)}`);
  assert.ok(error.message.length > 0);
  assert.equal(res.data.session, null);
  assert.equal(sql(`select count(*) from auth.users where lower(email) = lower(${lit(email)})`), '0');

  // The raw body: {"code":"weak_password","message":…,"weak_password":{"reasons":[…]}}.
  const raw = await authFetch('/signup', { method: 'POST', body: { email, password: 'short' } });
  assert.equal(raw.status, 422, raw.text);
  assert.equal(raw.body.code, 'weak_password');
  assert.equal(typeof raw.body.message, 'string');
  assert.ok(raw.body.weak_password?.reasons?.includes('length'), raw.text);

  // Exactly the minimum is enough.
  const six = await authClient().auth.signUp({ email, password: 'kq3#Zp' });
  assert.equal(six.error, null, `6 characters must be accepted: ${JSON.stringify(six.error)}`);
  assert.ok(six.data.session);
});

test('auth: sign-up with a malformed e-mail → 400 validation_failed', T, async () => {
  const res = await authClient().auth.signUp({ email: `not-an-email-${randomUUID()}`, password: newPassword() });
  authFails(res, 'validation_failed', 400);
  assert.equal(res.data.session, null);
});

test('auth: signInWithPassword opens a new session for the same user', T, async () => {
  const { email, password, user, session: first } = await newUser({ tag: 'signin' });
  const before = now();
  const res = await authClient().auth.signInWithPassword({ email, password });
  assert.equal(res.error, null, JSON.stringify(res.error));
  const { session, user: signedIn } = res.data;
  assert.equal(signedIn.id, user.id);
  assert.equal(signedIn.email, email);
  assert.equal(session.token_type, 'bearer');
  assert.equal(session.expires_in, 3600);
  assert.notEqual(session.access_token, first.access_token);
  assert.notEqual(session.refresh_token, first.refresh_token);
  const claims = decodeJwt(session.access_token).payload;
  assert.notEqual(claims.session_id, decodeJwt(first.access_token).payload.session_id, 'each sign-in is a new session');
  assert.equal(claims.amr[0].method, 'password');
  assert.ok(Date.parse(signedIn.last_sign_in_at) / 1000 >= before - 5, `last_sign_in_at ${signedIn.last_sign_in_at} not updated`);
  // E-mail addresses match regardless of case.
  await signIn(email.toUpperCase(), password);
});

test('auth: wrong password and unknown e-mail fail alike: 400 invalid_credentials', T, async () => {
  const { email } = await newUser({ tag: 'wrongpw' });
  const wrong = await authClient().auth.signInWithPassword({ email, password: newPassword() });
  const unknown = await authClient().auth.signInWithPassword({ email: newEmail('nobody'), password: newPassword() });
  for (const [name, res] of [['wrong password', wrong], ['unknown e-mail', unknown]]) {
    const error = authFails(res, 'invalid_credentials', 400);
    assert.ok(isAuthApiError(error), `${name}: ${error.name}`);
    assert.equal(error.message, 'Invalid login credentials', name);
    assert.equal(res.data.session, null, name);
    assert.equal(res.data.user, null, name);
  }
});

test('auth: getSession and getUser before and after sign-in', T, async () => {
  const { email, password, user } = await newUser({ tag: 'getuser' });
  const client = authClient();
  const none = await client.auth.getSession();
  assert.equal(none.error, null);
  assert.equal(none.data.session, null);
  const noUser = await client.auth.getUser();
  assert.ok(isAuthSessionMissingError(noUser.error), `expected AuthSessionMissingError, got ${JSON.stringify(noUser.error)}`);

  const signed = await client.auth.signInWithPassword({ email, password });
  assert.equal(signed.error, null);
  const got = await client.auth.getSession();
  assert.equal(got.data.session.access_token, signed.data.session.access_token);
  assert.equal(got.data.session.refresh_token, signed.data.session.refresh_token);
  const me = await client.auth.getUser();
  assert.equal(me.error, null, JSON.stringify(me.error));
  assert.equal(me.data.user.id, user.id);
  assert.equal(me.data.user.email, email);
  assert.deepEqual(me.data.user.app_metadata, DEFAULT_APP_METADATA);
  // getUser(jwt) on another client: the bare user object of GET /user.
  const byJwt = await authClient().auth.getUser(signed.data.session.access_token);
  assert.equal(byJwt.error, null, JSON.stringify(byJwt.error));
  assert.equal(byJwt.data.user.id, user.id);
  const raw = await authFetch('/user', { token: signed.data.session.access_token });
  assert.equal(raw.status, 200);
  assert.equal(raw.body.id, user.id, 'GET /user returns the bare user, not { user }');
});

test('auth: GET /user refuses bad bearer tokens with 401 bad_jwt', T, async () => {
  const { session } = await newUser({ tag: 'badjwt' });
  const claims = decodeJwt(session.access_token).payload;
  const t = now();
  const b64 = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const [, , realSignature] = session.access_token.split('.');
  const { exp: _exp, ...withoutExp } = claims;
  const cases = {
    'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
    'wrong key': signJwt(claims, 'another-secret-that-is-long-enough-0123456789'),
    expired: signJwt({ ...claims, iat: t - 7200, exp: t - 3600 }),
    'missing exp': signJwt(withoutExp),
    'exp as a string': signJwt({ ...claims, exp: String(t + 3600) }),
    'role postgres': signJwt({ ...claims, role: 'postgres' }),
    'tampered payload': `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...claims, sub: randomUUID() })}.${realSignature}`,
    'not a JWT': 'not-a-jwt',
  };
  for (const [name, token] of Object.entries(cases)) {
    const res = await authClient().auth.getUser(token);
    assert.ok(res.error, `${name}: accepted (${JSON.stringify(res.data)})`);
    assert.equal(res.error.code, 'bad_jwt', `${name}: ${JSON.stringify(res.error)} status ${res.error.status}`);
    assert.equal(res.error.status, 401, `${name}: status`);
    assert.equal(res.data.user, null);
  }
  // The genuine token still works.
  assert.equal((await authClient().auth.getUser(session.access_token)).error, null);
});

test('auth: GET /user with no bearer → 401 no_authorization', T, async () => {
  const res = await authFetch('/user', { token: null });
  assert.equal(res.status, 401, res.text);
  assert.equal(res.body.code, 'no_authorization');
});

test('auth: error bodies follow X-Supabase-Api-Version (new shape echoes it, legacy without)', T, async () => {
  const body = { email: newEmail('errshape'), password: newPassword() };
  const current = await authFetch('/token?grant_type=password', { method: 'POST', body });
  assert.equal(current.status, 400);
  assert.equal(current.headers.get('x-supabase-api-version'), '2024-01-01');
  assert.equal(current.body.code, 'invalid_credentials');
  assert.equal(current.body.message, 'Invalid login credentials');

  const legacy = await authFetch('/token?grant_type=password', { method: 'POST', body, apiVersion: false });
  assert.equal(legacy.status, 400);
  assert.equal(legacy.body.code, 400, `legacy body ${legacy.text}`);
  assert.equal(legacy.body.error_code, 'invalid_credentials');
  assert.equal(legacy.body.msg, 'Invalid login credentials');
});

test('auth: updateUser({ password, current_password }) replaces the password', T, async () => {
  const { client, email, password, user } = await newUser({ tag: 'newpw' });
  const next = newPassword();
  const res = await client.auth.updateUser({ password: next, current_password: password });
  assert.equal(res.error, null, JSON.stringify(res.error));
  assert.equal(res.data.user.id, user.id);
  await signIn(email, next);
  authFails(await authClient().auth.signInWithPassword({ email, password }), 'invalid_credentials', 400);
  assert.equal(outbox(email, 'password_changed_notification').length, 1, 'the owner is told');
});

test('auth: updateUser({ password }) without proof → 400 reauthentication_needed; reauthenticate() + nonce works', T, async () => {
  const { client, email, password } = await newUser({ tag: 'reauth' });
  const next = newPassword();
  authFails(await client.auth.updateUser({ password: next }), 'reauthentication_needed', 400);
  authFails(await client.auth.updateUser({ password: next, current_password: 'not my password' }), 'current_password_invalid', 400);
  authFails(await client.auth.updateUser({ password: next, nonce: '000000' }), 'reauthentication_not_valid', 422);
  await signIn(email, password); // unchanged
  const asked = await client.auth.reauthenticate();
  assert.equal(asked.error, null, JSON.stringify(asked.error));
  const [mail] = outbox(email, 'reauthentication');
  const nonce = mail.body.match(/^\s*(\d{6})\s*$/m)[1];
  const res = await client.auth.updateUser({ password: next, nonce });
  assert.equal(res.error, null, JSON.stringify(res.error));
  await signIn(email, next);
});

test('auth: updateUser with the current password → 422 same_password; too short → weak_password', T, async () => {
  const { client, email, password } = await newUser({ tag: 'samepw' });
  authFails(await client.auth.updateUser({ password, current_password: password }), 'same_password', 422);
  const weak = await client.auth.updateUser({ password: 'abc', current_password: password });
  const error = authFails(weak, 'weak_password', 422);
  assert.ok(isAuthWeakPasswordError(error));
  assert.ok(error.reasons.includes('length'));
  await signIn(email, password); // unchanged
});

test('auth: updateUser({ data }) merges user_metadata key by key; null deletes a key', T, async () => {
  const { client, user } = await newUser({ tag: 'meta', data: { a: 1, b: 2, keep: { x: 1 } } });
  assert.equal(user.user_metadata.a, 1);
  const res = await client.auth.updateUser({ data: { b: 3, c: 'four', a: null } });
  assert.equal(res.error, null, JSON.stringify(res.error));
  const meta = res.data.user.user_metadata;
  assert.equal(meta.b, 3);
  assert.equal(meta.c, 'four');
  assert.deepEqual(meta.keep, { x: 1 });
  assert.ok(!('a' in meta), `a null value must delete the key: ${JSON.stringify(meta)}`);
  // The stored session's user follows; the server has it; a refreshed token carries it.
  const { data } = await client.auth.getSession();
  assert.deepEqual(data.session.user.user_metadata, meta);
  const fromServer = await client.auth.getUser();
  assert.deepEqual(fromServer.data.user.user_metadata, meta);
  const refreshed = await client.auth.refreshSession();
  assert.equal(refreshed.error, null, JSON.stringify(refreshed.error));
  const claims = decodeJwt(refreshed.data.session.access_token).payload;
  assert.equal(claims.user_metadata.b, 3);
  assert.ok(!('a' in claims.user_metadata));
  // A user can put "role" into user_metadata, never into the token's role.
  const sneaky = await client.auth.updateUser({ data: { role: 'service_role' } });
  assert.equal(sneaky.error, null);
  assert.equal(sneaky.data.user.role, 'authenticated');
  const again = await client.auth.refreshSession();
  assert.equal(decodeJwt(again.data.session.access_token).payload.role, 'authenticated');
});

test('auth: PUT /user cannot change app_metadata → 403 not_admin', T, async () => {
  const { session, user } = await newUser({ tag: 'appmeta' });
  const res = await authFetch('/user', { method: 'PUT', token: session.access_token, body: { app_metadata: { roles: ['admin'] } } });
  assert.equal(res.status, 403, res.text);
  assert.equal(res.body.code, 'not_admin');
  const me = await authClient().auth.getUser(session.access_token);
  assert.equal(me.data.user.id, user.id);
  assert.deepEqual(me.data.user.app_metadata, DEFAULT_APP_METADATA);
});

test('auth: updateUser({ email }) with auto-confirm applies the new address at once', T, async () => {
  const { client, email, password, user } = await newUser({ tag: 'oldmail' });
  const next = newEmail('newmail');
  authFails(await client.auth.updateUser({ email: next }), 'reauthentication_needed', 400);
  const res = await client.auth.updateUser({ email: next, current_password: password });
  assert.equal(res.error, null, JSON.stringify(res.error));
  assert.equal(res.data.user.email, next);
  assert.ok(!res.data.user.new_email, `new_email still pending: ${res.data.user.new_email}`);
  const { session } = await signIn(next, password);
  assert.equal(session.user.id, user.id);
  assert.equal(decodeJwt(session.access_token).payload.email, next);
  authFails(await authClient().auth.signInWithPassword({ email, password }), 'invalid_credentials', 400);
  const refreshed = await client.auth.refreshSession();
  assert.equal(decodeJwt(refreshed.data.session.access_token).payload.email, next);
  const [notice] = outbox(email, 'email_changed_notification');
  assert.ok(notice && notice.body.includes(next), 'the old address is told');
});

test('auth: updateUser({ email }) to an address in use → 422 email_exists', T, async () => {
  const taken = await newUser({ tag: 'taken' });
  const { client, email, password } = await newUser({ tag: 'wants' });
  authFails(await client.auth.updateUser({ email: taken.email, current_password: password }), 'email_exists', 422);
  const me = await client.auth.getUser();
  assert.equal(me.data.user.email, email);
});

test('auth: GET /settings and /health', T, async () => {
  const settings = await authFetch('/settings');
  assert.equal(settings.status, 200, settings.text);
  assert.equal(settings.body.external?.email, true, settings.text);
  assert.equal(settings.body.disable_signup, false);
  assert.equal(settings.body.mailer_autoconfirm, true);
  const health = await authFetch('/health');
  assert.equal(health.status, 200, health.text);
  assert.equal(typeof health.body, 'object');
  assert.notEqual(health.body, null);
});
