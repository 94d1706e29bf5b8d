// Writes and functions on the REST fixture, each case on this SDK and on supabase-js. Rows a
// case creates carry a unique marker, so both runs see the same answer; cases undo their
// changes.

/* eslint-disable @typescript-eslint/no-explicit-any -- one scenario runs on two clients' types */
import { describe, expect } from 'vitest';
import { ALICE, BOB, parity, rest, unique, userJwt } from './helpers';

const service = { service: true };

describe('writes', () => {
  parity(
    'insert without select: 201 and no data',
    async (c) => rest(await c.from('feedback').insert({ message: 'Thank you' })),
    (o) => expect(o).toEqual({ data: null, error: null, count: null, status: 201 }),
  );

  parity(
    "insert rows with select returns them (RLS: the user's own notes)",
    async (c) => {
      const tag = unique('note');
      const inserted = await c
        .from('notes')
        .insert([
          { body: `${tag} one`, is_public: false },
          { body: `${tag} two`, is_public: true },
        ])
        .select('body, is_public, owner_id');
      await c.from('notes').delete().like('body', `${tag}%`);
      return rest({
        ...inserted,
        data: inserted.data?.map((r: any) => ({ ...r, body: r.body.replace(tag, 'TAG') })),
      });
    },
    (o) =>
      expect(o).toMatchObject({
        status: 201,
        data: [
          { body: 'TAG one', is_public: false, owner_id: ALICE },
          { body: 'TAG two', is_public: true, owner_id: ALICE },
        ],
      }),
    { bearer: userJwt(ALICE) },
  );

  parity(
    'insert with defaults for missing keys (defaultToNull: false)',
    async (c) => {
      const tag = unique('note');
      const res = await c
        .from('notes')
        .insert([{ body: tag, tags: ['a'] }, { body: tag }], { defaultToNull: false })
        .select('tags');
      await c.from('notes').delete().eq('body', tag);
      return rest(res);
    },
    (o) => expect(o.data).toEqual([{ tags: ['a'] }, { tags: [] }]),
    { bearer: userJwt(ALICE) },
  );

  parity(
    'keys missing from some rows are null without defaultToNull: false',
    async (c) =>
      rest(await c.from('notes').insert([{ body: 'a', is_public: true }, { body: 'b' }])),
    (o) => expect(o).toMatchObject({ status: 400, error: { code: '23502' } }),
    { bearer: userJwt(ALICE) },
  );

  parity(
    'upsert merges on the key, then ignores duplicates',
    async (c) => {
      const merged = await c
        .from('roles')
        .upsert({ id: 50, name: 'cook' }, { onConflict: 'id' })
        .select();
      const again = await c.from('roles').upsert({ id: 50, name: 'chef' }).select('name').single();
      const ignored = await c
        .from('roles')
        .upsert({ id: 50, name: 'ignored' }, { ignoreDuplicates: true })
        .select();
      await c.from('roles').delete().eq('id', 50);
      return [rest(merged), rest(again), rest(ignored)];
    },
    ([merged, again, ignored]) => {
      expect(merged).toMatchObject({ status: 201, data: [{ id: 50, name: 'cook' }] });
      expect(again.data).toEqual({ name: 'chef' });
      expect(ignored.data).toEqual([]);
    },
    service,
  );

  parity(
    'update with select, then delete with count',
    async (c) => {
      await c.from('roles').insert({ id: 60, name: 'temp' });
      const updated = await c.from('roles').update({ name: 'changed' }).eq('id', 60).select();
      const deleted = await c.from('roles').delete({ count: 'exact' }).eq('id', 60);
      return [rest(updated), rest(deleted)];
    },
    ([updated, deleted]) => {
      expect(updated).toMatchObject({ status: 200, data: [{ id: 60, name: 'changed' }] });
      expect(deleted).toMatchObject({ status: 204, count: 1, data: null });
    },
    service,
  );

  parity(
    'a duplicate key is 23505 (409)',
    async (c) =>
      rest(await c.from('people').insert({ full_name: 'Copy', email: 'alice@example.com' })),
    (o) => expect(o).toMatchObject({ status: 409, error: { code: '23505' } }),
    service,
  );

  parity(
    'a check violation is 23514 (400)',
    async (c) =>
      rest(
        await c.from('events').insert({ title: 'x', event_date: '2030-01-01', max_attendees: 0 }),
      ),
    (o) => expect(o).toMatchObject({ status: 400, error: { code: '23514' } }),
    service,
  );

  parity(
    'a missing required column is 23502 (400)',
    async (c) => rest(await c.from('events').insert({ title: 'no date' })),
    (o) => expect(o).toMatchObject({ status: 400, error: { code: '23502' } }),
    service,
  );

  parity(
    'a row-level security violation is 42501: 401 for anon',
    async (c) => rest(await c.from('notes').insert({ body: 'anon note' })),
    (o) => expect(o).toMatchObject({ status: 401, error: { code: '42501' } }),
  );

  parity(
    'a row-level security violation is 42501: 403 for a user',
    async (c) => rest(await c.from('notes').insert({ body: 'forged', owner_id: BOB })),
    (o) => expect(o).toMatchObject({ status: 403, error: { code: '42501' } }),
    { bearer: userJwt(ALICE) },
  );

  parity(
    'an insert returning a single row: single() and maybeSingle()',
    async (c) => {
      const one = await c.from('roles').insert({ id: 70, name: 'seventy' }).select('name').single();
      const none = await c.from('roles').delete().eq('id', 71).select().maybeSingle();
      await c.from('roles').delete().eq('id', 70);
      return [rest(one), rest(none)];
    },
    ([one, none]) => {
      expect(one).toMatchObject({ status: 201, data: { name: 'seventy' } });
      expect(none).toMatchObject({ status: 200, data: null, error: null });
    },
    service,
  );
});

