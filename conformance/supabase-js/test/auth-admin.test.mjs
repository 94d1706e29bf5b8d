// The admin API through supabase-js (wire-api.md §4.6): the service-role key, or a signed-in
// user admitted by the SQL function auth.can_manage_users() (redefined here as the superuser,
// and restored afterwards).

import test from 'node:test';
import assert from 'node:assert/strict';
import { isAuthApiError, isAuthSessionMissingError } from '@supabase/supabase-js';
import {
  T, SERVICE_KEY, anon, service, withBearer, sql, lit, newEmail, newPassword, authClient, newUser, signIn, decodeJwt,
  authFetch, authFails, TIMESTAMP, UUID,
} from './helpers.mjs';

const admin = () => service().auth.admin;

async function createConfirmed(extra = {}) {
  const email = newEmail('admin-made');
  const password = newPassword();
  const res = await admin().createUser({ email, password, email_confirm: true, ...extra });
  assert.equal(res.error, null, JSON.stringify(res.error));
  return { email, password, user: res.data.user };
}

const RESTORE_CAN_MANAGE_USERS = 'create or replace function auth.can_manage_users() returns boolean language sql stable as $$ select false $$';

test('admin: createUser with email_confirm makes a confirmed user who can sign in', T, async () => {
  const email = newEmail('admin-create');
  const password = newPassword();
  const res = await admin().createUser({
    email, password, email_confirm: true, user_metadata: { name: 'Ganesh' }, app_metadata: { team: 'kitchen' },
  });
  assert.equal(res.error, null, JSON.stringify(res.error));
  const user = res.data.user;
  assert.match(user.id, UUID);
  assert.equal(user.email, email);
  assert.equal(user.aud, 'authenticated');
  assert.equal(user.role, 'authenticated');
  assert.match(String(user.email_confirmed_at), TIMESTAMP);
  assert.equal(user.user_metadata.name, 'Ganesh');
  assert.equal(user.app_metadata.provider, 'email');
  assert.deepEqual(user.app_metadata.providers, ['email']);
  assert.equal(user.app_metadata.team, 'kitchen');
  assert.ok(!('encrypted_password' in user));
  const { session } = await signIn(email, password);
  assert.equal(session.user.id, user.id);
  const claims = decodeJwt(session.access_token).payload;
  assert.equal(claims.app_metadata.team, 'kitchen');
  assert.equal(claims.user_metadata.name, 'Ganesh');
  assert.equal(claims.role, 'authenticated');
});

test('admin: createUser without email_confirm → sign-in refused with 400 email_not_confirmed', T, async () => {
  const email = newEmail('admin-unconfirmed');
  const password = newPassword();
  const res = await admin().createUser({ email, password });
  assert.equal(res.error, null, JSON.stringify(res.error));
  assert.ok(!res.data.user.email_confirmed_at, `email_confirmed_at ${res.data.user.email_confirmed_at}`);
  authFails(await authClient().auth.signInWithPassword({ email, password }), 'email_not_confirmed', 400);
});

test('admin: createUser with an e-mail in use → 422 email_exists', T, async () => {
  const { email } = await newUser({ tag: 'admin-dup' });
  const res = await admin().createUser({ email, password: newPassword(), email_confirm: true });
  authFails(res, 'email_exists', 422);
  authFails(await admin().createUser({ email: email.toUpperCase(), password: newPassword() }), 'email_exists', 422);
});

