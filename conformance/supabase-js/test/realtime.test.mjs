// Realtime through supabase-js: the socket and its channels (join, leave, heartbeat,
// access_token, system messages), broadcast (self, ack, binary, the HTTP API) and presence,
// private channels authorised by policies on realtime.messages, with vsn 2.0.0 (the default)
// and 1.0.0. Exact frames are checked on a raw socket where supabase-js hides them.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ALICE, ANON_KEY, BASE_URL, BOB, SERVICE_KEY, T, signJwt, userJwt } from './helpers.mjs';
import {
  asUserRt,
  broadcastFrame,
  channelName,
  collector,
  loadFixture,
  parseBroadcastFrame,
  rawJoin,
  rawSocket,
  rtClient,
  subscribeOutcome,
  subscribed,
  waitFor,
} from './realtime-helpers.mjs';

const clients = [];
const track = (client) => (clients.push(client), client);

before(() => loadFixture());
after(async () => {
  for (const client of clients) await client.removeAllChannels();
});

describe('realtime: the socket and its channels', () => {
  for (const vsn of ['2.0.0', '1.0.0']) {
    test(`vsn ${vsn}: a channel joins, receives its own broadcast and leaves`, T, async () => {
      const client = track(rtClient({ vsn }));
      const got = collector();
      const channel = client
        .channel(channelName('hello'), { config: { broadcast: { self: true, ack: true } } })
        .on('broadcast', { event: 'greet' }, got.push);
      await subscribed(channel);
      assert.equal(channel.state, 'joined');
      assert.equal(await channel.send({ type: 'broadcast', event: 'greet', payload: { n: 1 } }), 'ok');
      await waitFor(() => got.items.length === 1, 'the broadcast');
      assert.deepEqual(got.items[0], { type: 'broadcast', event: 'greet', payload: { n: 1 } });
      assert.equal(await client.removeChannel(channel), 'ok');
      assert.equal(channel.state, 'closed');
    });
  }

  test('join replies list the postgres_changes bindings with ids, in order', T, async () => {
    const socket = rawSocket();
    await socket.opened;
    const bindings = [
      { event: 'INSERT', schema: 'public', table: 'rt_items' },
      { event: '*', schema: 'public', table: 'rt_items', filter: 'qty=gt.5' },
      { event: 'DELETE', schema: 'public', table: 'rt_items' },
    ];
    const { reply } = await rawJoin(socket, 'realtime:ids', { config: { postgres_changes: bindings } });
    assert.equal(reply[4].status, 'ok');
    const echoed = reply[4].response.postgres_changes;
    assert.equal(echoed.length, 3);
    echoed.forEach((entry, i) => {
      assert.deepEqual({ ...entry, id: undefined }, { ...bindings[i], id: undefined });
      assert.equal(typeof entry.id, 'number');
    });
    assert.equal(new Set(echoed.map((e) => e.id)).size, 3, 'distinct bindings, distinct ids');
    const system = await socket.next((m) => m[3] === 'system', 'the system message');
    assert.equal(system[0], reply[1], 'sent to the joined channel (its join_ref)');
    assert.deepEqual(system[4], { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'ids' });
    await socket.close();
  });

  test('heartbeats are answered; leaving replies ok then phx_close; other topics are unmatched', T, async () => {
    const socket = rawSocket();
    await socket.opened;
    const beat = socket.send('phoenix', 'heartbeat', {});
    assert.deepEqual(await socket.reply(beat), [null, beat, 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    const { ref } = await rawJoin(socket, 'realtime:lifecycle');
    const leave = socket.send('realtime:lifecycle', 'phx_leave', {}, ref);
    assert.deepEqual((await socket.reply(leave))[4], { status: 'ok', response: {} });
    assert.deepEqual(await socket.next((m) => m[3] === 'phx_close'), [ref, ref, 'realtime:lifecycle', 'phx_close', {}]);
    const stray = socket.send('realtime:never-joined', 'broadcast', { type: 'broadcast', event: 'x', payload: {} });
    assert.deepEqual((await socket.reply(stray))[4], { status: 'error', response: { reason: 'unmatched topic' } });
    const empty = socket.send('realtime:', 'phx_join', {});
    assert.deepEqual((await socket.reply(empty))[4], { status: 'error', response: { reason: 'TopicNameRequired: You must provide a topic name' } });
    await socket.close();
  });

  test('vsn 1.0.0 speaks JSON objects', T, async () => {
    const socket = rawSocket({ vsn: '1.0.0' });
    await socket.opened;
    socket.socket.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '7' }));
    const reply = await socket.next((m) => m.ref === '7', 'the heartbeat reply');
    assert.deepEqual(reply, { event: 'phx_reply', payload: { status: 'ok', response: {} }, ref: '7', topic: 'phoenix' });
    await socket.close();
  });

  test('a second join of a topic closes the first', T, async () => {
    const socket = rawSocket();
    await socket.opened;
    const first = await rawJoin(socket, 'realtime:twice');
    const second = await rawJoin(socket, 'realtime:twice');
    assert.equal(second.reply[4].status, 'ok');
    await socket.next((m) => m[3] === 'phx_close' && m[0] === first.ref, 'the first join closed');
    await socket.close();
  });

  test('the handshake needs a valid API key and a known vsn', T, async () => {
    await assert.rejects(rawSocket({ apikey: null }).opened, (e) => e.status === 401 && JSON.parse(e.body).error === 'API key is missing');
    await assert.rejects(rawSocket({ apikey: 'not-a-jwt' }).opened, (e) => e.status === 401 && /not a valid JWT/.test(e.body));
    const forged = signJwt({ role: 'service_role', exp: Math.floor(Date.now() / 1000) + 60 }, 'another-secret-that-is-long-enough-0123456789');
    await assert.rejects(rawSocket({ apikey: forged }).opened, (e) => e.status === 401 && /signature/.test(e.body));
    await assert.rejects(rawSocket({ vsn: '3.0.0' }).opened, (e) => e.status === 400);
    const noExp = signJwt({ role: 'anon' });
    await assert.rejects(rawSocket({ apikey: noExp }).opened, (e) => e.status === 401 && /`role` and `exp`/.test(e.body));
  });

  test('a join with a bad or expired token is refused with the reason', T, async () => {
    const expired = rtClient({ token: userJwt(ALICE, { expiresIn: -120 }) });
    track(expired);
    const outcome = await subscribeOutcome(expired.channel(channelName('expired')));
    assert.equal(outcome.status, 'CHANNEL_ERROR');
    assert.match(outcome.error.message, /^InvalidJWTToken: Token has expired \d+ seconds ago$/);
    const socket = rawSocket();
    await socket.opened;
    const { reply } = await rawJoin(socket, 'realtime:bad-token', { config: {}, access_token: 'nope' });
    assert.deepEqual(reply[4], { status: 'error', response: { reason: 'MalformedJWT: The token provided is not a valid JWT' } });
    await socket.close();
  });

  test('a channel whose token expires is told and closed', T, async () => {
    // The token expires in 2 s: within the 30 s clock skew it still joins.
    const client = track(rtClient({ token: userJwt(ALICE, { expiresIn: 2 }) }));
    const system = collector();
    const channel = client.channel(channelName('expiring')).on('system', {}, system.push);
    const closed = new Promise((resolve) => channel.subscribe((status) => status === 'CLOSED' && resolve()));
    await waitFor(() => channel.state === 'joined', 'the join');
    await closed;
    assert.equal(system.items.at(-1).status, 'error');
    assert.match(system.items.at(-1).message, /^Token has expired \d+ seconds ago$/);
    assert.equal(system.items.at(-1).extension, 'system');
  });

  test('setAuth sends the new token to joined channels (access_token)', T, async () => {
    const socket = rawSocket();
    await socket.opened;
    const { ref } = await rawJoin(socket, 'realtime:refresh', { config: {}, access_token: userJwt(ALICE) });
    // A valid new token is taken silently; a malformed one closes the channel with the reason.
    socket.send('realtime:refresh', 'access_token', { access_token: userJwt(ALICE, { expiresIn: 7200 }) }, ref);
    const beat = socket.send('phoenix', 'heartbeat', {});
    await socket.reply(beat);
    assert.equal(socket.messages.filter((m) => m[3] === 'system').length, 0);
    socket.send('realtime:refresh', 'access_token', { access_token: 'garbage' }, ref);
    const system = await socket.next((m) => m[3] === 'system', 'the system message');
    assert.deepEqual(system[4], { extension: 'system', status: 'error', message: 'The token provided is not a valid JWT', channel: 'refresh' });
    await socket.next((m) => m[3] === 'phx_close', 'the channel closed');
    await socket.close();
  });
});

