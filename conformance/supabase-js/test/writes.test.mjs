// Insert, upsert, update, delete and their statuses (wire-api.md §2.6–2.8, §2.14).
// Every case removes or restores what it changed (the service key cleans up).

import test from 'node:test';
import assert from 'node:assert/strict';
import { anon, service, ok, fails, T, ALICE, BOB } from './helpers.mjs';

test('insert: one row, default return=minimal → 201 and no body', T, async () => {
  try {
    const res = ok(await anon().from('roles').insert({ id: 100, name: 'w-treasurer' }), 201);
    assert.equal(res.data, null);
    const { data } = ok(await anon().from('roles').select().eq('id', 100));
    assert.deepEqual(data, [{ id: 100, name: 'w-treasurer' }]);
  } finally {
    await service().from('roles').delete().eq('id', 100);
  }
});

test('insert: with count exact reports the inserted rows', T, async () => {
  try {
    const res = ok(await anon().from('roles').insert([{ id: 110, name: 'w-c1' }, { id: 111, name: 'w-c2' }], { count: 'exact' }), 201);
    assert.equal(res.count, 2);
    assert.equal(res.data, null);
  } finally {
    await service().from('roles').delete().in('id', [110, 111]);
  }
});

test('insert: .select() returns the inserted rows with 201', T, async () => {
  try {
    const res = ok(await anon().from('roles').insert({ id: 101, name: 'w-secretary' }).select(), 201);
    assert.deepEqual(res.data, [{ id: 101, name: 'w-secretary' }]);
  } finally {
    await service().from('roles').delete().eq('id', 101);
  }
});

test('insert: .select(columns) shapes the representation and shows defaults', T, async () => {
  try {
    const res = ok(
      await anon().from('events').insert({ title: 'W Identity', event_date: '2031-05-01' }).select('id, title, event_type, max_attendees'),
      201,
    );
    assert.equal(res.data.length, 1);
    const row = res.data[0];
    assert.equal(typeof row.id, 'number');
    assert.ok(row.id > 4, `identity id ${row.id}`);
    assert.equal(row.title, 'W Identity');
    assert.equal(row.event_type, 'cultural'); // column default
    assert.equal(row.max_attendees, null);
  } finally {
    await service().from('events').delete().eq('title', 'W Identity');
  }
});

test('insert: .select() with an embed in the representation', T, async () => {
  try {
    const res = ok(
      await anon()
        .from('events')
        .insert({ title: 'W Embedded', event_date: '2031-05-02', organizer_id: BOB })
        .select('title, organizer:people!organizer_id(full_name)'),
      201,
    );
    assert.deepEqual(res.data, [{ title: 'W Embedded', organizer: { full_name: 'Bob Bhat' } }]);
  } finally {
    await service().from('events').delete().eq('title', 'W Embedded');
  }
});

test('insert: bulk with differing keys → missing keys are NULL', T, async () => {
  try {
    const res = ok(
      await anon()
        .from('people')
        .insert([{ full_name: 'W One', email: 'w1@example.com' }, { full_name: 'W Two' }])
        .select('full_name, email'),
      201,
    );
    const rows = [...res.data].sort((a, b) => (a.full_name < b.full_name ? -1 : 1));
    assert.deepEqual(rows, [
      { full_name: 'W One', email: 'w1@example.com' },
      { full_name: 'W Two', email: null },
    ]);
  } finally {
    await service().from('people').delete().like('full_name', 'W %');
  }
});

test('insert: bulk missing a NOT NULL column with a default fails (NULL, not DEFAULT)', T, async () => {
  // ?columns="title","event_date","event_type": the second row's event_type is NULL → 23502.
  const res = await anon()
    .from('events')
    .insert([
      { title: 'W A', event_date: '2030-01-01', event_type: 'educational' },
      { title: 'W B', event_date: '2030-01-02' },
    ]);
  try {
    fails(res, '23502', 400);
    const { data } = ok(await anon().from('events').select('id').in('title', ['W A', 'W B']));
    assert.deepEqual(data, [], 'the statement must insert nothing');
  } finally {
    await service().from('events').delete().in('title', ['W A', 'W B']);
  }
});

