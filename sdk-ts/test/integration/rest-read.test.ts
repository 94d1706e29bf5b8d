// Reads on the REST fixture (server/tests/fixtures/rest_schema.sql + conformance seed.sql):
// the same query on this SDK and on supabase-js gives the same data, error, count and status.

/* eslint-disable @typescript-eslint/no-explicit-any -- one scenario runs on two clients' types */
import { describe, expect } from 'vitest';
import { ALICE, BOB, ids, parity, rest, userJwt } from './helpers';

describe('select and embeds', () => {
  parity(
    'all people, ordered',
    async (c) => rest(await c.from('people').select('id, full_name, email').order('full_name')),
    (o) => {
      expect(o.status).toBe(200);
      expect((o.data as any[]).map((p) => p.full_name)).toEqual([
        'Alice Rao',
        'Bob Bhat',
        'Carol Hegde',
        'Dave Shastri',
      ]);
    },
  );

  parity(
    'to-one embeds through a hinted foreign key, to-many embeds, aliases and casts',
    async (c) =>
      rest(
        await c
          .from('events')
          .select(
            'id, title, kind:event_type::text, organizer:people!organizer_id(full_name), registrations(person_id)',
          )
          .order('id')
          .order('person_id', { referencedTable: 'registrations' }),
      ),
    (o) => {
      const [first] = o.data as any[];
      expect(first).toMatchObject({
        id: 1,
        kind: 'religious',
        organizer: { full_name: 'Alice Rao' },
      });
      expect(first.registrations).toHaveLength(3);
    },
  );

  parity(
    'many-to-many and one-to-one embeds with an inner join',
    async (c) =>
      rest(
        await c
          .from('people')
          .select('full_name, roles(name), profiles!inner(bio)')
          .order('full_name')
          .order('name', { referencedTable: 'roles' }),
      ),
    (o) => {
      expect(o.data).toEqual([
        {
          full_name: 'Alice Rao',
          roles: [{ name: 'admin' }, { name: 'volunteer' }],
          profiles: { bio: 'Singer' },
        },
        { full_name: 'Bob Bhat', roles: [{ name: 'member' }], profiles: { bio: 'Teacher' } },
      ]);
    },
  );

  parity(
    'limit and order inside an embed, filter on an embed',
    async (c) =>
      rest(
        await c
          .from('events')
          .select('id, registrations!inner(id)')
          .eq('registrations.person_id', ALICE)
          .order('id', { ascending: false })
          .limit(1, { referencedTable: 'registrations' }),
      ),
    (o) => expect(ids(o.data as any)).toEqual([2, 1]),
  );

  parity(
    'a view',
    async (c) => rest(await c.from('upcoming_events').select('id, title').order('id')),
    (o) => expect(ids(o.data as any)).toEqual([1, 2]),
  );
});

describe('filters', () => {
  const cases: [string, (q: any) => any, unknown[]][] = [
    ['eq and neq', (q) => q.eq('event_type', 'cultural').neq('id', 2), [4]],
    [
      'gt, gte, lt, lte',
      (q) => q.gt('id', 1).gte('max_attendees', 50).lt('id', 4).lte('max_attendees', 150),
      [2],
    ],
    [
      'in with quoted values',
      (q) => q.in('title', ['Past Concert', 'Yakshagana Night', 'a,b']),
      [2, 4],
    ],
    ['is null and not is null', (q) => q.is('max_attendees', null), [3]],
    ['not', (q) => q.not('max_attendees', 'is', null).not('id', 'in', '(1)'), [2, 4]],
    ['like and ilike', (q) => q.like('title', '%Night').or('title.ilike.*PUJA*'), []],
    ['ilike with a space', (q) => q.ilike('title', '%concert%'), [4]],
    [
      'or with a nested and',
      (q) => q.or('id.eq.1,and(event_type.eq.cultural,max_attendees.lt.100)'),
      [1, 4],
    ],
    ['match', (q) => q.match({ event_type: 'cultural', max_attendees: 150 }), [2]],
    ['filter with a raw operator', (q) => q.filter('id', 'in', '(3,4)'), [3, 4]],
    ['regex', (q) => q.regexMatch('title', '^S').regexIMatch('title', 'workshop$'), [3]],
    ['isDistinct', (q) => q.isDistinct('max_attendees', 200).lt('id', 3), [2]],
    [
      'likeAnyOf and ilikeAllOf',
      (q) => q.likeAnyOf('title', ['Past%', 'Yaksha%']).ilikeAllOf('title', ['%a%', '%n%']),
      [2, 4],
    ],
    ['notIn', (q) => q.notIn('id', [1, 2, 3]), [4]],
  ];
  for (const [name, apply, expected] of cases) {
    parity(
      `events: ${name}`,
      async (c) => rest(await apply(c.from('events').select('id')).order('id')),
      (o) => {
        expect(o.status).toBe(200);
        expect(ids(o.data as any)).toEqual(expected);
      },
    );
  }

  const notes: [string, (q: any) => any, unknown[]][] = [
    ['contains an array', (q) => q.contains('tags', ['news']), [1, 5]],
    ['contains JSON', (q) => q.contains('data', { a: { b: 'x' } }), [1, 5]],
    ['containedBy', (q) => q.containedBy('tags', ['news', 'festival', 'recipe', 'food']), [1, 3]],
    ['overlaps', (q) => q.overlaps('tags', ['food', 'volunteer']), [3, 5]],
    [
      'text search (websearch, english)',
      (q) => q.textSearch('search', 'cultural festival', { type: 'websearch', config: 'english' }),
      [1],
    ],
    [
      'text search (plain)',
      (q) => q.textSearch('search', 'temple cleaning', { type: 'plain' }),
      [5],
    ],
    ['range operators', (q) => q.rangeGt('period', '[5,8)').rangeLt('period', '[35,50)'), [3]],
    [
      'range adjacent and contains a range',
      (q) => q.rangeAdjacent('period', '[5,10)').contains('period', '[2,3]'),
      [1],
    ],
    ['JSON path filter', (q) => q.eq('data->a->>b', 'z'), [3]],
  ];
  for (const [name, apply, expected] of notes) {
    parity(
      `public notes: ${name}`,
      async (c) => rest(await apply(c.from('notes').select('id')).order('id')),
      (o) => expect(ids(o.data as any)).toEqual(expected),
    );
  }
});

