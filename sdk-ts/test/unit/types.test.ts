// The Database type parameter: names, rows, inserts, filters and functions are typed from the
// generated module (test/fixture/database.ts is `server gen-types` of the REST fixture schema).
// `tsc --noEmit` checks these; each test also runs its query against a recording fetch.

import { describe, expect, expectTypeOf, test } from 'vitest';
import { createClient } from '../../src';
import type { Database as ProductDatabase } from '../../types/database';
import type { Database, Enums, Tables, TablesInsert } from '../fixture/database';
import { json, stubFetch } from './stub';

const stub = stubFetch(() => json([]));
const db = createClient<Database>('http://api.test', 'anon-key', { global: { fetch: stub.fetch } });

type Event = Tables<'events'>;

describe('tables', () => {
  test('select() rows are the table rows', async () => {
    const { data } = await db.from('events').select();
    expectTypeOf(data).toEqualTypeOf<Event[] | null>();
    expectTypeOf<Event['event_type']>().toEqualTypeOf<'cultural' | 'educational' | 'religious'>();
    expectTypeOf<Event['max_attendees']>().toEqualTypeOf<number | null>();
    expect(stub.calls.at(-1)?.url.pathname).toBe('/rest/v1/events');
  });

  test('a plain column list picks those columns', async () => {
    const { data } = await db.from('events').select('id, title');
    expectTypeOf(data).toEqualTypeOf<Pick<Event, 'id' | 'title'>[] | null>();
  });

  test('embeds are loose records until .returns<T>() names them', async () => {
    const { data } = await db.from('events').select('id, organizer:people(full_name)');
    expectTypeOf(data).toEqualTypeOf<Record<string, unknown>[] | null>();
    type WithOrganizer = { id: number; organizer: { full_name: string } | null };
    const named = await db
      .from('events')
      .select('id, organizer:people(full_name)')
      .returns<WithOrganizer[]>();
    expectTypeOf(named.data).toEqualTypeOf<WithOrganizer[] | null>();
  });

  test('single and maybeSingle give one row', async () => {
    expectTypeOf(
      (await db.from('events').select().eq('id', 1).single()).data,
    ).toEqualTypeOf<Event | null>();
    expectTypeOf(
      (await db.from('events').select().maybeSingle()).data,
    ).toEqualTypeOf<Event | null>();
    expectTypeOf((await db.from('events').select().csv()).data).toEqualTypeOf<string | null>();
  });

  test('inserts need the required columns and refuse generated ones', () => {
    const event: TablesInsert<'events'> = { title: 'Puja', event_date: '2026-09-01' };
    void db.from('events').insert(event);
    // @ts-expect-error -- title is required
    void db.from('events').insert({ event_date: '2026-09-01' });
    // @ts-expect-error -- search is generated
    void db.from('notes').insert({ body: 'x', search: 'y' });
    void db.from('notes').update({ is_public: true }).eq('id', 1);
    // @ts-expect-error -- no such column
    void db.from('notes').update({ colour: 'red' });
    expect(event.title).toBe('Puja');
  });

  test('filters take the column type for known columns', () => {
    const kind: Enums<'event_type'> = 'cultural';
    void db
      .from('events')
      .select()
      .eq('event_type', kind)
      .in('id', [1, 2])
      .eq('organizer.full_name', 'any');
    // @ts-expect-error -- not one of the enum labels
    void db.from('events').select().eq('event_type', 'sports');
    // @ts-expect-error -- a number column
    void db.from('events').select().gt('max_attendees', 'ten');
    expect(kind).toBe('cultural');
  });

  test('only tables and views of the schema can be named', () => {
    void db.from('upcoming_events').select();
    // @ts-expect-error -- no such table
    void db.from('no_such_table');
    expect(true).toBe(true);
  });
});

describe('functions', () => {
  test('arguments and results are typed', async () => {
    expectTypeOf((await db.rpc('add', { a: 1 })).data).toEqualTypeOf<number | null>();
    expectTypeOf((await db.rpc('events_after', { day: '2026-01-01' })).data).toEqualTypeOf<
      Event[] | null
    >();
    expectTypeOf((await db.rpc('touch')).data).toEqualTypeOf<undefined | null>();
    // @ts-expect-error -- a is required
    void db.rpc('add', { b: 1 });
    // @ts-expect-error -- no such function
    void db.rpc('nope');
    expect(stub.calls.some((c) => c.url.pathname === '/rest/v1/rpc/add')).toBe(true);
  });
});

describe('without a Database type', () => {
  test('any name works and rows are records', async () => {
    const loose = createClient('http://api.test', 'anon-key', { global: { fetch: stub.fetch } });
    const { data } = await loose.from('anything').select().eq('whatever', 1);
    expectTypeOf(data).toEqualTypeOf<Record<string, any>[] | null>(); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(data).toEqual([]);
  });

  test("the product's generated types are a Database the client accepts", () => {
    const product = createClient<ProductDatabase>('http://api.test', 'anon-key', {
      global: { fetch: stub.fetch },
    });
    expect(typeof product.from).toBe('function');
  });
});
