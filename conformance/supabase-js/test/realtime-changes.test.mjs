// Postgres changes through supabase-js: INSERT, UPDATE, DELETE and `*`, the payload as
// Supabase Realtime sends it, filters, `select`, errors told in `system` messages, and what
// row-level security and column privileges let each subscriber see (the leak matrix: a user
// never receives another user's rows, nor columns their role may not read; anonymous clients
// receive nothing private; a deleted row carries its primary key only, to those who could read
// it).
//
// Rows are written as the superuser (psql): the changes come from the tables' triggers, whoever
// writes.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ALICE, BOB, CAROL, T, lit, sql, userJwt } from './helpers.mjs';
import {
  asUserRt,
  channelName,
  collector,
  freshId,
  loadFixture,
  psqlSession,
  rawJoin,
  rawSocket,
  rtClient,
  serviceRt,
  subscribed,
  waitFor,
} from './realtime-helpers.mjs';

const clients = [];
const track = (client) => (clients.push(client), client);

before(() => loadFixture());
after(async () => {
  for (const client of clients) await client.removeAllChannels();
});

/** Subscribes a channel of `client` to `bindings` ([filter, callback] pairs); resolves once joined. */
async function listen(client, bindings, options) {
  const channel = client.channel(channelName('changes'), options);
  for (const [filter, callback] of bindings) channel.on('postgres_changes', filter, callback);
  await subscribed(channel);
  return channel;
}

const items = (filter = {}) => ({ event: '*', schema: 'public', table: 'rt_items', ...filter });
const notes = (filter = {}) => ({ event: '*', schema: 'public', table: 'rt_notes', ...filter });

function insertItem(id, fields = {}) {
  const columns = ['id', ...Object.keys(fields)];
  const values = [id, ...Object.values(fields)].map((v) => (v === null ? 'null' : typeof v === 'object' ? lit(JSON.stringify(v)) : lit(v)));
  sql(`insert into public.rt_items (${columns.join(', ')}) values (${values.join(', ')})`);
}

function insertNote(owner, body, extra = '') {
  return Number(sql(`insert into public.rt_notes (owner, body, secret, tag, n) values (${lit(owner)}, ${lit(body)}, 'classified', 'x', 1) returning id${extra}`));
}

