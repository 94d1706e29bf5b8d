// Two server replicas on one database, and a replica restarting: every change reaches every
// subscriber once whichever replica holds its socket; broadcasts and presence cross between
// replicas; clients of a replica that restarts reconnect, rejoin and receive changes again.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ALICE, BASE_URL, T, lit, sql, userJwt } from './helpers.mjs';
import { channelName, collector, freshId, loadFixture, replicaClient, rtClient, startReplica, subscribed, waitFor } from './realtime-helpers.mjs';

let replica;
let metricsUrl;
const clients = [];
const track = (client) => (clients.push(client), client);

/** A free loopback port. */
async function freePort() {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** The replica's realtime figures on /metrics. */
async function realtimeFigures() {
  const text = await (await fetch(metricsUrl)).text();
  const value = (name) => Number(text.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1] ?? NaN);
  return {
    connections: value('realtime_connections'),
    channels: value('realtime_channels'),
    sent: value('realtime_messages_sent_total'),
    dropped: value('realtime_messages_dropped_total'),
  };
}

before(async () => {
  loadFixture();
  const metricsAddr = `127.0.0.1:${await freePort()}`;
  metricsUrl = `http://${metricsAddr}/metrics`;
  replica = await startReplica({ METRICS_ADDR: metricsAddr });
});

after(async () => {
  for (const client of clients) await client.removeAllChannels();
  await replica?.cleanup();
});

const items = { event: '*', schema: 'public', table: 'rt_items' };

