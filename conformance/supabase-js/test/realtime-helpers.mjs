// Shared by the realtime cases: the fixture (../realtime-fixture.sql), clients that act as a
// user on their realtime socket, subscription and wait helpers, and a raw WebSocket for what
// supabase-js hides (exact frames, binary frames, handshake statuses).
//
// Waiting is by condition, never by a fixed sleep. That nothing arrives is shown with a
// sentinel: after the change a subscriber must not see, a change it must see is made; the
// reader hands changes out in queue order, so once the sentinel arrived, the other would
// have arrived before it.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { ANON_KEY, BASE_URL, SERVICE_KEY, sql, userJwt } from './helpers.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const WS_URL = `${BASE_URL.replace(/^http/, 'ws')}/realtime/v1/websocket`;

/** Loads the realtime fixture (idempotent). */
export function loadFixture() {
  sql(fs.readFileSync(path.join(HERE, '..', 'realtime-fixture.sql'), 'utf8'));
}

/**
 * A supabase-js client whose realtime socket acts as `token` (a user JWT, or nothing: the anon
 * key). `vsn` chooses the protocol version.
 */
export function rtClient({ token, key = ANON_KEY, vsn, heartbeatIntervalMs } = {}) {
  const realtime = { transport: ws };
  if (vsn) realtime.vsn = vsn;
  if (heartbeatIntervalMs) realtime.heartbeatIntervalMs = heartbeatIntervalMs;
  const client = createClient(BASE_URL, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime,
  });
  if (token) client.realtime.setAuth(token);
  return client;
}

export const asUserRt = (sub, opts = {}) => rtClient({ token: userJwt(sub, opts.claims ?? {}), ...opts });
export const serviceRt = (opts = {}) => rtClient({ key: SERVICE_KEY, ...opts });

