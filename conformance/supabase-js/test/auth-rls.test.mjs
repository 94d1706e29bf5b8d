// Callers, JWTs and row-level security (wire-api.md §2.13, §3).

import test from 'node:test';
import assert from 'node:assert/strict';
import {
  anon, service, asUser, withBearer, signJwt, userJwt, ok, fails, assertErrorShape, ids, T,
  ALICE, BOB, CAROL, PUBLIC_NOTES,
} from './helpers.mjs';

const seededNotes = (client) => client.from('notes').select('id').lt('id', 100).order('id');

test('rls: anon sees only public notes', T, async () => {
  assert.deepEqual(ids(ok(await seededNotes(anon())).data), PUBLIC_NOTES);
});

test('rls: a user sees their own and public notes', T, async () => {
  assert.deepEqual(ids(ok(await seededNotes(asUser(ALICE))).data), [1, 2, 3, 5]);
  assert.deepEqual(ids(ok(await seededNotes(asUser(BOB))).data), [1, 3, 4, 5]);
});

test('rls: service role bypasses RLS and sees every note', T, async () => {
  assert.deepEqual(ids(ok(await seededNotes(service())).data), [1, 2, 3, 4, 5]);
});

test('rls: count respects RLS', T, async () => {
  const res = ok(await anon().from('notes').select('*', { count: 'exact', head: true }).lt('id', 100));
  assert.equal(res.count, 3);
});

test('rls: a user inserts a note (owner_id defaults to auth.uid()) and reads it back', T, async () => {
  const body = 'rls: alice private note';
  try {
    const res = ok(await asUser(ALICE).from('notes').insert({ body }).select('id, owner_id, is_public, body'), 201);
    assert.equal(res.data.length, 1);
    const note = res.data[0];
    assert.equal(note.owner_id, ALICE);
    assert.equal(note.is_public, false);
    const mine = ok(await asUser(ALICE).from('notes').select('body').eq('id', note.id));
    assert.deepEqual(mine.data, [{ body }]);
    const theirs = ok(await asUser(BOB).from('notes').select('body').eq('id', note.id));
    assert.deepEqual(theirs.data, [], 'another user must not see a private note');
    const anonymous = ok(await anon().from('notes').select('body').eq('id', note.id));
    assert.deepEqual(anonymous.data, []);
  } finally {
    await service().from('notes').delete().eq('body', body);
  }
});

test("rls: a user cannot update another user's note (0 rows, no error)", T, async () => {
  const res = ok(await asUser(BOB).from('notes').update({ body: 'hacked' }, { count: 'exact' }).eq('id', 1), 204);
  assert.equal(res.count, 0);
  const withSelect = ok(await asUser(BOB).from('notes').update({ body: 'hacked' }).eq('id', 1).select(), 200);
  assert.deepEqual(withSelect.data, []);
  const { data } = ok(await service().from('notes').select('body').eq('id', 1));
  assert.deepEqual(data, [{ body: 'Public announcement about the cultural festival' }]);
});

test("rls: a user cannot delete another user's note", T, async () => {
  const res = ok(await asUser(BOB).from('notes').delete({ count: 'exact' }).eq('id', 2), 204);
  assert.equal(res.count, 0);
  const { data } = ok(await service().from('notes').select('id').eq('id', 2));
  assert.deepEqual(data, [{ id: 2 }]);
});

test('rls: a user updates their own note', T, async () => {
  try {
    const res = ok(await asUser(ALICE).from('notes').update({ body: 'Private planning notes (edited)' }).eq('id', 2).select('id, body'), 200);
    assert.deepEqual(res.data, [{ id: 2, body: 'Private planning notes (edited)' }]);
  } finally {
    await service().from('notes').update({ body: 'Private planning notes for the festival budget' }).eq('id', 2);
  }
});

test('rls: anon insert into notes → 401 42501', T, async () => {
  const res = await anon().from('notes').insert({ body: 'rls: anon note', owner_id: ALICE });
  try {
    const error = fails(res, '42501', 401);
    assertErrorShape(error);
  } finally {
    await service().from('notes').delete().eq('body', 'rls: anon note');
  }
});

test('rls: authenticated insert violating WITH CHECK → 403 42501', T, async () => {
  const res = await asUser(ALICE).from('notes').insert({ body: 'rls: forged owner', owner_id: BOB });
  try {
    const error = fails(res, '42501', 403);
    assertErrorShape(error);
    assert.match(error.message, /row-level security/);
  } finally {
    await service().from('notes').delete().eq('body', 'rls: forged owner');
  }
});

