// Sessions through supabase-js: onAuthStateChange, refresh-token rotation and reuse, sign-out
// scopes (wire-api.md §4.2, §4.5; REFRESH_TOKEN_REUSE_INTERVAL at its default of 10 s).

import test from 'node:test';
import assert from 'node:assert/strict';
import { isAuthSessionMissingError } from '@supabase/supabase-js';
import {
  T, authClient, newUser, signIn, decodeJwt, authFetch, authFails, memoryStorage, recordEvents, sleep, newEmail,
  newPassword,
} from './helpers.mjs';

const REUSE_INTERVAL_S = 10;

/** Refreshes `refreshToken` on a fresh client (no cached failures, no stored session). */
const refreshWith = (refreshToken) => authClient().auth.refreshSession({ refresh_token: refreshToken });

/** Asserts that a refresh token no longer works (a 400, never a 5xx or a session). */
async function assertRefreshFails(refreshToken, label) {
  const res = await refreshWith(refreshToken);
  assert.ok(res.error, `${label}: refresh still works`);
  assert.equal(res.error.status, 400, `${label}: ${JSON.stringify(res.error)}`);
  assert.equal(typeof res.error.code, 'string', `${label}: no error code`);
  assert.equal(res.data.session, null);
  return res.error;
}

/** Asserts that an access token's session is gone: GET /user → 403 session_not_found. */
async function assertSessionGone(accessToken, label) {
  const res = await authClient().auth.getUser(accessToken);
  assert.ok(isAuthSessionMissingError(res.error), `${label}: expected AuthSessionMissingError, got ${JSON.stringify(res.error)} / ${JSON.stringify(res.data)}`);
  const raw = await authFetch('/user', { token: accessToken });
  assert.equal(raw.status, 403, `${label}: ${raw.text}`);
  assert.equal(raw.body.code, 'session_not_found', label);
}

async function assertSessionAlive(accessToken, label) {
  const res = await authClient().auth.getUser(accessToken);
  assert.equal(res.error, null, `${label}: ${JSON.stringify(res.error)}`);
  assert.ok(res.data.user?.id, label);
}

test('sessions: onAuthStateChange sees INITIAL_SESSION, SIGNED_IN ×2, USER_UPDATED, TOKEN_REFRESHED, SIGNED_OUT', T, async () => {
  const storage = memoryStorage();
  const client = authClient({ persist: true, storage });
  const rec = await recordEvents(client);
  const email = newEmail('events');
  const password = newPassword();
  try {
    const up = await client.auth.signUp({ email, password });
    assert.equal(up.error, null, JSON.stringify(up.error));
    const signed = await client.auth.signInWithPassword({ email, password });
    assert.equal(signed.error, null, JSON.stringify(signed.error));
    // The session is persisted under sb-<first host label>-auth-token (§4.5).
    const stored = JSON.parse(storage.getItem('sb-127-auth-token'));
    assert.equal(stored.access_token, signed.data.session.access_token);
    const updated = await client.auth.updateUser({ data: { step: 'updated' } });
    assert.equal(updated.error, null, JSON.stringify(updated.error));
    const refreshed = await client.auth.refreshSession();
    assert.equal(refreshed.error, null, JSON.stringify(refreshed.error));
    const out = await client.auth.signOut();
    assert.equal(out.error, null, JSON.stringify(out.error));
    await sleep(50);

    assert.deepEqual(rec.names(), ['INITIAL_SESSION', 'SIGNED_IN', 'SIGNED_IN', 'USER_UPDATED', 'TOKEN_REFRESHED', 'SIGNED_OUT']);
    const [initial, afterUp, afterIn, afterUpdate, afterRefresh, afterOut] = rec.events.map(([, s]) => s);
    assert.equal(initial, null);
    assert.equal(afterUp.user.email, email);
    assert.equal(afterIn.access_token, signed.data.session.access_token);
    assert.equal(afterUpdate.user.user_metadata.step, 'updated');
    assert.notEqual(afterRefresh.refresh_token, signed.data.session.refresh_token);
    assert.equal(afterRefresh.refresh_token, refreshed.data.session.refresh_token);
    assert.equal(afterOut, null);
    assert.equal((await client.auth.getSession()).data.session, null);
    assert.equal(storage.getItem('sb-127-auth-token'), null, 'signOut must clear the stored session');
    await assertRefreshFails(refreshed.data.session.refresh_token, 'after signOut');
  } finally {
    rec.unsubscribe();
  }
});