/** Subscribes `channel`; resolves on SUBSCRIBED, rejects with the error otherwise. */
export function subscribed(channel, timeoutMs = 10_000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no SUBSCRIBED for ${channel.topic} in ${timeoutMs} ms`)), timeoutMs);
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') {
        clearTimeout(timer);
        resolve(channel);
      } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT' || status === 'CLOSED') {
        clearTimeout(timer);
        reject(error ?? new Error(status));
      }
    });
  });
}

/** Subscribes and resolves with the status and error the callback got first. */
export function subscribeOutcome(channel, timeoutMs = 10_000) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ status: 'NO ANSWER' }), timeoutMs);
    channel.subscribe((status, error) => {
      clearTimeout(timer);
      resolve({ status, error });
    });
  });
}

/** Polls `predicate` every 20 ms until it is truthy; returns its value. */
export async function waitFor(predicate, what = 'the condition', timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await predicate();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** An array that collects what a callback receives. */
export function collector() {
  const items = [];
  const push = (item) => items.push(item);
  return { items, push };
}

/** A unique channel name. */
export const channelName = (tag) => `${tag}-${Math.random().toString(36).slice(2, 10)}`;

/** A number for ids of a case's rows, unique enough within a run. */
let nextId = Math.floor(Math.random() * 1e6) * 1000;
export const freshId = () => ++nextId;

/**
 * A raw WebSocket to the server. `messages` holds every frame received: text frames parsed
 * as JSON, binary frames as Buffers. Resolves once open (rejects with the HTTP status when
 * the handshake is refused).
 */
export function rawSocket({ apikey = ANON_KEY, vsn = '2.0.0', params = '', wsUrl = WS_URL } = {}) {
  const url = `${wsUrl}?${apikey === null ? '' : `apikey=${encodeURIComponent(apikey)}&`}vsn=${vsn}${params}`;
  const socket = new ws(url);
  const messages = [];
  socket.on('message', (data, isBinary) => messages.push(isBinary ? Buffer.from(data) : JSON.parse(data.toString())));
  const closed = new Promise((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const opened = new Promise((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => reject(Object.assign(new Error(`handshake refused: ${res.statusCode}`), { status: res.statusCode, body })));
    });
    socket.on('error', reject);
  });
  let ref = 0;
  const api = {
    socket,
    messages,
    closed,
    opened,
    /** Sends a vsn 2 message; returns its ref. */
    send(topic, event, payload, joinRef = null) {
      const r = String(++ref);
      socket.send(JSON.stringify([joinRef === 'self' ? r : joinRef, r, topic, event, payload]));
      return r;
    },
    /** Waits for a frame matching `predicate`. */
    async next(predicate, what) {
      return waitFor(() => messages.find(predicate), what);
    },
    /** The reply to `r`. */
    reply(r) {
      return api.next((m) => Array.isArray(m) && m[1] === r && m[3] === 'phx_reply', `the reply to ref ${r}`);
    },
    close() {
      socket.close();
      return closed;
    },
  };
  return api;
}

/** Builds a vsn 2 client broadcast frame (kind 3) as realtime-js's serializer does. */
export function broadcastFrame({ joinRef = '', ref = '', topic, event, payload, json = true }) {
  const body = json ? Buffer.from(JSON.stringify(payload)) : Buffer.from(payload);
  const head = Buffer.from([3, joinRef.length, ref.length, topic.length, event.length, 0, json ? 1 : 0]);
  return Buffer.concat([head, Buffer.from(joinRef + ref + topic + event), body]);
}

/** Reads a server broadcast frame (kind 4). */
export function parseBroadcastFrame(buffer) {
  assert.equal(buffer[0], 4, 'a user broadcast frame (kind 4)');
  const [topicLen, eventLen, metaLen, encoding] = [buffer[1], buffer[2], buffer[3], buffer[4]];
  let at = 5;
  const topic = buffer.subarray(at, (at += topicLen)).toString();
  const event = buffer.subarray(at, (at += eventLen)).toString();
  const meta = buffer.subarray(at, (at += metaLen)).toString();
  const payload = buffer.subarray(at);
  return { topic, event, meta, json: encoding === 1, payload: encoding === 1 ? JSON.parse(payload.toString()) : payload };
}

/** Joins `topic` on a raw socket (its join_ref is the join's ref, as clients do); resolves with the reply. */
export async function rawJoin(socket, topic, payload = { config: {} }) {
  const r = socket.send(topic, 'phx_join', payload, 'self');
  const reply = await socket.reply(r);
  return { ref: r, reply };
}

/**
 * Another server replica on the suite's database (DATABASE_URL over the cluster's Unix
 * socket, the suite's JWT secret, the platform alone), with `env` on top. `stop()` stops it
 * with SIGTERM; `restart()` starts it again on the same port.
 */
export async function startReplica(env = {}) {
  const { spawn } = await import('node:child_process');
  const net = await import('node:net');
  const os = await import('node:os');
  const bin = process.env.CONFORMANCE_SERVER_BIN;
  if (!bin) throw new Error('CONFORMANCE_SERVER_BIN is not set: run the suite through run.mjs');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbjs-replica-'));
  for (const dir of ['migrations', 'functions', 'policies', 'seed']) fs.mkdirSync(path.join(dataDir, 'no-app', dir), { recursive: true });
  const port = await new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port: p } = srv.address();
      srv.close(() => resolve(p));
    });
  });
  const socketDir = process.env.CONFORMANCE_PG_SOCKET_DIR;
  const baseUrl = `http://127.0.0.1:${port}`;
  // An external database needs the VAPID keys set (this replica sends no push: any pair).
  const { spawnSync } = await import('node:child_process');
  const vapid = Object.fromEntries(
    spawnSync(bin, ['vapid-keys'], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter((line) => line.includes('='))
      .map((line) => line.split('=')),
  );
  const fullEnv = {
    ...process.env,
    DATABASE_URL: `postgres:///app?user=postgres&host=${encodeURIComponent(socketDir)}&port=${process.env.CONFORMANCE_PG_PORT}`,
    JWT_SECRET: process.env.CONFORMANCE_JWT_SECRET,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    SITE_URL: baseUrl,
    DEMO: '0',
    PUSH_WORKER: 'false',
    VAPID_PRIVATE_KEY: vapid.VAPID_PRIVATE_KEY,
    MIGRATIONS_DIR: path.join(dataDir, 'no-app', 'migrations'),
    FUNCTIONS_DIR: path.join(dataDir, 'no-app', 'functions'),
    POLICIES_DIR: path.join(dataDir, 'no-app', 'policies'),
    SEED_DIR: path.join(dataDir, 'no-app', 'seed'),
    ...env,
  };
  delete fullEnv.AUTHENTICATOR_PASSWORD;
  let child;
  let output = '';
  const start = async () => {
    child = spawn(bin, [], { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.exited = exited;
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`the replica exited (${child.exitCode}):\n${output}`);
      try {
        const res = await fetch(`${baseUrl}/ready`, { signal: AbortSignal.timeout(1000) });
        await res.arrayBuffer();
        return res.status === 200;
      } catch {
        return false;
      }
    }, 'the replica to be ready', 60_000);
  };
  const stop = async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await child.exited;
    }
  };
  await start();
  return {
    baseUrl,
    wsUrl: `${baseUrl.replace(/^http/, 'ws')}/realtime/v1/websocket`,
    output: () => output,
    /** The replica's resident memory in KiB (Linux). */
    rssKiB: () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]),
    stop,
    restart: async () => {
      await stop();
      await start();
    },
    cleanup: async () => {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A supabase-js client of the replica at `baseUrl`. */
export function replicaClient(baseUrl, { token, key = process.env.CONFORMANCE_ANON_KEY, vsn } = {}) {
  const realtime = { transport: ws };
  if (vsn) realtime.vsn = vsn;
  const client = createClient(baseUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime,
  });
  if (token) client.realtime.setAuth(token);
  return client;
}

/**
 * A psql session kept open (as the superuser), to hold a transaction across other writes.
 * `run(sql)` resolves once psql has run it.
 */
export async function psqlSession() {
  const { spawn } = await import('node:child_process');
  const child = spawn(
    process.env.CONFORMANCE_PSQL,
    ['-X', '-q', '-At', '-v', 'ON_ERROR_STOP=1', '-h', process.env.CONFORMANCE_PG_SOCKET_DIR, '-p', process.env.CONFORMANCE_PG_PORT, '-U', 'postgres', '-d', 'app'],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  let marker = 0;
  return {
    async run(statement) {
      const done = `done-${++marker}`;
      child.stdin.write(`${statement}\n\\echo ${done}\n`);
      await waitFor(() => output.includes(done), `psql to run ${statement}`);
      if (/ERROR/.test(output)) throw new Error(output);
    },
    close() {
      child.stdin.end();
      return new Promise((resolve) => child.on('exit', resolve));
    },
  };
}