describe('realtime: broadcast', () => {
  test('self: false (the default) leaves the sender out; others receive', T, async () => {
    const name = channelName('room');
    const [a, b] = [track(rtClient()), track(rtClient())];
    const [gotA, gotB] = [collector(), collector()];
    const chA = a.channel(name).on('broadcast', { event: '*' }, gotA.push);
    const chB = b.channel(name).on('broadcast', { event: '*' }, gotB.push);
    await Promise.all([subscribed(chA), subscribed(chB)]);
    await chA.send({ type: 'broadcast', event: 'move', payload: { x: 1 } });
    await chB.send({ type: 'broadcast', event: 'move', payload: { x: 2 } });
    await waitFor(() => gotA.items.length === 1 && gotB.items.length === 1, 'both broadcasts');
    assert.deepEqual(gotB.items[0].payload, { x: 1 });
    assert.deepEqual(gotA.items[0].payload, { x: 2 });
  });

  test('a vsn 2 client sends binary frames; vsn 1 and vsn 2 receivers both get the message', T, async () => {
    const name = channelName('mixed');
    const sender = track(rtClient());
    const [v1, v2] = [track(rtClient({ vsn: '1.0.0' })), track(rtClient())];
    const [got1, got2] = [collector(), collector()];
    const chS = sender.channel(name);
    const ch1 = v1.channel(name).on('broadcast', { event: 'note' }, got1.push);
    const ch2 = v2.channel(name).on('broadcast', { event: 'note' }, got2.push);
    await Promise.all([subscribed(chS), subscribed(ch1), subscribed(ch2)]);
    await chS.send({ type: 'broadcast', event: 'note', payload: { text: 'héllo', list: [1, 2] } });
    await waitFor(() => got1.items.length === 1 && got2.items.length === 1, 'both receivers');
    for (const item of [got1.items[0], got2.items[0]]) {
      assert.equal(item.event, 'note');
      assert.deepEqual(item.payload, { text: 'héllo', list: [1, 2] });
    }
  });

  test('raw bytes travel as a binary broadcast to vsn 2 receivers', T, async () => {
    const name = `realtime:${channelName('bytes')}`;
    const [sender, receiver] = [rawSocket(), rawSocket()];
    await Promise.all([sender.opened, receiver.opened]);
    const { ref } = await rawJoin(sender, name, { config: { broadcast: { ack: true } } });
    await rawJoin(receiver, name);
    sender.socket.send(broadcastFrame({ joinRef: ref, ref: '99', topic: name, event: 'blob', payload: Buffer.from([1, 2, 250]), json: false }));
    assert.deepEqual((await sender.reply('99'))[4], { status: 'ok', response: {} }, 'acknowledged');
    const frame = parseBroadcastFrame(await receiver.next((m) => Buffer.isBuffer(m), 'a binary frame'));
    assert.equal(frame.topic, name);
    assert.equal(frame.event, 'blob');
    assert.equal(frame.json, false);
    assert.deepEqual([...frame.payload], [1, 2, 250]);
    await Promise.all([sender.close(), receiver.close()]);
  });

  test('ack: true acknowledges; an oversized payload is refused, not relayed', T, async () => {
    const client = track(rtClient());
    const channel = client.channel(channelName('ack'), { config: { broadcast: { ack: true } } });
    await subscribed(channel);
    assert.equal(await channel.send({ type: 'broadcast', event: 'e', payload: { ok: true } }), 'ok');
    const big = 'x'.repeat(300 * 1024);
    assert.equal(await channel.send({ type: 'broadcast', event: 'e', payload: { big } }), 'error');
  });

  test('the HTTP API broadcasts (batch and single, JSON and binary) to public channels', T, async () => {
    const name = channelName('api');
    const client = track(rtClient());
    const got = collector();
    const channel = client.channel(name).on('broadcast', { event: '*' }, got.push);
    await subscribed(channel);
    const res = await fetch(`${BASE_URL}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: name, event: 'from-api', payload: { n: 1 } }, { topic: name, event: 'with-id', payload: { n: 2 }, id: 'm-1' }] }),
    });
    assert.equal(res.status, 202);
    assert.deepEqual(await channel.httpSend('single', { n: 3 }), { success: true });
    assert.deepEqual(await channel.httpSend('bytes', new Uint8Array([9, 8, 7])), { success: true });
    await waitFor(() => got.items.length === 4, 'four broadcasts');
    assert.deepEqual(got.items[0], { type: 'broadcast', event: 'from-api', payload: { n: 1 } });
    assert.deepEqual(got.items[1].meta, { id: 'm-1' });
    assert.deepEqual(got.items[2].payload, { n: 3 });
    assert.deepEqual([...new Uint8Array(got.items[3].payload)], [9, 8, 7]);
    const bad = await fetch(`${BASE_URL}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: name }] }),
    });
    assert.equal(bad.status, 422);
    assert.ok((await bad.json()).errors);
    const anonymous = await fetch(`${BASE_URL}/realtime/v1/api/broadcast`, { method: 'POST', body: '{}' });
    assert.equal(anonymous.status, 401);
    assert.deepEqual(await anonymous.json(), { message: 'Unauthorized' });
  });

  test('send() before joining falls back to the HTTP API', T, async () => {
    const name = channelName('fallback');
    const listener = track(rtClient());
    const got = collector();
    const channel = listener.channel(name).on('broadcast', { event: 'late' }, got.push);
    await subscribed(channel);
    const sender = track(rtClient());
    const warn = console.warn;
    console.warn = () => {};
    try {
      assert.equal(await sender.channel(name).send({ type: 'broadcast', event: 'late', payload: { via: 'http' } }), 'ok');
    } finally {
      console.warn = warn;
    }
    await waitFor(() => got.items.length === 1, 'the broadcast');
    assert.deepEqual(got.items[0].payload, { via: 'http' });
  });
});

