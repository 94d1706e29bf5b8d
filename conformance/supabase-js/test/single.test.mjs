// .single() (server-side object Accept) and .maybeSingle() (client-side in v2) (wire-api.md §2.9, §2.15).

import test from 'node:test';
import assert from 'node:assert/strict';
import { anon, service, ok, fails, assertErrorShape, T, ALICE, DAVE } from './helpers.mjs';

test('single: one row gives an object', T, async () => {
  const res = ok(await anon().from('events').select('id, title').eq('id', 2).single(), 200);
  assert.deepEqual(res.data, { id: 2, title: 'Yakshagana Night' });
});

test('single: with an embed gives an object with the embed', T, async () => {
  const res = ok(await anon().from('people').select('full_name, profiles(bio), roles(name)').eq('id', ALICE).single());
  assert.equal(res.data.full_name, 'Alice Rao');
  assert.deepEqual(res.data.profiles, { bio: 'Singer' });
  assert.deepEqual(res.data.roles.map((r) => r.name).sort(), ['admin', 'volunteer']);
});

test('single: zero rows is 406 PGRST116 "The result contains 0 rows"', T, async () => {
  const res = await anon().from('events').select().eq('id', 999).single();
  const error = fails(res, 'PGRST116', 406);
  assertErrorShape(error);
  assert.equal(error.details, 'The result contains 0 rows');
  assert.equal(res.data, null);
});

test('single: several rows is 406 PGRST116', T, async () => {
  const res = await anon().from('events').select('id').single();
  const error = fails(res, 'PGRST116', 406);
  assert.equal(error.details, 'The result contains 4 rows');
});

test('maybeSingle: zero rows gives null data and no error', T, async () => {
  const res = ok(await anon().from('events').select().eq('id', 999).maybeSingle());
  assert.equal(res.data, null);
  assert.equal(res.status, 200);
});

test('maybeSingle: one row gives an object', T, async () => {
  const res = ok(await anon().from('people').select('full_name').eq('id', DAVE).maybeSingle());
  assert.deepEqual(res.data, { full_name: 'Dave Shastri' });
});

test('maybeSingle: several rows is a PGRST116 error', T, async () => {
  const res = await anon().from('events').select('id').maybeSingle();
  fails(res, 'PGRST116', 406);
  assert.equal(res.data, null);
});

test('single: insert of one row with select().single() gives the object', T, async () => {
  try {
    const res = ok(await anon().from('roles').insert({ id: 300, name: 's-single' }).select().single(), 201);
    assert.deepEqual(res.data, { id: 300, name: 's-single' });
  } finally {
    await service().from('roles').delete().eq('id', 300);
  }
});

test('single: insert returning 2 rows fails with 406 and is rolled back', T, async () => {
  try {
    const res = await anon()
      .from('roles')
      .insert([
        { id: 301, name: 's-one' },
        { id: 302, name: 's-two' },
      ])
      .select()
      .single();
    const error = fails(res, 'PGRST116', 406);
    assert.equal(error.details, 'The result contains 2 rows');
    const after = ok(await service().from('roles').select('id').in('id', [301, 302]));
    assert.deepEqual(after.data, [], 'the insert must be rolled back');
  } finally {
    await service().from('roles').delete().in('id', [301, 302]);
  }
});

test('single: update matching nothing with select().single() is 406', T, async () => {
  const res = await anon().from('profiles').update({ bio: 'nobody' }).eq('person_id', DAVE).select().single();
  const error = fails(res, 'PGRST116', 406);
  assert.equal(error.details, 'The result contains 0 rows');
});

test('single: update of many rows with select().single() is rolled back', T, async () => {
  try {
    const res = await anon().from('events').update({ max_attendees: 999 }).in('id', [1, 2]).select('id').single();
    const error = fails(res, 'PGRST116', 406);
    assert.equal(error.details, 'The result contains 2 rows');
    const { data } = ok(await anon().from('events').select('id, max_attendees').in('id', [1, 2]).order('id'));
    assert.deepEqual(data, [
      { id: 1, max_attendees: 200 },
      { id: 2, max_attendees: 150 },
    ]);
  } finally {
    await service().from('events').update({ max_attendees: 200 }).eq('id', 1);
    await service().from('events').update({ max_attendees: 150 }).eq('id', 2);
  }
});

test('single: delete of many rows with select().single() is rolled back', T, async () => {
  await service().from('roles').insert([
    { id: 303, name: 's-del-a' },
    { id: 304, name: 's-del-b' },
  ]);
  try {
    const res = await anon().from('roles').delete().in('id', [303, 304]).select().single();
    fails(res, 'PGRST116', 406);
    const { data } = ok(await service().from('roles').select('id').in('id', [303, 304]).order('id'));
    assert.deepEqual(data, [{ id: 303 }, { id: 304 }]);
  } finally {
    await service().from('roles').delete().in('id', [303, 304]);
  }
});