test('insert: defaultToNull false → missing keys take the column default', T, async () => {
  try {
    const res = ok(
      await anon()
        .from('events')
        .insert(
          [
            { title: 'W C', event_date: '2030-01-03', event_type: 'religious' },
            { title: 'W D', event_date: '2030-01-04' },
          ],
          { defaultToNull: false },
        )
        .select('title, event_type'),
      201,
    );
    const rows = [...res.data].sort((a, b) => (a.title < b.title ? -1 : 1));
    assert.deepEqual(rows, [
      { title: 'W C', event_type: 'religious' },
      { title: 'W D', event_type: 'cultural' },
    ]);
  } finally {
    await service().from('events').delete().in('title', ['W C', 'W D']);
  }
});

test('upsert: merge on the primary key updates (200 when nothing new was inserted)', T, async () => {
  try {
    const res = ok(await anon().from('roles').upsert({ id: 1, name: 'administrator' }, { onConflict: 'id' }).select());
    assert.deepEqual(res.data, [{ id: 1, name: 'administrator' }]);
    // PostgREST UpsertSpec "UPDATEs rows on pk conflict": 200 when only updates happened.
    assert.equal(res.status, 200);
    const { data } = ok(await anon().from('roles').select('name').eq('id', 1));
    assert.deepEqual(data, [{ name: 'administrator' }]);
  } finally {
    await service().from('roles').update({ name: 'admin' }).eq('id', 1);
  }
});

test('upsert: merge inserting and updating is 201', T, async () => {
  try {
    const res = ok(
      await anon()
        .from('roles')
        .upsert([{ id: 2, name: 'helper' }, { id: 102, name: 'w-new-role' }], { onConflict: 'id' })
        .select(),
      201,
    );
    const rows = [...res.data].sort((a, b) => a.id - b.id);
    assert.deepEqual(rows, [{ id: 2, name: 'helper' }, { id: 102, name: 'w-new-role' }]);
  } finally {
    await service().from('roles').update({ name: 'volunteer' }).eq('id', 2);
    await service().from('roles').delete().eq('id', 102);
  }
});

test('upsert: onConflict on a unique non-PK column keeps the PK', T, async () => {
  try {
    const res = ok(
      await anon()
        .from('people')
        .upsert({ full_name: 'Alice R.', email: 'alice@example.com' }, { onConflict: 'email' })
        .select('id, full_name, email'),
    );
    assert.deepEqual(res.data, [{ id: ALICE, full_name: 'Alice R.', email: 'alice@example.com' }]);
  } finally {
    await service().from('people').update({ full_name: 'Alice Rao' }).eq('id', ALICE);
  }
});

test('upsert: ignoreDuplicates inserts only the new rows', T, async () => {
  try {
    const res = ok(
      await anon()
        .from('roles')
        .upsert([{ id: 1, name: 'ignored' }, { id: 104, name: 'w-fresh' }], { onConflict: 'id', ignoreDuplicates: true })
        .select(),
      201,
    );
    assert.deepEqual(res.data, [{ id: 104, name: 'w-fresh' }]);
    const { data } = ok(await anon().from('roles').select('name').eq('id', 1));
    assert.deepEqual(data, [{ name: 'admin' }]);
  } finally {
    await service().from('roles').delete().eq('id', 104);
    await service().from('roles').update({ name: 'admin' }).eq('id', 1);
  }
});

test('update: with a filter and .select() → 200 with the changed rows', T, async () => {
  try {
    const res = ok(await anon().from('profiles').update({ bio: 'Singer and dancer' }).eq('person_id', ALICE).select('person_id, bio'), 200);
    assert.deepEqual(res.data, [{ person_id: ALICE, bio: 'Singer and dancer' }]);
  } finally {
    await service().from('profiles').update({ bio: 'Singer' }).eq('person_id', ALICE);
  }
});