test('sessions: refreshSession rotates both tokens and keeps the session', T, async () => {
  const { email, password } = await newUser({ tag: 'refresh' });
  const { client, session } = await signIn(email, password);
  const res = await client.auth.refreshSession();
  assert.equal(res.error, null, JSON.stringify(res.error));
  const next = res.data.session;
  // (The access token may come out identical within the same second: same claims, same iat.)
  assert.notEqual(next.refresh_token, session.refresh_token);
  assert.equal(next.token_type, 'bearer');
  assert.equal(next.expires_in, 3600);
  assert.equal(next.user.id, session.user.id);
  assert.equal(res.data.user.id, session.user.id);
  const before = decodeJwt(session.access_token).payload;
  const after = decodeJwt(next.access_token).payload;
  assert.equal(after.session_id, before.session_id, 'a refresh stays in the same session');
  assert.equal(after.sub, before.sub);
  assert.ok(after.iat >= before.iat && after.exp >= before.exp, `iat/exp went back: ${before.iat}/${before.exp} → ${after.iat}/${after.exp}`);
  assert.ok(Math.abs(after.iat - Math.floor(Date.now() / 1000)) <= 10, `iat ${after.iat} is not now`);
  const stored = await client.auth.getSession();
  assert.equal(stored.data.session.refresh_token, next.refresh_token);
  await assertSessionAlive(next.access_token, 'new access token');
  // The new refresh token works in turn.
  const third = await refreshWith(next.refresh_token);
  assert.equal(third.error, null, JSON.stringify(third.error));
  assert.notEqual(third.data.session.refresh_token, next.refresh_token);
});

test('sessions: reusing a rotated refresh token within the interval returns the same continuation', T, async () => {
  const { session } = await newUser({ tag: 'reuse' });
  const first = await refreshWith(session.refresh_token);
  assert.equal(first.error, null, JSON.stringify(first.error));
  const again = await refreshWith(session.refresh_token);
  assert.equal(again.error, null, `immediate reuse must succeed: ${JSON.stringify(again.error)}`);
  assert.equal(again.data.session.refresh_token, first.data.session.refresh_token, 'same continuation (same new refresh token)');
  assert.equal(decodeJwt(again.data.session.access_token).payload.session_id, decodeJwt(session.access_token).payload.session_id);
  await assertSessionAlive(again.data.session.access_token, 'reuse access token');
  // The session is not revoked: the continuation rotates normally.
  const next = await refreshWith(first.data.session.refresh_token);
  assert.equal(next.error, null, JSON.stringify(next.error));
  assert.notEqual(next.data.session.refresh_token, first.data.session.refresh_token);
});

test('sessions: reusing a rotated refresh token after the interval revokes the session', { timeout: 60_000 }, async () => {
  const { session } = await newUser({ tag: 'reuse-late' });
  const first = await refreshWith(session.refresh_token);
  assert.equal(first.error, null, JSON.stringify(first.error));
  await sleep((REUSE_INTERVAL_S + 1.5) * 1000);
  const late = await refreshWith(session.refresh_token);
  authFails(late, 'refresh_token_already_used', 400);
  // The whole session is gone: its newest refresh token and its access tokens too.
  await assertRefreshFails(first.data.session.refresh_token, 'continuation after reuse');
  await assertSessionGone(first.data.session.access_token, 'access token after reuse');
});

