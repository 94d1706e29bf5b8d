// Realtime against the real server, side by side with supabase-js: the same subscriptions get
// the same changes, broadcasts and presence pass between the two clients both ways, and a
// client built on the SDK's auth acts as its signed-in user.

/* eslint-disable @typescript-eslint/no-explicit-any -- supabase-js's and this SDK's channels side by side */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import ws from 'ws';
import { createRealtime, type PostgresChange, type RealtimeClient } from '../../src/realtime';
import { ALICE, BOB, platform, sdk, sql, supabase, userJwt } from './helpers';

const here = path.dirname(fileURLToPath(import.meta.url));
const transport = ws as never;
const realtimes: RealtimeClient[] = [];
const ours = (options: Parameters<typeof createRealtime>[2] = {}) => {
  const client = createRealtime(platform.url, platform.anonKey, { transport, ...options });
  realtimes.push(client);
  return client;
};
const theirs: ReturnType<typeof supabase>[] = [];
const official = () => {
  const client = supabase();
  theirs.push(client);
  return client;
};

const until = async (check: () => unknown, what: string) => {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};
const subscribed = (channel: { subscribe(cb: (status: string, error?: Error) => void): unknown }) =>
  new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status !== 'CLOSED') reject(error ?? new Error(status));
    }),
  );
let nextId = Date.now() % 1_000_000_000;

beforeAll(() => {
  sql(
    fs.readFileSync(
      path.join(here, '../../../conformance/supabase-js/realtime-fixture.sql'),
      'utf8',
    ),
  );
});
afterAll(async () => {
  for (const client of realtimes) await client.removeAllChannels();
  for (const client of theirs) await client.removeAllChannels();
});

describe('realtime', () => {
  test('the same subscription gets the same changes as with supabase-js', async () => {
    const filter = {
      event: '*',
      schema: 'public',
      table: 'rt_items',
      filter: 'qty=gte.10',
    } as const;
    const mine: PostgresChange[] = [];
    const official_: any[] = [];
    await subscribed(
      ours()
        .channel('parity-a')
        .on('postgres_changes', filter, (c) => mine.push(c)),
    );
    await subscribed(
      official()
        .channel('parity-b')
        .on('postgres_changes', filter as any, (c: any) => official_.push(c)),
    );
    const id = ++nextId;
    sql(
      `insert into public.rt_items (id, name, qty, tags, info) values (${id}, 'sdk', 12, '{a}', '{"k": 1}')`,
    );
    sql(`update public.rt_items set qty = 3 where id = ${id}`);
    sql(`update public.rt_items set qty = 30 where id = ${id}`);
    sql(`delete from public.rt_items where id = ${id}`);
    await until(() => mine.length === 3 && official_.length === 3, 'three changes on each');
    const strip = (c: any) => ({ ...c, commit_timestamp: typeof c.commit_timestamp });
    expect(mine.map(strip)).toEqual(official_.map(strip));
    expect(mine.map((c) => c.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(mine[2].old).toEqual({ id });
  });

  test('broadcasts pass between this SDK and supabase-js, both ways', async () => {
    const got: any[] = [];
    const theirsGot: any[] = [];
    const mine = ours()
      .channel('both-ways', { config: { broadcast: { ack: true } } })
      .on('broadcast', { event: '*' }, (m) => got.push(m));
    const other = official()
      .channel('both-ways')
      .on('broadcast', { event: '*' }, (m: any) => theirsGot.push(m));
    await Promise.all([subscribed(mine), subscribed(other)]);
    expect(await mine.send({ type: 'broadcast', event: 'from-sdk', payload: { n: 1 } })).toBe('ok');
    await other.send({ type: 'broadcast', event: 'from-supabase', payload: { n: 2 } });
    await until(() => got.length === 1 && theirsGot.length === 1, 'both broadcasts');
    expect(theirsGot[0]).toEqual({ type: 'broadcast', event: 'from-sdk', payload: { n: 1 } });
    // supabase-js sends binary frames (vsn 2): this SDK reads the server's binary broadcast.
    expect(got[0]).toEqual({ type: 'broadcast', event: 'from-supabase', payload: { n: 2 } });
  });

  test('presence passes between the two clients', async () => {
    const mine = ours()
      .channel('lobby-sdk', { config: { presence: { key: 'sdk' } } })
      .on('presence', { event: 'sync' }, () => {});
    const other: any = official().channel('lobby-sdk', { config: { presence: { key: 'js' } } });
    other.on('presence', { event: 'sync' }, () => {});
    await Promise.all([subscribed(mine), subscribed(other)]);
    expect(await mine.track({ from: 'sdk' })).toBe('ok');
    await other.track({ from: 'js' });
    await until(
      () => mine.presenceState().js && other.presenceState().sdk,
      "each in the other's state",
    );
    expect(mine.presenceState().js[0]).toMatchObject({ from: 'js' });
    expect(other.presenceState().sdk[0]).toMatchObject({ from: 'sdk' });
    expect(await mine.untrack()).toBe('ok');
    await until(() => !other.presenceState().sdk, 'the untrack');
  });

  test("with the SDK's auth, channels act as the signed-in user and follow the session", async () => {
    const client = sdk({ bearer: userJwt(ALICE) });
    const realtime = ours({ accessToken: () => userJwt(ALICE) });
    await realtime.setAuth();
    const got: PostgresChange[] = [];
    await subscribed(
      realtime
        .channel('mine')
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, (c) =>
          got.push(c),
        ),
    );
    sql(`insert into public.rt_notes (owner, body) values ('${BOB}', 'not alice''s')`);
    const note = Number(
      sql(`insert into public.rt_notes (owner, body) values ('${ALICE}', 'alice''s') returning id`),
    );
    await until(() => got.length >= 1, "alice's note");
    expect(got.map((c) => c.new.id)).toEqual([note]);
    expect(got[0].new).not.toHaveProperty('secret');
    expect(client).toBeTruthy();
  });
});