test('admin: listUsers pages with X-Total-Count and Link (total, nextPage, lastPage)', T, async () => {
  const mine = [];
  for (let i = 0; i < 3; i++) mine.push((await createConfirmed()).user.id);
  const probe = await authFetch('/admin/users?page=1&per_page=1', { token: SERVICE_KEY, apikey: SERVICE_KEY });
  assert.equal(probe.status, 200, probe.text);
  const total = Number(probe.headers.get('x-total-count'));
  assert.ok(Number.isInteger(total) && total >= 3, `X-Total-Count ${probe.headers.get('x-total-count')}`);
  assert.equal(probe.body.users.length, 1);
  assert.equal(probe.body.aud, 'authenticated');
  const link = probe.headers.get('link') ?? '';
  assert.match(link, /<[^>]*\?page=2&per_page=1[^>]*>;\s*rel="next"/, `Link ${link}`);
  assert.match(link, new RegExp(`<[^>]*\\?page=${total}&per_page=1[^>]*>;\\s*rel="last"`), `Link ${link}`);

  // auth-js reads one digit of the page number: keep the pages ≤ 9.
  const perPage = Math.max(1, Math.ceil(total / 4));
  const lastPage = Math.ceil(total / perPage);
  const first = await admin().listUsers({ page: 1, perPage });
  assert.equal(first.error, null, JSON.stringify(first.error));
  assert.equal(first.data.users.length, perPage);
  assert.equal(first.data.total, total);
  assert.equal(first.data.nextPage, 2);
  assert.equal(first.data.lastPage, lastPage);
  assert.equal(first.data.aud, 'authenticated');

  const seen = new Set();
  for (let page = 1; page <= lastPage; page++) {
    const res = await admin().listUsers({ page, perPage });
    assert.equal(res.error, null, JSON.stringify(res.error));
    for (const u of res.data.users) {
      assert.match(u.id, UUID);
      assert.ok(!('encrypted_password' in u));
      seen.add(u.id);
    }
    if (page === lastPage) {
      assert.equal(res.data.users.length, total - perPage * (lastPage - 1), 'last page size');
      assert.equal(res.data.nextPage, null, 'no next page after the last');
    }
  }
  assert.equal(seen.size, total, 'pages must not overlap or skip users');
  for (const id of mine) assert.ok(seen.has(id), `${id} missing from the listing`);
});

test('admin: getUserById returns the user; an unknown id → 404 user_not_found', T, async () => {
  const { user, email } = await newUser({ tag: 'admin-get', data: { x: 1 } });
  const res = await admin().getUserById(user.id);
  assert.equal(res.error, null, JSON.stringify(res.error));
  assert.equal(res.data.user.id, user.id);
  assert.equal(res.data.user.email, email);
  assert.equal(res.data.user.user_metadata.x, 1);
  assert.equal(res.data.user.identities?.[0]?.provider, 'email');
  authFails(await admin().getUserById('00000000-0000-4000-8000-000000000000'), 'user_not_found', 404);
});

test('admin: updateUserById merges metadata and sets the password', T, async () => {
  const { email, password, user } = await createConfirmed({ user_metadata: { a: 1, b: 2 }, app_metadata: { team: 'x' } });
  const next = newPassword();
  const res = await admin().updateUserById(user.id, {
    user_metadata: { b: 3, a: null, c: 4 }, app_metadata: { level: 2 }, password: next,
  });
  assert.equal(res.error, null, JSON.stringify(res.error));
  const u = res.data.user;
  assert.equal(u.user_metadata.b, 3);
  assert.equal(u.user_metadata.c, 4);
  assert.ok(!('a' in u.user_metadata), JSON.stringify(u.user_metadata));
  assert.equal(u.app_metadata.team, 'x');
  assert.equal(u.app_metadata.level, 2);
  assert.equal(u.app_metadata.provider, 'email');
  const fetched = await admin().getUserById(user.id);
  assert.deepEqual(fetched.data.user.user_metadata, u.user_metadata);
  const { session } = await signIn(email, next);
  assert.equal(decodeJwt(session.access_token).payload.app_metadata.level, 2);
  authFails(await authClient().auth.signInWithPassword({ email, password }), 'invalid_credentials', 400);
});

test('admin: ban_duration bans (refresh → 400 user_banned, sign-in refused); "none" lifts it', T, async () => {
  const { email, password, user } = await createConfirmed();
  const { session } = await signIn(email, password);
  const banned = await admin().updateUserById(user.id, { ban_duration: '24h' });
  assert.equal(banned.error, null, JSON.stringify(banned.error));
  const until = Date.parse(banned.data.user.banned_until);
  assert.ok(until > Date.now() + 23 * 3600_000 && until < Date.now() + 25 * 3600_000, `banned_until ${banned.data.user.banned_until}`);
  authFails(await authClient().auth.refreshSession({ refresh_token: session.refresh_token }), 'user_banned', 400);
  const signInBanned = await authClient().auth.signInWithPassword({ email, password });
  assert.ok(signInBanned.error, 'a banned user must not sign in');
  assert.equal(signInBanned.error.status, 400, JSON.stringify(signInBanned.error));
  assert.equal(signInBanned.data.session, null);

  const lifted = await admin().updateUserById(user.id, { ban_duration: 'none' });
  assert.equal(lifted.error, null, JSON.stringify(lifted.error));
  assert.ok(!lifted.data.user.banned_until || Date.parse(lifted.data.user.banned_until) <= Date.now(), `banned_until ${lifted.data.user.banned_until}`);
  await signIn(email, password);
});

