// Less common client features apps still use: quantified operators, embed filters, related
// ordering, spreads, CSV, stripped nulls, strict handling (wire-api.md §2.3–2.6, §2.12).

import test from 'node:test';
import assert from 'node:assert/strict';
import { anon, service, ok, fails, ids, T, ALICE, BOB, CAROL, DAVE } from './helpers.mjs';

const events = () => anon().from('events').select('id').order('id');

test('filter: likeAnyOf / likeAllOf / ilikeAnyOf (quantified operators)', T, async () => {
  assert.deepEqual(ids(ok(await events().likeAnyOf('title', ['%Night', '%Puja'])).data), [1, 2]);
  assert.deepEqual(ids(ok(await events().likeAllOf('title', ['%a%', '%Work%'])).data), [3]);
  assert.deepEqual(ids(ok(await events().ilikeAnyOf('title', ['past%', 'sanskrit%'])).data), [3, 4]);
});

test('filter: regexMatch / regexIMatch', T, async () => {
  assert.deepEqual(ids(ok(await events().regexMatch('title', 'Night$')).data), [2]);
  assert.deepEqual(ids(ok(await events().regexIMatch('title', '^(past|sanskrit)')).data), [3, 4]);
});

test('filter: isDistinct treats NULL as a value', T, async () => {
  assert.deepEqual(ids(ok(await events().isDistinct('max_attendees', 200)).data), [2, 3, 4]);
});

test('filter: in with a value containing a dot and a space', T, async () => {
  try {
    ok(await service().from('roles').insert([{ id: 500, name: 'v1.2 beta' }, { id: 501, name: 'v1.3' }]), 201);
    const { data } = ok(await anon().from('roles').select('id').in('name', ['v1.2 beta', 'v1.3', 'admin']).order('id'));
    assert.deepEqual(ids(data), [1, 500, 501]);
  } finally {
    await service().from('roles').delete().in('id', [500, 501]);
  }
});

test('filter: eq on a value with reserved characters (&, =, +, %, comma)', T, async () => {
  const name = 'A&B = C+D, 100%';
  try {
    ok(await service().from('roles').insert({ id: 502, name }), 201);
    assert.deepEqual(ok(await anon().from('roles').select('name').eq('name', name)).data, [{ name }]);
  } finally {
    await service().from('roles').delete().eq('id', 502);
  }
});

test('filter: textSearch on a text column (to_tsvector wraps it)', T, async () => {
  const { data } = ok(
    await service().from('notes').select('id').lt('id', 100).textSearch('body', 'sweets', { type: 'plain', config: 'english' }).order('id'),
  );
  assert.deepEqual(ids(data), [3]);
});

test('embed: not.is.null on an embed keeps only parents with a match', T, async () => {
  const { data } = ok(await anon().from('people').select('full_name, profiles(bio)').not('profiles', 'is', null).order('full_name'));
  assert.deepEqual(data.map((p) => p.full_name), ['Alice Rao', 'Bob Bhat']);
});

test('embed: is.null on an embed is an anti-join', T, async () => {
  const { data } = ok(await anon().from('people').select('full_name, profiles()').is('profiles', null).order('full_name'));
  assert.deepEqual(data, [{ full_name: 'Carol Hegde' }, { full_name: 'Dave Shastri' }]);
});

test('embed: empty embed used only for filtering', T, async () => {
  const { data } = ok(await anon().from('people').select('full_name, registrations!inner()').eq('registrations.event_id', 3));
  assert.deepEqual(data, [{ full_name: 'Dave Shastri' }]);
});

test('embed: spread of a to-one embed lifts its columns', T, async () => {
  const { data } = ok(await anon().from('events').select('id, ...people!organizer_id(organizer_name:full_name)').in('id', [2, 4]).order('id'));
  assert.deepEqual(data, [
    { id: 2, organizer_name: 'Bob Bhat' },
    { id: 4, organizer_name: 'Carol Hegde' },
  ]);
});

test('order: by a column of a to-one embed', T, async () => {
  const { data } = ok(
    await anon().from('events').select('id, organizer:people!organizer_id(full_name)').order('organizer(full_name)', { ascending: false }).order('id'),
  );
  assert.deepEqual(ids(data), [4, 2, 1, 3]);
});

