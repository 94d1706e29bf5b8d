// Functions over /rpc (wire-api.md §2.11, §2.13).

import test from 'node:test';
import assert from 'node:assert/strict';
import { anon, asUser, service, ok, fails, assertErrorShape, ids, T, ALICE } from './helpers.mjs';

test('rpc: scalar result', T, async () => {
  const res = ok(await anon().rpc('add', { a: 1, b: 2 }), 200);
  assert.equal(res.data, 3);
});

test('rpc: omitted argument takes its default', T, async () => {
  assert.equal(ok(await anon().rpc('add', { a: 5 })).data, 6);
});

test('rpc: get: true passes arguments in the query string', T, async () => {
  assert.equal(ok(await anon().rpc('add', { a: 2, b: 3 }, { get: true }), 200).data, 5);
});

test('rpc: set-returning function gives an array of rows', T, async () => {
  const { data } = ok(await anon().rpc('events_after', { day: '2020-01-01' }));
  assert.ok(Array.isArray(data));
  assert.deepEqual(ids(data).sort(), [1, 2, 3]);
  assert.equal(data.find((e) => e.id === 3).title, 'Sanskrit Workshop');
});

test('rpc: set-returning with select/eq/order/limit', T, async () => {
  const res = ok(
    await anon().rpc('events_after', { day: '2020-01-01' }).select('id, title').neq('event_type', 'religious').order('id', { ascending: false }).limit(1),
  );
  assert.deepEqual(res.data, [{ id: 3, title: 'Sanskrit Workshop' }]);
});

test('rpc: filter on a column not in select', T, async () => {
  const res = ok(await anon().rpc('events_after', { day: '2000-01-01' }).select('title').eq('event_type', 'cultural').order('id'));
  assert.deepEqual(res.data, [{ title: 'Yakshagana Night' }, { title: 'Past Concert' }]);
});

test('rpc: set-returning result can embed through the returned table\'s FKs', T, async () => {
  const res = ok(await anon().rpc('events_after', { day: '2000-01-01' }).select('id, organizer:people!organizer_id(full_name)').eq('id', 2));
  assert.deepEqual(res.data, [{ id: 2, organizer: { full_name: 'Bob Bhat' } }]);
});

test('rpc: get: true with filters on the result', T, async () => {
  const res = ok(await anon().rpc('events_after', { day: '2000-01-01' }, { get: true }).select('id').gte('id', 3).order('id'));
  assert.deepEqual(res.data, [{ id: 3 }, { id: 4 }]);
});

test('rpc: table-returning function', T, async () => {
  const { data } = ok(await anon().rpc('event_titles').order('id'));
  assert.deepEqual(data, [
    { id: 1, title: 'Ganesh Chaturthi Puja' },
    { id: 2, title: 'Yakshagana Night' },
    { id: 3, title: 'Sanskrit Workshop' },
    { id: 4, title: 'Past Concert' },
  ]);
});

test('rpc: single() on a table-returning function gives an object', T, async () => {
  const { data } = ok(await anon().rpc('event_titles').eq('id', 2).single());
  assert.deepEqual(data, { id: 2, title: 'Yakshagana Night' });
});

test('rpc: function returning one composite gives an object', T, async () => {
  const { data } = ok(await anon().rpc('get_person', { person_id: ALICE }));
  assert.ok(!Array.isArray(data), `expected an object, got ${JSON.stringify(data)}`);
  assert.equal(data.id, ALICE);
  assert.equal(data.full_name, 'Alice Rao');
  assert.equal(data.email, 'alice@example.com');
});

test('rpc: void function → 204 and null data', T, async () => {
  const res = ok(await anon().rpc('touch'), 204);
  assert.equal(res.data, null);
});

test('rpc: head: true with count exact', T, async () => {
  const res = ok(await anon().rpc('event_titles', {}, { head: true, count: 'exact' }));
  assert.equal(res.data, null);
  assert.equal(res.count, 4);
});

test('rpc: count exact alongside rows', T, async () => {
  const res = ok(await anon().rpc('events_after', { day: '2020-01-01' }, { count: 'exact' }));
  assert.equal(res.count, 3);
  assert.equal(res.data.length, 3);
});

test('rpc: overloads with the same argument names are ambiguous → 300 PGRST203', T, async () => {
  // echo(value text) and echo(value int): PostgREST picks overloads by argument *names* only,
  // so {value: ...} matches both.
  const res = await anon().rpc('echo', { value: 'hi' });
  const error = fails(res, 'PGRST203', 300);
  assertErrorShape(error);
});

test('rpc: single unnamed json parameter receives the whole body', T, async () => {
  assert.equal(ok(await anon().rpc('count_keys', { a: 1, b: 2, c: 3 })).data, 3);
  assert.equal(ok(await anon().rpc('count_keys', {})).data, 0);
});

test('rpc: variadic array argument', T, async () => {
  assert.equal(ok(await anon().rpc('sum_all', { numbers: [1, 2, 3] })).data, 6);
  assert.equal(ok(await anon().rpc('sum_all', { numbers: [] })).data, 0);
});

test('rpc: variadic array argument over GET', T, async () => {
  assert.equal(ok(await anon().rpc('sum_all', { numbers: [4, 5] }, { get: true })).data, 9);
});

test('rpc: RAISE EXCEPTION → 400 P0001 with message, details and hint', T, async () => {
  const res = await anon().rpc('fail', { kind: 'plain' });
  const error = fails(res, 'P0001', 400);
  assertErrorShape(error);
  assert.equal(error.message, 'Plain failure');
  assert.equal(error.details, 'some detail');
  assert.equal(error.hint, 'some hint');
});

test('rpc: RAISE SQLSTATE PT402 → HTTP 402', T, async () => {
  const res = await anon().rpc('fail', { kind: 'payment' });
  const error = fails(res, 'PT402', 402);
  assert.equal(error.message, 'Payment required');
});

test('rpc: a function that does not raise answers 204', T, async () => {
  ok(await anon().rpc('fail', { kind: 'none' }), 204);
});

test('rpc: unknown function → 404 PGRST202', T, async () => {
  const error = fails(await anon().rpc('no_such_function', { a: 1 }), 'PGRST202', 404);
  assertErrorShape(error);
  assert.match(error.message, /no_such_function/);
});

test('rpc: known function with unknown argument names → 404 PGRST202', T, async () => {
  fails(await anon().rpc('add', { x: 1, y: 2 }), 'PGRST202', 404);
});

test('rpc: volatile function writes in a POST call', T, async () => {
  try {
    const res = ok(await asUser(ALICE).rpc('add_note', { body: 'rpc-note from conformance' }));
    assert.ok(Array.isArray(res.data));
    assert.equal(res.data.length, 1);
    assert.equal(res.data[0].body, 'rpc-note from conformance');
    assert.equal(res.data[0].owner_id, ALICE);
    assert.equal(res.data[0].is_public, true);
  } finally {
    await service().from('notes').delete().eq('body', 'rpc-note from conformance');
  }
});

test('rpc: volatile function over GET runs read-only → 405 25006', T, async () => {
  try {
    const res = await asUser(ALICE).rpc('add_note', { body: 'rpc-get-note' }, { get: true });
    fails(res, '25006', 405);
    const { data } = ok(await service().from('notes').select('id').eq('body', 'rpc-get-note'));
    assert.deepEqual(data, []);
  } finally {
    await service().from('notes').delete().eq('body', 'rpc-get-note');
  }
});