test('admin: deleteUser removes the account, its sessions and its sign-in', T, async () => {
  const { email, password, user } = await createConfirmed();
  const { session } = await signIn(email, password);
  const res = await admin().deleteUser(user.id);
  assert.equal(res.error, null, JSON.stringify(res.error));
  authFails(await admin().getUserById(user.id), 'user_not_found', 404);
  authFails(await authClient().auth.signInWithPassword({ email, password }), 'invalid_credentials', 400);
  const me = await authClient().auth.getUser(session.access_token);
  assert.ok(me.error, 'a deleted user\'s token must not return a user');
  assert.ok(isAuthSessionMissingError(me.error) || me.error.code === 'user_not_found', JSON.stringify(me.error));
  const refreshed = await authClient().auth.refreshSession({ refresh_token: session.refresh_token });
  assert.ok(refreshed.error, 'a deleted user\'s refresh token must not work');
  assert.equal(refreshed.error.status, 400, JSON.stringify(refreshed.error));
  // The address is free again.
  const again = await admin().createUser({ email, password: newPassword(), email_confirm: true });
  assert.equal(again.error, null, JSON.stringify(again.error));
  assert.notEqual(again.data.user.id, user.id);
});

test('admin: a signed-in user and the anon key get 403 not_admin', T, async () => {
  const { session, user } = await newUser({ tag: 'not-admin' });
  const asUser = withBearer(session.access_token).auth.admin;
  for (const [name, call] of [
    ['listUsers', () => asUser.listUsers()],
    ['getUserById', () => asUser.getUserById(user.id)],
    ['updateUserById', () => asUser.updateUserById(user.id, { app_metadata: { role: 'admin' } })],
    ['createUser', () => asUser.createUser({ email: newEmail('sneak'), password: newPassword(), email_confirm: true })],
    ['deleteUser', () => asUser.deleteUser(user.id)],
    ['anon listUsers', () => anon().auth.admin.listUsers()],
  ]) {
    const res = await call();
    assert.ok(res.error, `${name} allowed`);
    assert.ok(isAuthApiError(res.error), `${name}: ${res.error.name}`);
    assert.equal(res.error.code, 'not_admin', `${name}: ${JSON.stringify(res.error)}`);
    assert.equal(res.error.status, 403, name);
  }
  const still = await admin().getUserById(user.id);
  assert.equal(still.error, null);
  assert.equal(still.data.user.app_metadata.role, undefined);
});

test('admin: a user admitted by a redefined auth.can_manage_users() may use the admin API', T, async () => {
  const boss = await newUser({ tag: 'boss' });
  const member = await newUser({ tag: 'member' });
  sql(`create or replace function auth.can_manage_users() returns boolean language sql stable
       as $$ select coalesce(auth.jwt() ->> 'email', '') = ${lit(boss.email)} $$`);
  try {
    const asBoss = withBearer(boss.session.access_token).auth.admin;
    const list = await asBoss.listUsers({ page: 1, perPage: 5 });
    assert.equal(list.error, null, JSON.stringify(list.error));
    assert.ok(list.data.users.length > 0);
    const got = await asBoss.getUserById(member.user.id);
    assert.equal(got.error, null, JSON.stringify(got.error));
    assert.equal(got.data.user.email, member.email);
    const updated = await asBoss.updateUserById(member.user.id, { user_metadata: { checked: true } });
    assert.equal(updated.error, null, JSON.stringify(updated.error));
    assert.equal(updated.data.user.user_metadata.checked, true);
    const denied = await withBearer(member.session.access_token).auth.admin.listUsers();
    authFails(denied, 'not_admin', 403);
  } finally {
    sql(RESTORE_CAN_MANAGE_USERS);
  }
  const afterRestore = await withBearer(boss.session.access_token).auth.admin.listUsers();
  authFails(afterRestore, 'not_admin', 403);
});