describe('realtime: presence', () => {
  test('track, sync, join and leave between two clients; untrack', T, async () => {
    const name = channelName('lobby');
    const [a, b] = [track(rtClient()), track(rtClient())];
    const joins = collector();
    const leaves = collector();
    const chA = a.channel(name, { config: { presence: { key: 'ann' } } });
    const chB = b.channel(name, { config: { presence: { key: 'bob' } } })
      .on('presence', { event: 'join' }, joins.push)
      .on('presence', { event: 'leave' }, leaves.push)
      .on('presence', { event: 'sync' }, () => {});
    chA.on('presence', { event: 'sync' }, () => {});
    await Promise.all([subscribed(chA), subscribed(chB)]);
    assert.equal(await chA.track({ status: 'online' }), 'ok');
    await waitFor(() => chB.presenceState().ann, 'ann in bob\'s state');
    assert.equal(chB.presenceState().ann[0].status, 'online');
    assert.equal(typeof chB.presenceState().ann[0].presence_ref, 'string');
    assert.equal(joins.items[0].key, 'ann');
    assert.equal(await chB.track({ status: 'busy' }), 'ok');
    await waitFor(() => chA.presenceState().bob && chA.presenceState().ann, 'both in ann\'s state');
    assert.equal(await chA.track({ status: 'away' }), 'ok');
    await waitFor(() => chB.presenceState().ann?.[0]?.status === 'away', 'the update');
    assert.equal(chB.presenceState().ann.length, 1, 'an update replaces the meta');
    assert.equal(await chA.untrack(), 'ok');
    await waitFor(() => !chB.presenceState().ann, 'ann untracked');
    assert.ok(leaves.items.some((l) => l.key === 'ann'));
    await chB.track({ status: 'busy' });
    await a.removeChannel(chA);
    await waitFor(() => chB.presenceState().bob, 'bob stays');
  });

  test('a client that joins later gets the state, and a left channel leaves', T, async () => {
    const name = channelName('late');
    const first = track(rtClient());
    const chFirst = first.channel(name, { config: { presence: { key: 'first' } } }).on('presence', { event: 'sync' }, () => {});
    await subscribed(chFirst);
    await chFirst.track({ here: true });
    const second = track(rtClient());
    const chSecond = second.channel(name, { config: { presence: { key: 'second' } } }).on('presence', { event: 'sync' }, () => {});
    await subscribed(chSecond);
    await waitFor(() => chSecond.presenceState().first?.[0]?.here === true, 'the state on join');
    await first.removeChannel(chFirst);
    await waitFor(() => !chSecond.presenceState().first, 'the leave');
  });
});