describe('realtime with two replicas', () => {
  test('a replica\'s /metrics counts its realtime sockets, channels and messages', T, async () => {
    const before = await realtimeFigures();
    assert.equal(before.connections, 0, 'no socket yet');
    assert.equal(before.channels, 0, 'no channel yet');
    const client = replicaClient(replica.baseUrl);
    const got = collector();
    const channel = client.channel(channelName('counted')).on('postgres_changes', items, got.push);
    await subscribed(channel);
    const id = freshId();
    sql(`insert into public.rt_items (id, name) values (${id}, 'counted')`);
    await waitFor(() => got.items.some((c) => c.new.id === id), 'the change');
    const open = await realtimeFigures();
    assert.equal(open.connections, 1);
    assert.equal(open.channels, 1);
    assert.ok(open.sent >= 2, `the join reply and the change were counted (${open.sent})`);
    assert.equal(open.dropped, 0);
    await client.removeAllChannels();
    client.realtime.disconnect();
    await waitFor(async () => {
      const after = await realtimeFigures();
      return after.channels === 0 && after.connections === 0;
    }, 'the channel left and the socket closed');
  });

  test('every change reaches every subscriber once, on either replica', T, async () => {
    const lists = [];
    for (const url of [BASE_URL, replica.baseUrl, BASE_URL, replica.baseUrl]) {
      const client = track(replicaClient(url));
      const got = collector();
      await subscribed(client.channel(channelName('both')).on('postgres_changes', items, got.push));
      lists.push(got);
    }
    const ids = [freshId(), freshId(), freshId()];
    for (const id of ids) sql(`insert into public.rt_items (id, name) values (${id}, 'replicated')`);
    sql(`update public.rt_items set qty = 1 where id = any(array[${ids.join(',')}]::bigint[])`);
    const sentinel = freshId();
    sql(`insert into public.rt_items (id, name) values (${sentinel}, 'sentinel')`);
    await waitFor(() => lists.every((l) => l.items.some((c) => c.new.id === sentinel)), 'the sentinel everywhere');
    for (const list of lists) {
      const mine = list.items.filter((c) => ids.includes(c.new.id));
      assert.equal(mine.filter((c) => c.eventType === 'INSERT').length, 3, 'each insert once');
      assert.equal(mine.filter((c) => c.eventType === 'UPDATE').length, 3, 'each update once');
    }
  });

  test('row-level security holds on both replicas', T, async () => {
    const got = collector();
    const client = track(replicaClient(replica.baseUrl, { token: userJwt(ALICE) }));
    await subscribed(client.channel(channelName('rls')).on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, got.push));
    sql(`insert into public.rt_notes (owner, body) values ('22222222-2222-4222-8222-222222222222', 'not alice''s')`);
    const mine = Number(sql(`insert into public.rt_notes (owner, body) values (${lit(ALICE)}, 'alice''s') returning id`));
    await waitFor(() => got.items.length >= 1, 'alice\'s note');
    assert.deepEqual(got.items.map((c) => c.new.id), [mine]);
  });

  test('broadcasts cross replicas, both ways', T, async () => {
    const name = channelName('crossing');
    const [onA, onB] = [track(rtClient()), track(replicaClient(replica.baseUrl))];
    const [gotA, gotB] = [collector(), collector()];
    const chA = onA.channel(name, { config: { broadcast: { ack: true } } }).on('broadcast', { event: '*' }, gotA.push);
    const chB = onB.channel(name, { config: { broadcast: { ack: true } } }).on('broadcast', { event: '*' }, gotB.push);
    await Promise.all([subscribed(chA), subscribed(chB)]);
    await waitFor(async () => {
      await chA.send({ type: 'broadcast', event: 'a-to-b', payload: { n: gotB.items.length } });
      await new Promise((r) => setTimeout(r, 100));
      return gotB.items.some((m) => m.event === 'a-to-b');
    }, 'a broadcast from A on B (once the replicas know of each other)');
    await chB.send({ type: 'broadcast', event: 'b-to-a', payload: { bytes: true } });
    await waitFor(() => gotA.items.some((m) => m.event === 'b-to-a'), 'a broadcast from B on A');
    const res = await fetch(`${replica.baseUrl}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: process.env.CONFORMANCE_ANON_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: name, event: 'via-http-on-b', payload: {} }] }),
    });
    assert.equal(res.status, 202);
    await waitFor(() => gotA.items.some((m) => m.event === 'via-http-on-b'), 'the HTTP broadcast of B on A');
    sql(`select realtime.send('{"from": "sql"}'::jsonb, 'from-sql', ${lit(name)}, false)`);
    await waitFor(() => gotA.items.some((m) => m.event === 'from-sql') && gotB.items.some((m) => m.event === 'from-sql'), 'realtime.send on both');
    assert.equal(gotA.items.filter((m) => m.event === 'from-sql').length, 1, 'once');
    assert.equal(gotB.items.filter((m) => m.event === 'from-sql').length, 1, 'once');
  });

  test('presence crosses replicas: state for a late joiner, joins and leaves', T, async () => {
    const name = channelName('present');
    const onA = track(rtClient());
    const chA = onA.channel(name, { config: { presence: { key: 'on-a' } } }).on('presence', { event: 'sync' }, () => {});
    await subscribed(chA);
    assert.equal(await chA.track({ where: 'A' }), 'ok');
    const onB = track(replicaClient(replica.baseUrl));
    const chB = onB.channel(name, { config: { presence: { key: 'on-b' } } }).on('presence', { event: 'sync' }, () => {});
    await subscribed(chB);
    await waitFor(() => chB.presenceState()['on-a']?.[0]?.where === 'A', 'A\'s presence on B');
    assert.equal(await chB.track({ where: 'B' }), 'ok');
    await waitFor(() => chA.presenceState()['on-b']?.[0]?.where === 'B', 'B\'s presence on A');
    await onB.removeChannel(chB);
    await waitFor(() => !chA.presenceState()['on-b'], 'B\'s leave on A');
  });

  test('a replica that restarts: its clients reconnect, rejoin and receive changes again', { timeout: 90_000 }, async () => {
    const client = track(replicaClient(replica.baseUrl));
    const got = collector();
    const statuses = [];
    const channel = client.channel(channelName('restart')).on('postgres_changes', items, got.push);
    await new Promise((resolve) => channel.subscribe((status) => (statuses.push(status), status === 'SUBSCRIBED' && resolve())));
    const before = freshId();
    sql(`insert into public.rt_items (id, name) values (${before}, 'before the restart')`);
    await waitFor(() => got.items.some((c) => c.new.id === before), 'a change before the restart');
    await replica.restart();
    // supabase-js reconnects (after 1 s, 2 s, 5 s ...) and joins the channel again.
    await waitFor(() => client.realtime.isConnected() && channel.state === 'joined', 'the channel joined again', 60_000);
    await waitFor(async () => {
      const after = freshId();
      sql(`insert into public.rt_items (id, name) values (${after}, 'after the restart')`);
      await new Promise((r) => setTimeout(r, 200));
      return got.items.some((c) => c.new.id === after);
    }, 'changes after the restart', 30_000);
  });
});
