// Realtime's limits, on a replica of its own started with small ones: sockets per address and
// per account, channels per socket, joins and messages per second, payload size, a client
// that stops reading (cut off, the server's memory bounded) and one that stays silent (closed
// after the idle timeout).

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ALICE, T, userJwt } from './helpers.mjs';
import { broadcastFrame, loadFixture, rawJoin, rawSocket, startReplica, waitFor } from './realtime-helpers.mjs';

const LIMITS = {
  REALTIME_MAX_CLIENTS_PER_ADDRESS: '6',
  REALTIME_MAX_CLIENTS_PER_ACCOUNT: '2',
  REALTIME_MAX_CHANNELS_PER_CLIENT: '3',
  REALTIME_MAX_JOINS_PER_SECOND: '6',
  REALTIME_MAX_EVENTS_PER_SECOND: '1000',
  REALTIME_MAX_PAYLOAD_SIZE: '64KB',
  REALTIME_MAX_BUFFERED: '1MB',
  REALTIME_IDLE_TIMEOUT_SECONDS: '30',
};

let replica;
let idle;
let idleOpenedAt;
const open = [];
const socket = (options = {}) => {
  const s = rawSocket({ wsUrl: replica.wsUrl, ...options });
  open.push(s);
  return s;
};

before(async () => {
  loadFixture();
  replica = await startReplica(LIMITS);
  // Opened first, never speaks: the last case sees it closed.
  idle = rawSocket({ wsUrl: replica.wsUrl });
  await idle.opened;
  idleOpenedAt = Date.now();
});

after(async () => {
  for (const s of open) s.socket.terminate();
  idle?.socket.terminate();
  await replica?.cleanup();
});

async function closeAll() {
  await Promise.all(open.splice(0).map((s) => (s.socket.readyState === 1 ? s.close() : undefined)));
}