describe('realtime: private channels', () => {
  test('a member joins their own private topic and a shared one; not another member\'s', T, async () => {
    const alice = track(asUserRt(ALICE));
    await subscribed(alice.channel(`private:${ALICE}`, { config: { private: true } }));
    await subscribed(alice.channel('private:shared', { config: { private: true } }));
    const outcome = await subscribeOutcome(alice.channel(`private:${BOB}`, { config: { private: true } }));
    assert.equal(outcome.status, 'CHANNEL_ERROR');
    assert.equal(outcome.error.message, `Unauthorized: You do not have permissions to read from this Channel topic: private:${BOB}`);
    const anonymous = track(rtClient());
    const refused = await subscribeOutcome(anonymous.channel(`private:${ALICE}`, { config: { private: true } }));
    assert.equal(refused.status, 'CHANNEL_ERROR');
  });

  test('public and private channels of one name are separate', T, async () => {
    const alice = track(asUserRt(ALICE));
    const got = collector();
    const priv = alice
      .channel(`private:${ALICE}`, { config: { private: true, broadcast: { self: true } } })
      .on('broadcast', { event: '*' }, got.push);
    await subscribed(priv);
    const stranger = track(rtClient());
    const pub = stranger.channel(`private:${ALICE}`, { config: { broadcast: { ack: true } } });
    await subscribed(pub);
    // Acknowledged: the server has handed it to every member before it answers.
    assert.equal(await pub.send({ type: 'broadcast', event: 'public', payload: {} }), 'ok');
    await priv.send({ type: 'broadcast', event: 'mine', payload: {} });
    await waitFor(() => got.items.some((m) => m.event === 'mine'), 'alice\'s own broadcast');
    assert.deepEqual(got.items.map((m) => m.event), ['mine'], 'a public broadcast never reaches the private channel');
  });

  test('sending needs the INSERT policy: a read-only member\'s broadcasts are dropped, httpSend is 403', T, async () => {
    const alice = track(asUserRt(ALICE));
    const bob = track(asUserRt(BOB));
    const got = collector();
    const listen = alice.channel('private:shared', { config: { private: true } }).on('broadcast', { event: '*' }, got.push);
    await subscribed(listen);
    const speaker = bob.channel('private:shared', { config: { private: true, broadcast: { ack: true } } });
    await subscribed(speaker);
    assert.equal(await speaker.send({ type: 'broadcast', event: 'nope', payload: {} }, { timeout: 1500 }), 'timed out');
    await assert.rejects(speaker.httpSend('nope', { a: 1 }), /Unauthorized/);
    // Alice may write to her own topic over HTTP, and the service role anywhere.
    const mine = alice.channel(`private:${ALICE}`, { config: { private: true } });
    const mineGot = collector();
    mine.on('broadcast', { event: '*' }, mineGot.push);
    await subscribed(mine);
    assert.deepEqual(await mine.httpSend('yes', { a: 1 }), { success: true });
    await waitFor(() => mineGot.items.length === 1, 'alice\'s own broadcast');
    const res = await fetch(`${BASE_URL}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: SERVICE_KEY, Authorization: `Bearer ${SERVICE_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 'private:shared', event: 'from-service', payload: {}, private: true }] }),
    });
    assert.equal(res.status, 202);
    await waitFor(() => got.items.some((m) => m.event === 'from-service'), 'the service broadcast');
    assert.ok(!got.items.some((m) => m.event === 'nope'), 'bob\'s refused broadcast never arrived');
  });
});
