// Error bodies and SQLSTATE → HTTP mapping (wire-api.md §2.13).

import test from 'node:test';
import assert from 'node:assert/strict';
import { anon, service, ok, fails, assertErrorShape, T, ALICE } from './helpers.mjs';

test('error: unknown table → 404 PGRST205', T, async () => {
  const res = await anon().from('no_such_table').select();
  const error = fails(res, 'PGRST205', 404);
  assertErrorShape(error);
  assert.match(error.message, /public\.no_such_table/);
  assert.equal(res.data, null);
});

test('error: unknown column in select → 400 42703', T, async () => {
  const error = fails(await anon().from('people').select('id, no_such_column'), '42703', 400);
  assertErrorShape(error);
  assert.match(error.message, /no_such_column/);
});

test('error: unknown column in a filter → 400 42703', T, async () => {
  fails(await anon().from('people').select('id').eq('no_such_column', 1), '42703', 400);
});

test('error: invalid input for the column type → 400 22P02', T, async () => {
  const error = fails(await anon().from('events').select('id').eq('id', 'abc'), '22P02', 400);
  assertErrorShape(error);
});

test('error: unique violation → 409 23505', T, async () => {
  const res = await anon().from('people').insert({ full_name: 'Duplicate', email: 'alice@example.com' });
  try {
    const error = fails(res, '23505', 409);
    assertErrorShape(error);
    // The constraint's columns, never another row's values (the service role alone gets them).
    assert.equal(error.details, 'Key (email) already exists.');
  } finally {
    await service().from('people').delete().eq('full_name', 'Duplicate');
  }
});

test('error: foreign key violation → 409 23503', T, async () => {
  const res = await anon().from('registrations').insert({ event_id: 999, person_id: ALICE });
  const error = fails(res, '23503', 409);
  assertErrorShape(error);
});

test('error: deleting a referenced row → 409 23503', T, async () => {
  fails(await anon().from('roles').delete().eq('id', 1), '23503', 409);
  const { data } = ok(await anon().from('roles').select('id').eq('id', 1));
  assert.deepEqual(data, [{ id: 1 }]);
});

test('error: check violation → 400 23514', T, async () => {
  const res = await anon().from('events').insert({ title: 'E Bad', event_date: '2030-01-01', max_attendees: 0 });
  try {
    const error = fails(res, '23514', 400);
    assertErrorShape(error);
  } finally {
    await service().from('events').delete().eq('title', 'E Bad');
  }
});

test('error: not-null violation → 400 23502', T, async () => {
  fails(await anon().from('people').insert({ email: 'nobody@example.com' }), '23502', 400);
});

test('error: invalid enum value → 400 22P02', T, async () => {
  const res = await anon().from('events').insert({ title: 'E Enum', event_date: '2030-01-01', event_type: 'sporting' });
  try {
    fails(res, '22P02', 400);
  } finally {
    await service().from('events').delete().eq('title', 'E Enum');
  }
});

test('error: payload key that is not a column → 400 PGRST204', T, async () => {
  const error = fails(await anon().from('roles').insert({ id: 400, name: 'e', no_such_column: 1 }), 'PGRST204', 400);
  assertErrorShape(error);
  assert.match(error.message, /no_such_column/);
});

test('error: filter on an embed that is not selected → 400 PGRST108', T, async () => {
  fails(await anon().from('people').select('full_name').eq('registrations.event_id', 1), 'PGRST108', 400);
});

test('error: schema that is not exposed → 406 PGRST106', T, async () => {
  const error = fails(await anon().schema('auth').from('users').select(), 'PGRST106', 406);
  assertErrorShape(error);
});

test('error: writing a generated-always identity column → 400 428C9', T, async () => {
  const res = await anon().from('events').insert({ id: 77, title: 'E Identity', event_date: '2030-01-01' });
  try {
    fails(res, '428C9', 400);
  } finally {
    await service().from('events').delete().eq('title', 'E Identity');
  }
});