describe('order, range and count', () => {
  parity(
    'order descending with nulls first, then by id',
    async (c) =>
      rest(
        await c
          .from('events')
          .select('id')
          .order('max_attendees', { ascending: false, nullsFirst: true })
          .order('id'),
      ),
    (o) => expect(ids(o.data as any)).toEqual([3, 1, 2, 4]),
  );

  parity(
    'range with an exact count is a 206 page',
    async (c) =>
      rest(await c.from('events').select('id', { count: 'exact' }).order('id').range(1, 2)),
    (o) => {
      expect(o).toMatchObject({ status: 206, count: 4 });
      expect(ids(o.data as any)).toEqual([2, 3]);
    },
  );

  parity(
    'head with an exact count',
    async (c) =>
      rest(
        await c.from('registrations').select('*', { count: 'exact', head: true }).eq('event_id', 1),
      ),
    (o) => expect(o).toMatchObject({ data: null, error: null, count: 3, status: 200 }),
  );

  parity(
    'planned and estimated counts are numbers',
    async (c) => {
      const planned = await c.from('people').select('id', { count: 'planned' });
      const estimated = await c.from('people').select('id', { count: 'estimated', head: true });
      return {
        planned: typeof planned.count,
        estimated: typeof estimated.count,
        status: [planned.status, estimated.status],
      };
    },
    (o) => expect(o).toEqual({ planned: 'number', estimated: 'number', status: [200, 200] }),
  );

  parity(
    'an offset past the end is a 416',
    async (c) => rest(await c.from('events').select('id', { count: 'exact' }).range(10, 12)),
    (o) => expect(o).toMatchObject({ status: 416, error: { code: 'PGRST103' } }),
  );
});

describe('single, maybeSingle and csv', () => {
  parity(
    'single row',
    async (c) => rest(await c.from('people').select('full_name').eq('id', BOB).single()),
    (o) => expect(o).toMatchObject({ data: { full_name: 'Bob Bhat' }, status: 200 }),
  );

  parity(
    'single of no row is PGRST116 (406)',
    async (c) => rest(await c.from('people').select().eq('full_name', 'Nobody').single()),
    (o) =>
      expect(o).toMatchObject({
        data: null,
        status: 406,
        error: { code: 'PGRST116', details: 'The result contains 0 rows' },
      }),
  );

  parity(
    'maybeSingle of no row is null',
    async (c) => rest(await c.from('people').select().eq('full_name', 'Nobody').maybeSingle()),
    (o) => expect(o).toMatchObject({ data: null, error: null, status: 200 }),
  );

  parity(
    'maybeSingle of several rows is PGRST116 (406)',
    async (c) => rest(await c.from('people').select('id').maybeSingle()),
    (o) => expect(o).toMatchObject({ data: null, status: 406, error: { code: 'PGRST116' } }),
  );

  parity(
    'csv',
    async (c) => rest(await c.from('roles').select('id,name').order('id').limit(2).csv()),
    (o) => expect(o.data).toBe('id,name\n1,admin\n2,volunteer'),
  );
});

describe('row-level security and errors', () => {
  parity(
    "a user sees public notes and their own, not others' private ones",
    async (c) => rest(await c.from('notes').select('id').order('id')),
    (o) => expect(ids(o.data as any)).toEqual([1, 2, 3, 5]),
    { bearer: userJwt(ALICE) },
  );

  parity(
    'an unknown table is PGRST205 (404)',
    async (c) => rest(await c.from('nope').select()),
    (o) => expect(o).toMatchObject({ status: 404, error: { code: 'PGRST205' } }),
  );

  parity(
    'an unknown column is 42703 (400)',
    async (c) => rest(await c.from('people').select('nope')),
    (o) => expect(o).toMatchObject({ status: 400, error: { code: '42703' } }),
  );

  parity(
    'a malformed uuid is 22P02 (400)',
    async (c) => rest(await c.from('people').select().eq('id', 'not-a-uuid')),
    (o) => expect(o).toMatchObject({ status: 400, error: { code: '22P02' } }),
  );
});