describe('functions', () => {
  parity(
    'a scalar with a default argument',
    async (c) => [rest(await c.rpc('add', { a: 2, b: 3 })), rest(await c.rpc('add', { a: 2 }))],
    ([five, three]) => {
      expect(five).toMatchObject({ data: 5, status: 200 });
      expect(three.data).toBe(3);
    },
  );

  parity(
    'overloads with the same argument names are ambiguous: PGRST203 (300)',
    async (c) => rest(await c.rpc('echo', { value: 'namaste' })),
    (o) => expect(o).toMatchObject({ status: 300, error: { code: 'PGRST203' } }),
  );

  parity(
    'a set of rows with select, filter, order and limit',
    async (c) =>
      rest(
        await c
          .rpc('events_after', { day: '2000-01-01' })
          .select('id,title')
          .neq('id', 1)
          .order('id', { ascending: false })
          .limit(2),
      ),
    (o) =>
      expect(o.data).toEqual([
        { id: 4, title: 'Past Concert' },
        { id: 3, title: 'Sanskrit Workshop' },
      ]),
  );

  parity(
    'a table-returning function with GET and a count',
    async (c) =>
      rest(await c.rpc('event_titles', {}, { get: true, count: 'exact' }).order('id').limit(1)),
    (o) =>
      expect(o).toMatchObject({
        data: [{ id: 1, title: 'Ganesh Chaturthi Puja' }],
        count: 4,
        status: 206,
      }),
  );

  parity(
    'HEAD with a count',
    async (c) => rest(await c.rpc('event_titles', {}, { head: true, count: 'exact' })),
    (o) => expect(o).toMatchObject({ data: null, count: 4 }),
  );

  parity(
    'void is 204; variadic arrays; one unnamed json argument; a composite row',
    async (c) => [
      rest(await c.rpc('touch')),
      rest(await c.rpc('sum_all', { numbers: [1, 2, 3] })),
      rest(await c.rpc('sum_all', { numbers: [4, 5] }, { get: true })),
      rest(await c.rpc('count_keys', { a: 1, b: 2, c: 3 })),
      rest(await c.rpc('get_person', { person_id: BOB }).select('full_name')),
    ],
    ([touch, sum, sumGet, keys, person]) => {
      expect(touch).toMatchObject({ status: 204, data: null, error: null });
      expect(sum.data).toBe(6);
      expect(sumGet.data).toBe(9);
      expect(keys.data).toBe(3);
      expect(person.data).toEqual({ full_name: 'Bob Bhat' });
    },
  );

  parity(
    'errors raised in SQL',
    async (c) => [
      rest(await c.rpc('fail', { kind: 'plain' })),
      rest(await c.rpc('fail', { kind: 'payment' })),
    ],
    ([plain, payment]) => {
      expect(plain).toMatchObject({
        status: 400,
        error: {
          code: 'P0001',
          message: 'Plain failure',
          details: 'some detail',
          hint: 'some hint',
        },
      });
      expect(payment).toMatchObject({ status: 402, error: { message: 'Payment required' } });
    },
  );

  parity(
    'an unknown function is PGRST202 (404)',
    async (c) => rest(await c.rpc('nope', { x: 1 })),
    (o) => expect(o).toMatchObject({ status: 404, error: { code: 'PGRST202' } }),
  );

  parity(
    'the caller as the database sees it',
    async (c) => rest(await c.rpc('whoami')),
    (o) => expect(o.data).toEqual({ role: 'authenticated', sub: BOB, method: 'POST' }),
    { bearer: userJwt(BOB) },
  );
});