describe('realtime: postgres changes', () => {
  test('INSERT, UPDATE and DELETE arrive as Realtime sends them', T, async () => {
    const client = track(rtClient());
    const got = collector();
    await listen(client, [[items(), got.push]]);
    const id = freshId();
    insertItem(id, { name: 'pen', qty: 3, price: '2.50', tags: '{a,b}', info: { k: [1] }, seen_at: '2024-05-01T10:20:30.5Z', active: true });
    sql(`update public.rt_items set qty = 4 where id = ${id}`);
    sql(`delete from public.rt_items where id = ${id}`);
    await waitFor(() => got.items.length === 3, 'three changes');
    const [insert, update, remove] = got.items;
    assert.equal(insert.eventType, 'INSERT');
    assert.equal(insert.schema, 'public');
    assert.equal(insert.table, 'rt_items');
    assert.equal(insert.errors, null);
    assert.match(insert.commit_timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.deepEqual(insert.new, {
      id,
      name: 'pen',
      qty: 3,
      price: 2.5,
      tags: ['a', 'b'],
      info: { k: [1] },
      seen_at: '2024-05-01T10:20:30.5+00:00',
      note: null,
      active: true,
    });
    assert.deepEqual(insert.old, {});
    assert.equal(update.eventType, 'UPDATE');
    assert.equal(update.new.qty, 4);
    assert.deepEqual(update.old, {}, 'the key did not change');
    assert.equal(remove.eventType, 'DELETE');
    assert.deepEqual(remove.new, {});
    assert.deepEqual(remove.old, { id }, 'a deleted row carries its primary key only');
  });

  test('event filters: each binding gets its events; one message names every binding it is for', T, async () => {
    const client = track(rtClient());
    const [inserts, deletes, all] = [collector(), collector(), collector()];
    await listen(client, [
      [items({ event: 'INSERT' }), inserts.push],
      [items({ event: 'DELETE' }), deletes.push],
      [items({ event: '*' }), all.push],
    ]);
    const id = freshId();
    insertItem(id, { name: 'cup' });
    sql(`update public.rt_items set name = 'mug' where id = ${id}`);
    sql(`delete from public.rt_items where id = ${id}`);
    await waitFor(() => all.items.length === 3, 'all three');
    assert.deepEqual(inserts.items.map((c) => c.eventType), ['INSERT']);
    assert.deepEqual(deletes.items.map((c) => c.eventType), ['DELETE']);
    const socket = rawSocket();
    await socket.opened;
    const { reply } = await rawJoin(socket, 'realtime:many', {
      config: { postgres_changes: [items({ event: 'INSERT' }), items({ event: '*' })] },
    });
    const other = freshId();
    insertItem(other, { name: 'one message' });
    const change = await socket.next((m) => m[3] === 'postgres_changes', 'the change');
    assert.deepEqual(change[4].ids.sort(), reply[4].response.postgres_changes.map((b) => b.id).sort());
    assert.equal(change[0], null);
    assert.equal(change[4].data.type, 'INSERT');
    assert.deepEqual(change[4].data.columns.find((c) => c.name === 'price'), { name: 'price', type: 'numeric' });
    await socket.close();
  });

  const cases = [
    ['qty=eq.5', [5], [4, 6]],
    ['qty=neq.5', [4], [5]],
    ['qty=lt.5', [4], [5, 6]],
    ['qty=lte.5', [5, 4], [6]],
    ['qty=gt.5', [6], [5]],
    ['qty=gte.5', [5, 6], [4]],
    ['qty=in.(1,3)', [1, 3], [2]],
    ['qty=not.in.(1,3)', [2], [1, 3]],
  ];
  for (const [filter, pass, block] of cases) {
    test(`filter ${filter}`, T, async () => {
      const client = track(rtClient());
      const got = collector();
      const tag = `f-${freshId()}`;
      await listen(client, [[items({ event: 'INSERT', filter }), got.push]]);
      const sentinel = track(rtClient());
      const seen = collector();
      await listen(sentinel, [[items({ event: 'INSERT', filter: `name=eq.${tag}-end` }), seen.push]]);
      for (const qty of [...block, ...pass]) insertItem(freshId(), { name: tag, qty });
      insertItem(freshId(), { name: `${tag}-end`, qty: pass[0] });
      await waitFor(() => seen.items.length === 1, 'the sentinel');
      await waitFor(() => got.items.filter((c) => c.new.name === tag).length === pass.length, `the rows passing ${filter}`);
      assert.deepEqual(got.items.filter((c) => c.new.name === tag).map((c) => c.new.qty).sort(), [...pass].sort());
    });
  }

  test('text, null, boolean and pattern filters, and conditions joined by commas', T, async () => {
    const tag = `p-${freshId()}`;
    const client = track(rtClient());
    const [like, ilike, isNull, isTrue, match, both, distinct] = [collector(), collector(), collector(), collector(), collector(), collector(), collector()];
    await listen(client, [
      [items({ event: 'INSERT', filter: `name=like.${tag}-a%` }), like.push],
      [items({ event: 'INSERT', filter: `name=ilike.${tag.toUpperCase()}-B%` }), ilike.push],
      [items({ event: 'INSERT', filter: 'note=is.null' }), isNull.push],
      [items({ event: 'INSERT', filter: 'active=is.true' }), isTrue.push],
      [items({ event: 'INSERT', filter: `name=match.^${tag}-[ab]x$` }), match.push],
      [items({ event: 'INSERT', filter: `name=like.${tag}%,qty=gte.10` }), both.push],
      [items({ event: 'INSERT', filter: 'note=isdistinct.keep' }), distinct.push],
    ]);
    insertItem(freshId(), { name: `${tag}-ax`, qty: 1, note: 'keep', active: true });
    insertItem(freshId(), { name: `${tag}-bx`, qty: 12, note: null, active: false });
    insertItem(freshId(), { name: `${tag}-c`, qty: 20, note: 'other', active: null });
    await waitFor(() => both.items.length === 2 && distinct.items.filter((c) => c.new.name.startsWith(tag)).length === 2, 'the filtered rows');
    const names = (list) => list.items.map((c) => c.new.name).filter((n) => n.startsWith(tag)).sort();
    assert.deepEqual(names(like), [`${tag}-ax`]);
    assert.deepEqual(names(ilike), [`${tag}-bx`]);
    assert.deepEqual(names(isNull), [`${tag}-bx`]);
    assert.deepEqual(names(isTrue), [`${tag}-ax`]);
    assert.deepEqual(names(match), [`${tag}-ax`, `${tag}-bx`]);
    assert.deepEqual(names(both), [`${tag}-bx`, `${tag}-c`]);
    assert.deepEqual(names(distinct), [`${tag}-bx`, `${tag}-c`]);
  });

  test('select: the payload has the chosen columns and the key', T, async () => {
    const client = track(rtClient());
    const got = collector();
    await listen(client, [[items({ event: 'INSERT', select: ['name'] }), got.push]]);
    const id = freshId();
    insertItem(id, { name: 'chosen', qty: 9 });
    await waitFor(() => got.items.some((c) => c.new.id === id), 'the change');
    assert.deepEqual(got.items.find((c) => c.new.id === id).new, { id, name: 'chosen' });
  });

  test('a schema-wide binding receives every published table of it', T, async () => {
    const svc = track(serviceRt());
    const got = collector();
    await listen(svc, [[{ event: 'INSERT', schema: 'public' }, got.push]]);
    const id = freshId();
    insertItem(id, { name: 'wide' });
    const note = insertNote(ALICE, 'wide note');
    await waitFor(() => got.items.some((c) => c.table === 'rt_notes' && c.new.id === note), 'the note');
    assert.ok(got.items.some((c) => c.table === 'rt_items' && c.new.id === id));
  });

  test('mistakes are told in a system message: unpublished table, bad filter, unknown column, bad value', T, async () => {
    const socket = rawSocket();
    await socket.opened;
    const expect = async (binding, pattern) => {
      const topic = `realtime:${channelName('bad')}`;
      const { reply } = await rawJoin(socket, topic, { config: { postgres_changes: [binding] } });
      assert.equal(reply[4].status, 'ok', 'the channel still joins (broadcast works)');
      const system = await socket.next((m) => m[2] === topic && m[3] === 'system', `the system message for ${JSON.stringify(binding)}`);
      assert.equal(system[4].status, 'error');
      assert.equal(system[4].extension, 'postgres_changes');
      assert.match(system[4].message, pattern);
    };
    await expect({ event: '*', schema: 'public', table: 'rt_hidden' }, /^Unable to subscribe to changes with given parameters\. Please check Realtime is enabled/);
    await expect({ event: '*', schema: 'public', table: 'no_such_table' }, /Please check Realtime is enabled/);
    await expect(items({ filter: 'qty=foo.1' }), /^Error parsing `filter` params: \["foo", "1"\]$/);
    await expect(items({ filter: 'nope=eq.1' }), /invalid column for filter nope$/);
    await expect(items({ filter: 'qty=eq.abc' }), /invalid input syntax for type integer/);
    await expect(items({ filter: 'qty=like.1%' }), /operator cannot be applied/);
    await expect(items({ select: ['nope'] }), /invalid column for select nope$/);
    await socket.close();
  });

  test('a row too large for a message arrives with its short values and Error 413', T, async () => {
    const client = track(rtClient());
    const got = collector();
    await listen(client, [[items({ event: 'INSERT' }), got.push]]);
    const id = freshId();
    sql(`insert into public.rt_items (id, name, note) values (${id}, 'big', repeat('x', 300 * 1024))`);
    await waitFor(() => got.items.some((c) => c.new.id === id), 'the change');
    const change = got.items.find((c) => c.new.id === id);
    assert.deepEqual(change.errors, ['Error 413: Payload Too Large']);
    assert.equal(change.new.name, 'big');
    assert.equal(change.new.note, undefined);
  });

  test('a transaction that commits after a later one is delivered too, once, when it commits', T, async () => {
    const client = track(rtClient());
    const got = collector();
    await listen(client, [[items({ event: 'INSERT' }), got.push]]);
    const [early, late, sentinel] = [freshId(), freshId(), freshId()];
    const session = await psqlSession();
    try {
      // The early transaction takes its queue position first, and commits last.
      await session.run(`begin; insert into public.rt_items (id, name) values (${early}, 'early');`);
      insertItem(late, { name: 'late' });
      await waitFor(() => got.items.some((c) => c.new.id === late), 'the later transaction\'s row');
      assert.ok(!got.items.some((c) => c.new.id === early), 'not before it commits');
      await session.run('commit;');
    } finally {
      await session.close();
    }
    insertItem(sentinel, { name: 'sentinel' });
    await waitFor(() => got.items.some((c) => c.new.id === sentinel), 'the sentinel');
    assert.equal(got.items.filter((c) => c.new.id === early).length, 1, 'the early row arrives, once');
  });

  test('a key change tells the old key in UPDATE', T, async () => {
    const client = track(rtClient());
    const got = collector();
    await listen(client, [[items({ event: 'UPDATE' }), got.push]]);
    const [id, moved] = [freshId(), freshId()];
    insertItem(id, { name: 'moving' });
    sql(`update public.rt_items set id = ${moved} where id = ${id}`);
    await waitFor(() => got.items.some((c) => c.new.id === moved), 'the update');
    assert.deepEqual(got.items.find((c) => c.new.id === moved).old, { id });
  });
});

describe('realtime: who sees what (row-level security as each subscriber)', () => {
  test('a user receives their own rows only; another user\'s, never (insert, update, delete)', T, async () => {
    const [alice, bob] = [track(asUserRt(ALICE)), track(asUserRt(BOB))];
    const [gotA, gotB] = [collector(), collector()];
    await listen(alice, [[notes(), gotA.push]]);
    await listen(bob, [[notes(), gotB.push]]);
    const bobs = insertNote(BOB, 'bob private');
    sql(`update public.rt_notes set body = 'bob edited' where id = ${bobs}`);
    sql(`delete from public.rt_notes where id = ${bobs}`);
    // The sentinel: alice's own note, after bob's three changes.
    const alices = insertNote(ALICE, 'alice note');
    await waitFor(() => gotA.items.length >= 1 && gotB.items.length === 3, 'alice\'s note and bob\'s three changes');
    assert.deepEqual(gotA.items.map((c) => [c.eventType, c.new.id]), [['INSERT', alices]]);
    assert.deepEqual(gotB.items.map((c) => c.eventType), ['INSERT', 'UPDATE', 'DELETE']);
    assert.deepEqual(gotB.items[2].old, { id: bobs }, 'the owner is told the deleted key');
  });

  test('a filter on another user\'s id does not get around the policies', T, async () => {
    const alice = track(asUserRt(ALICE));
    const got = collector();
    await listen(alice, [[notes({ filter: `owner=eq.${BOB}` }), got.push], [notes({ filter: `owner=eq.${ALICE}` }), got.push]]);
    const bobs = insertNote(BOB, 'bob only');
    sql(`delete from public.rt_notes where id = ${bobs}`);
    const alices = insertNote(ALICE, 'sentinel');
    await waitFor(() => got.items.length >= 1, 'the sentinel');
    assert.deepEqual(got.items.map((c) => c.new.id), [alices]);
  });

  test('columns the role may not read are never sent (even to the row\'s owner)', T, async () => {
    const [alice, svc] = [track(asUserRt(ALICE)), track(serviceRt())];
    const [gotA, gotS] = [collector(), collector()];
    await listen(alice, [[notes({ event: 'INSERT' }), gotA.push]]);
    await listen(svc, [[notes({ event: 'INSERT' }), gotS.push]]);
    const id = insertNote(ALICE, 'with a secret');
    await waitFor(() => gotA.items.some((c) => c.new.id === id) && gotS.items.some((c) => c.new.id === id), 'both');
    const forAlice = gotA.items.find((c) => c.new.id === id);
    assert.equal(forAlice.new.secret, undefined);
    assert.deepEqual(Object.keys(forAlice.new).sort(), ['body', 'created_at', 'id', 'n', 'owner', 'tag']);
    assert.ok(!forAlice.new || !JSON.stringify(forAlice).includes('classified'));
    assert.equal(gotS.items.find((c) => c.new.id === id).new.secret, 'classified', 'the service role reads it');
    const socket = rawSocket();
    await socket.opened;
    const refused = await rawJoin(socket, 'realtime:secret-filter', {
      config: { postgres_changes: [notes({ filter: 'secret=eq.classified' })] },
      access_token: userJwt(ALICE),
    });
    assert.equal(refused.reply[4].status, 'ok');
    const system = await socket.next((m) => m[3] === 'system', 'the system message');
    assert.match(system[4].message, /invalid column for filter secret/, 'no filtering on a column one cannot read');
    await socket.close();
  });

  test('anonymous clients receive nothing private; public rows they do', T, async () => {
    const anonymous = track(rtClient());
    const got = collector();
    await listen(anonymous, [[notes(), got.push], [items({ event: 'INSERT' }), got.push]]);
    const note = insertNote(ALICE, 'not for anon');
    sql(`update public.rt_notes set body = 'still not' where id = ${note}`);
    sql(`delete from public.rt_notes where id = ${note}`);
    const item = freshId();
    insertItem(item, { name: 'public sentinel' });
    await waitFor(() => got.items.length >= 1, 'the public row');
    assert.deepEqual(got.items.map((c) => [c.table, c.new.id]), [['rt_items', item]]);
  });

  test('a table the role may not select cannot be subscribed to', T, async () => {
    const socket = rawSocket();
    await socket.opened;
    const { reply } = await rawJoin(socket, 'realtime:locked', {
      config: { postgres_changes: [{ event: '*', schema: 'public', table: 'rt_locked' }] },
      access_token: userJwt(ALICE),
    });
    assert.equal(reply[4].status, 'ok');
    const system = await socket.next((m) => m[3] === 'system', 'the system message');
    assert.equal(system[4].status, 'error');
    assert.match(system[4].message, /permission denied for table rt_locked$/);
    await socket.close();
  });

  test('claims decide too: an admin claim reads every note', T, async () => {
    const admin = track(asUserRt(CAROL, { claims: { user_role: 'admin' } }));
    const got = collector();
    await listen(admin, [[notes({ event: 'INSERT' }), got.push]]);
    const note = insertNote(BOB, 'seen by the admin');
    await waitFor(() => got.items.some((c) => c.new.id === note), 'the note');
  });

  test('a row that stops being readable is not sent', T, async () => {
    const alice = track(asUserRt(ALICE));
    const got = collector();
    await listen(alice, [[notes({ event: 'UPDATE' }), got.push]]);
    const note = insertNote(ALICE, 'given away');
    sql(`update public.rt_notes set owner = ${lit(BOB)} where id = ${note}`);
    const sentinel = insertNote(ALICE, 'kept');
    sql(`update public.rt_notes set body = 'kept, edited' where id = ${sentinel}`);
    await waitFor(() => got.items.some((c) => c.new.id === sentinel), 'the sentinel update');
    assert.ok(!got.items.some((c) => c.new.id === note), 'bob\'s row now: not sent to alice');
  });

  test('many subscribers with the same claims each receive the change once', T, async () => {
    const lists = [];
    for (let i = 0; i < 5; i++) {
      const client = track(asUserRt(ALICE));
      const got = collector();
      await listen(client, [[notes({ event: 'INSERT' }), got.push]]);
      lists.push(got);
    }
    const note = insertNote(ALICE, 'for all five');
    const sentinel = insertNote(ALICE, 'sentinel');
    await waitFor(() => lists.every((l) => l.items.some((c) => c.new.id === sentinel)), 'every subscriber');
    for (const list of lists) assert.equal(list.items.filter((c) => c.new.id === note).length, 1);
  });

  test('a refreshed token moves the channel\'s changes to the new claims', T, async () => {
    const client = track(asUserRt(ALICE));
    const got = collector();
    const channel = await listen(client, [[notes({ event: 'INSERT' }), got.push]], { config: { broadcast: { ack: true } } });
    await client.realtime.setAuth(userJwt(BOB));
    // Acknowledged after the access_token message before it (a socket's messages are handled in order).
    assert.equal(await channel.send({ type: 'broadcast', event: 'flush', payload: {} }), 'ok');
    const alices = insertNote(ALICE, 'not any more');
    const bobs = insertNote(BOB, 'for bob now');
    await waitFor(() => got.items.some((c) => c.new.id === bobs), 'bob\'s note');
    assert.ok(!got.items.some((c) => c.new.id === alices));
  });
});