test('rls: update moving a note to another owner violates WITH CHECK → 403 42501', T, async () => {
  try {
    fails(await asUser(ALICE).from('notes').update({ owner_id: BOB }).eq('id', 2), '42501', 403);
    const { data } = ok(await service().from('notes').select('owner_id').eq('id', 2));
    assert.deepEqual(data, [{ owner_id: ALICE }]);
  } finally {
    await service().from('notes').update({ owner_id: ALICE }).eq('id', 2);
  }
});

test('rls: insert-only table: anon insert with return=minimal → 201', T, async () => {
  const message = 'rls: feedback minimal';
  try {
    const res = ok(await anon().from('feedback').insert({ message }), 201);
    assert.equal(res.data, null);
    const { data } = ok(await service().from('feedback').select('message').eq('message', message));
    assert.deepEqual(data, [{ message }]);
  } finally {
    await service().from('feedback').delete().eq('message', message);
  }
});

test('rls: insert-only table: anon insert with .select() → 401 42501, nothing inserted', T, async () => {
  const message = 'rls: feedback representation';
  try {
    const res = await anon().from('feedback').insert({ message }).select();
    fails(res, '42501', 401);
    const { data } = ok(await service().from('feedback').select('id').eq('message', message));
    assert.deepEqual(data, []);
  } finally {
    await service().from('feedback').delete().eq('message', message);
  }
});

test('rls: insert-only table reads back empty for anon, full for service', T, async () => {
  assert.deepEqual(ok(await anon().from('feedback').select('id')).data, []);
  const { data } = ok(await service().from('feedback').select('message'));
  assert.ok(data.some((f) => f.message === 'Seeded feedback nobody but the service can read'));
});

test('rls: service role writes any row', T, async () => {
  const body = 'rls: service wrote this';
  try {
    const res = ok(await service().from('notes').insert({ body, owner_id: CAROL }).select('owner_id'), 201);
    assert.deepEqual(res.data, [{ owner_id: CAROL }]);
    assert.deepEqual(ok(await asUser(CAROL).from('notes').select('body').eq('body', body)).data, [{ body }]);
  } finally {
    await service().from('notes').delete().eq('body', body);
  }
});

test('whoami: anon key → role anon, no sub', T, async () => {
  const { data } = ok(await anon().rpc('whoami'));
  assert.deepEqual(data, { role: 'anon', sub: null, method: 'POST' });
});

test('whoami: user JWT → role authenticated with sub', T, async () => {
  const { data } = ok(await asUser(BOB).rpc('whoami'));
  assert.deepEqual(data, { role: 'authenticated', sub: BOB, method: 'POST' });
});

test('whoami: service key → role service_role', T, async () => {
  const { data } = ok(await service().rpc('whoami', {}, { get: true }));
  assert.deepEqual(data, { role: 'service_role', sub: null, method: 'GET' });
});

test('jwt: expired user JWT → 401 PGRST303 "JWT expired"', T, async () => {
  const res = await asUser(ALICE, { expiresIn: -3600 }).from('notes').select('id');
  const error = fails(res, 'PGRST303', 401);
  assertErrorShape(error);
  assert.equal(error.message, 'JWT expired');
});

test('jwt: garbage bearer → 401 PGRST301', T, async () => {
  const error = fails(await withBearer('not-a-jwt').from('notes').select('id'), 'PGRST301', 401);
  assertErrorShape(error);
});

test('jwt: wrong signature → 401 PGRST301', T, async () => {
  const now = Math.floor(Date.now() / 1000);
  const forged = signJwt({ sub: ALICE, role: 'service_role', exp: now + 600 }, 'a-completely-different-secret-of-enough-length');
  fails(await withBearer(forged).from('notes').select('id'), 'PGRST301', 401);
});

test('jwt: a valid token of another role is honoured (service_role claim)', T, async () => {
  const now = Math.floor(Date.now() / 1000);
  const token = signJwt({ role: 'service_role', iat: now, exp: now + 600 });
  assert.deepEqual(ids(ok(await seededNotes(withBearer(token))).data), [1, 2, 3, 4, 5]);
});

test('jwt: user token rpc sees its claims through auth.uid() in RLS', T, async () => {
  const token = userJwt(CAROL);
  assert.deepEqual(ids(ok(await seededNotes(withBearer(token))).data), [1, 3, 5]);
});