test('sessions: an unknown refresh token → 400 refresh_token_not_found', T, async () => {
  authFails(await refreshWith('notarealtoken123'), 'refresh_token_not_found', 400);
});

test('sessions: signOut({ scope: "local" }) ends only this session', T, async () => {
  const { email, password } = await newUser({ tag: 'local' });
  const a = await signIn(email, password);
  const b = await signIn(email, password);
  const res = await a.client.auth.signOut({ scope: 'local' });
  assert.equal(res.error, null, JSON.stringify(res.error));
  assert.equal((await a.client.auth.getSession()).data.session, null);
  await assertSessionGone(a.session.access_token, 'signed-out session');
  await assertRefreshFails(a.session.refresh_token, 'signed-out refresh token');
  await assertSessionAlive(b.session.access_token, 'other session');
  const refreshed = await refreshWith(b.session.refresh_token);
  assert.equal(refreshed.error, null, `other session must still refresh: ${JSON.stringify(refreshed.error)}`);
});

test('sessions: signOut({ scope: "others" }) ends every other session and keeps this one', T, async () => {
  const { email, password, session: fromSignUp } = await newUser({ tag: 'others' });
  const keep = await signIn(email, password);
  const other = await signIn(email, password);
  const res = await keep.client.auth.signOut({ scope: 'others' });
  assert.equal(res.error, null, JSON.stringify(res.error));
  assert.equal((await keep.client.auth.getSession()).data.session?.access_token, keep.session.access_token, 'the client keeps its session');
  await assertSessionAlive(keep.session.access_token, 'this session');
  await assertSessionGone(other.session.access_token, 'other session');
  await assertSessionGone(fromSignUp.access_token, 'sign-up session');
  await assertRefreshFails(other.session.refresh_token, 'other refresh token');
  const refreshed = await refreshWith(keep.session.refresh_token);
  assert.equal(refreshed.error, null, JSON.stringify(refreshed.error));
});

test('sessions: signOut() (global) ends every session of the user', T, async () => {
  const { email, password, session: fromSignUp } = await newUser({ tag: 'global' });
  const a = await signIn(email, password);
  const b = await signIn(email, password);
  const bystander = await newUser({ tag: 'bystander' });
  const res = await a.client.auth.signOut();
  assert.equal(res.error, null, JSON.stringify(res.error));
  assert.equal((await a.client.auth.getSession()).data.session, null);
  for (const [label, s] of [['a', a.session], ['b', b.session], ['sign-up', fromSignUp]]) {
    await assertSessionGone(s.access_token, `${label} access token`);
    await assertRefreshFails(s.refresh_token, `${label} refresh token`);
  }
  // getUser through the signed-out client of session b: AuthSessionMissingError, session dropped.
  const bUser = await b.client.auth.getUser();
  assert.ok(isAuthSessionMissingError(bUser.error), JSON.stringify(bUser.error));
  assert.equal((await b.client.auth.getSession()).data.session, null, 'auth-js drops a session the server does not know');
  // Other users are untouched.
  await assertSessionAlive(bystander.session.access_token, 'another user');
  // Signing in again works.
  await signIn(email, password);
});

test('sessions: POST /logout with a JSON content type and no body → 204; unknown scope → 400', T, async () => {
  const { email, password } = await newUser({ tag: 'logout-raw' });
  const { session } = await signIn(email, password);
  const bad = await authFetch('/logout?scope=everything', { method: 'POST', token: session.access_token });
  assert.equal(bad.status, 400, bad.text);
  await assertSessionAlive(session.access_token, 'after a refused logout');
  const res = await authFetch('/logout?scope=local', { method: 'POST', token: session.access_token });
  assert.equal(res.status, 204, res.text);
  assert.equal(res.text, '');
  await assertSessionGone(session.access_token, 'after logout');
});