test('update: without .select() → 204 and no body; the row changed', T, async () => {
  try {
    const res = ok(await anon().from('profiles').update({ bio: 'Head teacher' }).eq('person_id', BOB), 204);
    assert.equal(res.data, null);
    const { data } = ok(await anon().from('profiles').select('bio').eq('person_id', BOB));
    assert.deepEqual(data, [{ bio: 'Head teacher' }]);
  } finally {
    await service().from('profiles').update({ bio: 'Teacher' }).eq('person_id', BOB);
  }
});

test('update: only the filtered rows change', T, async () => {
  try {
    ok(await anon().from('events').update({ max_attendees: 75 }).eq('id', 4), 204);
    const { data } = ok(await anon().from('events').select('id, max_attendees').order('id'));
    assert.deepEqual(data, [
      { id: 1, max_attendees: 200 },
      { id: 2, max_attendees: 150 },
      { id: 3, max_attendees: null },
      { id: 4, max_attendees: 75 },
    ]);
  } finally {
    await service().from('events').update({ max_attendees: 50 }).eq('id', 4);
  }
});

test('update: matching nothing is not an error (204; [] with select)', T, async () => {
  ok(await anon().from('roles').update({ name: 'x' }).eq('id', 999), 204);
  const res = ok(await anon().from('roles').update({ name: 'x' }).eq('id', 999).select(), 200);
  assert.deepEqual(res.data, []);
});

test('update: with count exact', T, async () => {
  try {
    const res = ok(await anon().from('events').update({ max_attendees: 500 }, { count: 'exact' }).in('id', [1, 2]), 204);
    assert.equal(res.count, 2);
  } finally {
    await service().from('events').update({ max_attendees: 200 }).eq('id', 1);
    await service().from('events').update({ max_attendees: 150 }).eq('id', 2);
  }
});

test('delete: with .select() → 200 with the deleted rows', T, async () => {
  await service().from('roles').insert({ id: 105, name: 'w-doomed' });
  try {
    const res = ok(await anon().from('roles').delete().eq('id', 105).select(), 200);
    assert.deepEqual(res.data, [{ id: 105, name: 'w-doomed' }]);
    const { data } = ok(await anon().from('roles').select().eq('id', 105));
    assert.deepEqual(data, []);
  } finally {
    await service().from('roles').delete().eq('id', 105);
  }
});

test('delete: without .select() → 204; with count exact the count is given', T, async () => {
  ok(await service().from('roles').insert([{ id: 106, name: 'w-a' }, { id: 107, name: 'w-b' }, { id: 108, name: 'w-c' }]), 201);
  try {
    const res = ok(await anon().from('roles').delete({ count: 'exact' }).in('id', [106, 107]), 204);
    assert.equal(res.data, null);
    assert.equal(res.count, 2);
    const plain = ok(await anon().from('roles').delete().eq('id', 108), 204);
    assert.equal(plain.data, null);
    const { data } = ok(await anon().from('roles').select('id').in('id', [106, 107, 108]));
    assert.deepEqual(data, []);
  } finally {
    await service().from('roles').delete().in('id', [106, 107, 108]);
  }
});

test('delete: cascades through the FK (events → registrations)', T, async () => {
  const { data: created } = ok(
    await service().from('events').insert({ title: 'W Cascade', event_date: '2032-01-01' }).select('id').single(),
  );
  try {
    ok(await service().from('registrations').insert({ event_id: created.id, person_id: BOB }), 201);
    ok(await anon().from('events').delete().eq('id', created.id), 204);
    const { data } = ok(await anon().from('registrations').select('id').eq('event_id', created.id));
    assert.deepEqual(data, []);
  } finally {
    await service().from('events').delete().eq('id', created.id);
  }
});
