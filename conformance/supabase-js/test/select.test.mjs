// Vertical filtering and resource embedding (wire-api.md §2.3).

import test from 'node:test';
import assert from 'node:assert/strict';
import { anon, service, ok, fails, assertErrorShape, ids, T, ALICE, BOB, CAROL, DAVE } from './helpers.mjs';

const byName = (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

test('select: named columns only, ordered', T, async () => {
  const res = ok(await anon().from('people').select('id, full_name').order('full_name'), 200);
  assert.deepEqual(res.data, [
    { id: ALICE, full_name: 'Alice Rao' },
    { id: BOB, full_name: 'Bob Bhat' },
    { id: CAROL, full_name: 'Carol Hegde' },
    { id: DAVE, full_name: 'Dave Shastri' },
  ]);
});

test('select: * returns every column with PostgreSQL JSON formatting', T, async () => {
  const { data } = ok(await anon().from('events').select().eq('id', 1));
  assert.equal(data.length, 1);
  const row = data[0];
  assert.deepEqual(Object.keys(row).sort(), [
    'contact_id', 'event_date', 'event_type', 'id', 'max_attendees', 'organizer_id', 'title',
  ]);
  assert.equal(row.id, 1); // bigint as a JSON number
  assert.equal(row.event_date, '2099-09-01'); // date as text
  assert.equal(row.event_type, 'religious'); // enum as text
  assert.equal(row.max_attendees, 200);
  assert.equal(row.organizer_id, ALICE);
});

test('select: timestamptz is an ISO 8601 string', T, async () => {
  const { data } = ok(await anon().from('people').select('created_at').eq('id', ALICE));
  assert.equal(typeof data[0].created_at, 'string');
  assert.match(data[0].created_at, /^2025-01-01T\d\d:00:00/);
  assert.equal(new Date(data[0].created_at).toISOString(), '2025-01-01T10:00:00.000Z');
});

test('select: alias renames the column', T, async () => {
  const { data } = ok(await anon().from('people').select('name:full_name, mail:email').eq('id', ALICE));
  assert.deepEqual(data, [{ name: 'Alice Rao', mail: 'alice@example.com' }]);
});

test('select: cast id::text and alias with cast', T, async () => {
  const { data } = ok(await anon().from('events').select('id::text, title, cap:max_attendees::text').eq('id', 2));
  assert.deepEqual(data, [{ id: '2', title: 'Yakshagana Night', cap: '150' }]);
});

test('select: JSON paths -> and ->> on jsonb', T, async () => {
  const { data } = ok(
    await service().from('notes').select('id, data->a->>b, obj:data->a, n:data->n').in('id', [1, 3]).order('id'),
  );
  assert.deepEqual(data, [
    { id: 1, b: 'x', obj: { b: 'x' }, n: 1 },
    { id: 3, b: 'z', obj: { b: 'z' }, n: 3 },
  ]);
});

test('select: array and range columns', T, async () => {
  const { data } = ok(await service().from('notes').select('tags, period').eq('id', 2));
  assert.deepEqual(data, [{ tags: ['planning', 'budget'], period: '[10,20)' }]);
});

test('embed: many-to-one with FK column hint gives an object', T, async () => {
  const { data } = ok(
    await anon()
      .from('events')
      .select('title, organizer:people!organizer_id(full_name), contact:people!contact_id(full_name)')
      .in('id', [1, 3])
      .order('id'),
  );
  assert.deepEqual(data, [
    { title: 'Ganesh Chaturthi Puja', organizer: { full_name: 'Alice Rao' }, contact: { full_name: 'Bob Bhat' } },
    { title: 'Sanskrit Workshop', organizer: { full_name: 'Alice Rao' }, contact: null },
  ]);
});

test('embed: many-to-one hint by constraint name', T, async () => {
  const { data } = ok(
    await anon().from('events').select('id, people!events_contact_id_fkey(full_name)').eq('id', 2),
  );
  assert.deepEqual(data, [{ id: 2, people: { full_name: 'Alice Rao' } }]);
});

test('embed: one-to-many gives an array', T, async () => {
  const { data } = ok(
    await anon().from('people').select('full_name, registrations(event_id)').in('id', [ALICE, DAVE]).order('full_name'),
  );
  assert.equal(data.length, 2);
  assert.equal(data[0].full_name, 'Alice Rao');
  assert.deepEqual(data[0].registrations.map((r) => r.event_id).sort(), [1, 2]);
  assert.deepEqual(data[1].registrations, [{ event_id: 3 }]);
});

test('embed: one-to-many with no children gives []', T, async () => {
  const { data } = ok(await anon().from('events').select('id, registrations(id)').eq('id', 4));
  assert.deepEqual(data, [{ id: 4, registrations: [] }]);
});

test('embed: one-to-one (profiles.person_id is PK and FK) gives an object or null', T, async () => {
  const { data } = ok(
    await anon().from('people').select('full_name, profiles(bio)').in('id', [ALICE, CAROL]).order('full_name'),
  );
  assert.deepEqual(data, [
    { full_name: 'Alice Rao', profiles: { bio: 'Singer' } },
    { full_name: 'Carol Hegde', profiles: null },
  ]);
});

test('embed: profiles -> people (many-to-one) gives an object', T, async () => {
  const { data } = ok(await anon().from('profiles').select('bio, people(full_name)').eq('person_id', BOB));
  assert.deepEqual(data, [{ bio: 'Teacher', people: { full_name: 'Bob Bhat' } }]);
});

test('embed: many-to-many through person_roles gives an array', T, async () => {
  const { data } = ok(await anon().from('people').select('id, roles(name)').order('full_name'));
  const roles = Object.fromEntries(data.map((p) => [p.id, p.roles.map((r) => r.name).sort()]));
  assert.deepEqual(roles, {
    [ALICE]: ['admin', 'volunteer'],
    [BOB]: ['member'],
    [CAROL]: ['volunteer'],
    [DAVE]: [],
  });
});

test('embed: many-to-many the other way (roles -> people)', T, async () => {
  const { data } = ok(await anon().from('roles').select('name, people(full_name)').eq('id', 2));
  assert.equal(data.length, 1);
  assert.deepEqual(data[0].people.map((p) => p.full_name).sort(), ['Alice Rao', 'Carol Hegde']);
});

test('embed: !inner drops parents without a match', T, async () => {
  const { data } = ok(await anon().from('people').select('full_name, profiles!inner(bio)').order('full_name'));
  assert.deepEqual(data, [
    { full_name: 'Alice Rao', profiles: { bio: 'Singer' } },
    { full_name: 'Bob Bhat', profiles: { bio: 'Teacher' } },
  ]);
});

test('embed: !inner with a filter on the embed filters the parents', T, async () => {
  const { data } = ok(
    await anon()
      .from('people')
      .select('full_name, registrations!inner(event_id)')
      .eq('registrations.event_id', 2),
  );
  assert.deepEqual(data, [{ full_name: 'Alice Rao', registrations: [{ event_id: 2 }] }]);
});

test('embed: ambiguous relationship is 300 PGRST201', T, async () => {
  const res = await anon().from('events').select('*, people(*)');
  const error = fails(res, 'PGRST201', 300);
  assertErrorShape(error);
  assert.equal(res.data, null);
  // details lists the candidate relationships; the hint suggests an !hint.
  assert.ok(Array.isArray(error.details), `details should list candidates: ${JSON.stringify(error.details)}`);
  assert.ok(error.details.length >= 2);
  assert.match(error.hint ?? '', /!/);
});

test('embed: unrelated table is 400 PGRST200', T, async () => {
  const error = fails(await anon().from('roles').select('*, events(*)'), 'PGRST200', 400);
  assertErrorShape(error);
});

test('embed: nested embeds (events -> registrations -> people -> profiles)', T, async () => {
  const { data } = ok(
    await anon()
      .from('events')
      .select('title, registrations(person:people(full_name, profiles(bio)))')
      .eq('id', 1),
  );
  assert.equal(data.length, 1);
  assert.equal(data[0].title, 'Ganesh Chaturthi Puja');
  const people = data[0].registrations.map((r) => r.person).sort((a, b) => (a.full_name < b.full_name ? -1 : 1));
  assert.deepEqual(people, [
    { full_name: 'Alice Rao', profiles: { bio: 'Singer' } },
    { full_name: 'Bob Bhat', profiles: { bio: 'Teacher' } },
    { full_name: 'Carol Hegde', profiles: null },
  ]);
});

test('embed: filter on an embedded column filters the embed, not the parents', T, async () => {
  const { data } = ok(
    await anon()
      .from('people')
      .select('full_name, registrations(event_id)')
      .eq('registrations.event_id', 1)
      .order('full_name'),
  );
  assert.deepEqual(data, [
    { full_name: 'Alice Rao', registrations: [{ event_id: 1 }] },
    { full_name: 'Bob Bhat', registrations: [{ event_id: 1 }] },
    { full_name: 'Carol Hegde', registrations: [{ event_id: 1 }] },
    { full_name: 'Dave Shastri', registrations: [] },
  ]);
});

test('embed: order and limit on the referenced table', T, async () => {
  const { data } = ok(
    await anon()
      .from('events')
      .select('id, registrations(id)')
      .eq('id', 1)
      .order('id', { referencedTable: 'registrations', ascending: false })
      .limit(2, { referencedTable: 'registrations' }),
  );
  assert.deepEqual(data, [{ id: 1, registrations: [{ id: 3 }, { id: 2 }] }]);
});

test('embed: or() on the referenced table', T, async () => {
  const { data } = ok(
    await anon()
      .from('people')
      .select('full_name, registrations(event_id)')
      .eq('id', ALICE)
      .or('event_id.eq.2,event_id.eq.3', { referencedTable: 'registrations' }),
  );
  assert.deepEqual(data, [{ full_name: 'Alice Rao', registrations: [{ event_id: 2 }] }]);
});

test('embed: legacy count inside an embed', T, async () => {
  const { data } = ok(await anon().from('events').select('id, registrations(count)').in('id', [1, 4]).order('id'));
  assert.deepEqual(data, [
    { id: 1, registrations: [{ count: 3 }] },
    { id: 4, registrations: [{ count: 0 }] },
  ]);
});

test('select: a view (security_invoker) works like a table', T, async () => {
  const { data } = ok(await anon().from('upcoming_events').select('id, title').order('id'));
  assert.deepEqual(data, [
    { id: 1, title: 'Ganesh Chaturthi Puja' },
    { id: 2, title: 'Yakshagana Night' },
  ]);
});

test('select: every role, ordered by name', T, async () => {
  const { data } = ok(await anon().from('roles').select());
  assert.deepEqual([...data].sort(byName).map((r) => r.name), ['admin', 'cook (head), kitchen', 'member', 'volunteer']);
  assert.deepEqual(ids(data).sort(), [1, 2, 3, 4]);
});