test('embed: range on the referenced table', T, async () => {
  const { data } = ok(
    await anon().from('events').select('id, registrations(id)').eq('id', 1).order('id', { referencedTable: 'registrations' }).range(1, 2, { referencedTable: 'registrations' }),
  );
  assert.deepEqual(data, [{ id: 1, registrations: [{ id: 2 }, { id: 3 }] }]);
});

test('embed: two embeds of the same table under different aliases', T, async () => {
  const { data } = ok(
    await anon().from('events').select('id, o:people!organizer_id(id), c:people!contact_id(id)').eq('id', 2),
  );
  assert.deepEqual(data, [{ id: 2, o: { id: BOB }, c: { id: ALICE } }]);
});

test('csv(): text/csv with a header line', T, async () => {
  const res = ok(await anon().from('roles').select('id, name').in('id', [1, 4]).order('id').csv(), 200);
  assert.equal(typeof res.data, 'string');
  const lines = res.data.trim().split(/\r?\n/);
  assert.deepEqual(lines, ['id,name', '1,admin', '4,"cook (head), kitchen"']);
});

test('stripNulls(): null keys are removed', T, async () => {
  const res = ok(await anon().from('people').select('full_name, email').in('id', [CAROL, DAVE]).order('full_name').stripNulls());
  assert.deepEqual(res.data, [{ full_name: 'Carol Hegde' }, { full_name: 'Dave Shastri', email: 'dave@example.com' }]);
});

test('maxAffected(): more rows than allowed fails and rolls back (PGRST124)', T, async () => {
  try {
    const res = await anon().from('events').update({ max_attendees: 1 }).in('id', [1, 2]).maxAffected(1);
    fails(res, 'PGRST124', 400);
    const { data } = ok(await anon().from('events').select('max_attendees').in('id', [1, 2]).order('id'));
    assert.deepEqual(data, [{ max_attendees: 200 }, { max_attendees: 150 }]);
  } finally {
    await service().from('events').update({ max_attendees: 200 }).eq('id', 1);
    await service().from('events').update({ max_attendees: 150 }).eq('id', 2);
  }
});

test('throwOnError(): errors become PostgrestError exceptions with the code', T, async () => {
  await assert.rejects(
    async () => {
      await anon().from('no_such_table').select().throwOnError();
    },
    (err) => err.code === 'PGRST205' && typeof err.message === 'string',
  );
});

test('upsert with defaultToNull false keeps defaults for missing keys on insert', T, async () => {
  try {
    const res = ok(
      await anon()
        .from('events')
        .upsert([{ title: 'M Upsert', event_date: '2033-01-01' }], { defaultToNull: false })
        .select('title, event_type'),
      201,
    );
    assert.deepEqual(res.data, [{ title: 'M Upsert', event_type: 'cultural' }]);
  } finally {
    await service().from('events').delete().eq('title', 'M Upsert');
  }
});

test('insert: a JSON value, an array and a range are stored as sent', T, async () => {
  const body = 'more: typed values';
  try {
    const res = ok(
      await service()
        .from('notes')
        .insert({ body, owner_id: DAVE, tags: ['a b', 'c,d', 'e"f'], data: { nested: [1, { x: null }], s: 'é' }, period: '[3,7)' })
        .select('tags, data, period'),
      201,
    );
    assert.deepEqual(res.data, [{ tags: ['a b', 'c,d', 'e"f'], data: { nested: [1, { x: null }], s: 'é' }, period: '[3,7)' }]);
  } finally {
    await service().from('notes').delete().eq('body', body);
  }
});

test('embed: from a view through the base table\'s FK (relationship inferred from the view)', T, async () => {
  const { data } = ok(await anon().from('upcoming_events').select('id, registrations(count)').order('id'));
  assert.deepEqual(data, [
    { id: 1, registrations: [{ count: 3 }] },
    { id: 2, registrations: [{ count: 1 }] },
  ]);
});

test('rpc: single() on a scalar function returns the scalar', T, async () => {
  const res = ok(await anon().rpc('add', { a: 20, b: 22 }).single());
  assert.equal(res.data, 42);
});

test('insert: .select().maybeSingle() of one row gives the object', T, async () => {
  try {
    const res = ok(await anon().from('roles').insert({ id: 503, name: 'm-maybe' }).select('id, name').maybeSingle(), 201);
    assert.deepEqual(res.data, { id: 503, name: 'm-maybe' });
  } finally {
    await service().from('roles').delete().eq('id', 503);
  }
});