describe('realtime limits', () => {
  test('sockets per client address', T, async () => {
    // The idle socket is one of them.
    const sockets = [];
    for (let i = 0; i < 5; i++) sockets.push(socket());
    await Promise.all(sockets.map((s) => s.opened));
    const refused = socket();
    await assert.rejects(refused.opened, (e) => e.status === 429 && JSON.parse(e.body).error === 'Too many connected users');
    await closeAll();
    const again = socket();
    await again.opened;
    await closeAll();
  });

  test('sockets per account', T, async () => {
    const token = userJwt(ALICE);
    const [a, b, c] = [socket(), socket(), socket()];
    await Promise.all([a.opened, b.opened, c.opened]);
    assert.equal((await rawJoin(a, 'realtime:acct-a', { config: {}, access_token: token })).reply[4].status, 'ok');
    assert.equal((await rawJoin(b, 'realtime:acct-b', { config: {}, access_token: token })).reply[4].status, 'ok');
    const third = await rawJoin(c, 'realtime:acct-c', { config: {}, access_token: token });
    assert.deepEqual(third.reply[4], { status: 'error', response: { reason: 'ConnectionRateLimitReached: Too many connected users' } });
    // One socket with several channels counts once.
    assert.equal((await rawJoin(a, 'realtime:acct-a2', { config: {}, access_token: token })).reply[4].status, 'ok');
    await closeAll();
  });

  test('channels per socket', T, async () => {
    const s = socket();
    await s.opened;
    for (const name of ['one', 'two', 'three']) assert.equal((await rawJoin(s, `realtime:${name}`)).reply[4].status, 'ok');
    const fourth = await rawJoin(s, 'realtime:four');
    assert.deepEqual(fourth.reply[4], { status: 'error', response: { reason: 'ChannelRateLimitReached: Too many channels' } });
    const leave = s.send('realtime:one', 'phx_leave', {});
    await s.reply(leave);
    assert.equal((await rawJoin(s, 'realtime:four')).reply[4].status, 'ok', 'a left channel frees its place');
    await closeAll();
  });

  test('joins per second', T, async () => {
    const s = socket();
    await s.opened;
    const replies = [];
    for (let i = 0; i < 7; i++) replies.push((await rawJoin(s, 'realtime:rejoin')).reply[4]);
    assert.deepEqual(replies.slice(0, 6).map((r) => r.status), ['ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
    assert.deepEqual(replies[6], { status: 'error', response: { reason: 'ClientJoinRateLimitReached: Too many joins per second' } });
    await closeAll();
  });

  test('messages per second: past the limit the channel is told and closed', T, async () => {
    const s = socket();
    await s.opened;
    const { ref } = await rawJoin(s, 'realtime:chatty');
    for (let i = 0; i < 1010; i++) s.send('realtime:chatty', 'broadcast', { type: 'broadcast', event: 'e', payload: { i } }, ref);
    const system = await s.next((m) => m[3] === 'system', 'the system message');
    assert.deepEqual(system[4], { extension: 'system', status: 'error', message: 'Too many messages per second', channel: 'chatty' });
    await s.next((m) => m[3] === 'phx_close' && m[0] === ref, 'the channel closed');
    await closeAll();
  });

  test('payload size: a broadcast past the limit is refused, a presence past it closes the channel', T, async () => {
    const s = socket();
    await s.opened;
    const { ref } = await rawJoin(s, 'realtime:heavy', { config: { broadcast: { ack: true } } });
    const big = 'x'.repeat(65 * 1024);
    const r = s.send('realtime:heavy', 'broadcast', { type: 'broadcast', event: 'e', payload: { big } }, ref);
    assert.deepEqual((await s.reply(r))[4], { status: 'error', response: { reason: 'payload_size_exceeded' } });
    s.send('realtime:heavy', 'presence', { type: 'presence', event: 'track', payload: { big } }, ref);
    const system = await s.next((m) => m[3] === 'system', 'the system message');
    assert.equal(system[4].message, 'Track message size exceeded');
    await closeAll();
  });

  test('a client that stops reading is cut off, the server\'s memory bounded; the others go on', { timeout: 90_000 }, async () => {
    const slow = socket();
    const other = socket();
    const sender = socket();
    await Promise.all([slow.opened, other.opened, sender.opened]);
    await rawJoin(slow, 'realtime:flood');
    const calm = await rawJoin(other, 'realtime:calm', { config: { broadcast: { self: true, ack: true } } });
    const { ref } = await rawJoin(sender, 'realtime:flood');
    const rssBefore = replica.rssKiB();
    slow.socket._socket.pause();
    // 60 MB for a client that reads nothing: more than the kernel's socket buffers hold, and
    // far more than the 1 MB the server keeps waiting for one client.
    const frame = broadcastFrame({ joinRef: ref, topic: 'realtime:flood', event: 'flood', payload: Buffer.alloc(60 * 1024, 7), json: false });
    const sent = 990;
    for (let i = 0; i < sent; i++) sender.socket.send(frame);
    // The others go on meanwhile.
    const r = other.send('realtime:calm', 'broadcast', { type: 'broadcast', event: 'still-here', payload: {} }, calm.ref);
    assert.equal((await other.reply(r))[4].status, 'ok');
    await other.next((m) => m[3] === 'broadcast' && m[4].event === 'still-here', 'the other client\'s own broadcast');
    // Everything sent has been read by the server once the sender's socket has flushed it.
    await waitFor(() => sender.socket.bufferedAmount === 0, 'the flood sent', 30_000);
    const rssAfter = replica.rssKiB();
    assert.ok(rssAfter - rssBefore < 64 * 1024, `the server grew by ${rssAfter - rssBefore} KiB for a client that reads nothing`);
    slow.socket._socket.resume();
    const { code } = await slow.closed;
    const received = slow.messages.filter((m) => Buffer.isBuffer(m)).length;
    assert.ok(received < sent, `the slow client was cut off (${received} of ${sent} received, close ${code})`);
    assert.ok([1013, 1006].includes(code), `closed as too slow (${code})`);
    await closeAll();
  });

  test('a silent socket is closed after the idle timeout', { timeout: 60_000 }, async () => {
    const { code, reason } = await idle.closed;
    assert.equal(code, 1000);
    assert.equal(reason, 'heartbeat timeout');
    const silentFor = Date.now() - idleOpenedAt;
    assert.ok(silentFor >= 29_000, `closed after ${silentFor} ms`);
  });
});
