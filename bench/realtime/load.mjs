// bench/realtime.sh's load generator (see bench/README.md): subscribers over raw WebSockets
// (Phoenix vsn 2, as supabase-js speaks it), change-to-delivery latency, memory per idle
// socket, and PostgreSQL's CPU per change with pgbench against a plain INSERT.
//
// Environment (set by bench/realtime.sh): BASE, ANON_KEY, SERVICE_KEY, JWT_SECRET,
// SERVER_PID, PG_BIN, SOCKET_DIR, PG_PORT, WORK, SUBSCRIBERS, USERS, CHANGES, RATE,
// IDLE_SOCKETS, DURATION. Prints one JSON object on standard output.

import { createHmac, randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(HERE, '..', '..', 'conformance', 'supabase-js', 'package.json'));
const WebSocket = require('ws');

const env = (name) => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};
const BASE = env('BASE');
const WS_URL = `${BASE.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${env('ANON_KEY')}&vsn=2.0.0`;
const SUBSCRIBERS = Number(env('SUBSCRIBERS'));
const USERS = Number(env('USERS'));
const CHANGES = Number(env('CHANGES'));
const RATE = Number(env('RATE'));
const IDLE = Number(env('IDLE_SOCKETS'));
const DURATION = Number(env('DURATION'));
const SERVER_PID = env('SERVER_PID');
const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim());
const log = (line) => process.stderr.write(`${line}\n`);
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const b64 = (x) => Buffer.from(x).toString('base64url');
function userToken(sub) {
  const issued = Math.floor(Date.now() / 1000);
  const head = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64(JSON.stringify({ sub, role: 'authenticated', aud: 'authenticated', iat: issued, exp: issued + 36000 }));
  return `${head}.${body}.${createHmac('sha256', env('JWT_SECRET')).update(`${head}.${body}`).digest('base64url')}`;
}

/** A socket joined to `realtime:<topic>` with `bindings`; `onChange(data, at)` per change. */
function subscriber(topic, token, bindings, onChange) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(WS_URL);
    let subscribed = false;
    const timer = setTimeout(() => reject(new Error('no subscription within 30 s')), 30_000);
    socket.on('error', reject);
    socket.on('message', (raw) => {
      const at = now();
      const [, , , event, payload] = JSON.parse(raw.toString());
      if (event === 'postgres_changes') onChange(payload.data, at);
      else if (event === 'system' && !subscribed) {
        clearTimeout(timer);
        if (payload.status !== 'ok') reject(new Error(payload.message));
        subscribed = true;
        resolve(socket);
      } else if (event === 'phx_reply' && payload.status !== 'ok') reject(new Error(JSON.stringify(payload.response)));
    });
    socket.on('open', () => {
      socket.send(JSON.stringify(['1', '1', `realtime:${topic}`, 'phx_join', { config: { postgres_changes: bindings }, access_token: token }]));
      // A heartbeat every 25 s, as clients send.
      const beat = setInterval(() => socket.readyState === 1 && socket.send(JSON.stringify([null, 'hb', 'phoenix', 'heartbeat', {}])), 25_000);
      socket.on('close', () => clearInterval(beat));
    });
  });
}

const rssKiB = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${SERVER_PID}/status`, 'utf8'))[1]);
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

// PostgreSQL's CPU (clock ticks): the postmaster, the children it reaped and the live ones.
function ticksOf(pid, withChildren) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ').map(Number);
    return fields[11] + fields[12] + (withChildren ? fields[13] + fields[14] : 0);
  } catch {
    return 0;
  }
}
function pgTicks() {
  const postmaster = fs.readFileSync(path.join(env('SOCKET_DIR'), 'postmaster.pid'), 'utf8').split('\n')[0].trim();
  const children = spawnSync('ps', ['-o', 'pid=', '--ppid', postmaster], { encoding: 'utf8' }).stdout.split('\n').map((s) => s.trim()).filter(Boolean);
  return children.reduce((sum, pid) => sum + ticksOf(pid, false), ticksOf(postmaster, true));
}

/** pgbench inserting into `table` (rate per second, or as fast as it can): tps and PostgreSQL µs per insert. */
async function pgbench(table, rate) {
  const script = path.join(env('WORK'), `${table}.sql`);
  fs.writeFileSync(script, `insert into public.${table} (owner, audience, body) values ('${randomUUID()}', 'members', '{"pgbench": true}');\n`);
  const before = pgTicks();
  const args = ['-n', '-h', env('SOCKET_DIR'), '-p', env('PG_PORT'), '-U', 'postgres', '-c', '4', '-j', '2', '-T', String(DURATION), '-f', script];
  if (rate) args.push('-R', String(rate));
  args.push('app');
  const run = spawnSync(path.join(env('PG_BIN'), 'pgbench'), args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`pgbench failed: ${run.stderr}`);
  await sleep(500); // the server's reads of the last changes, and exiting backends
  const after = pgTicks();
  const processed = Number(/number of transactions actually processed: (\d+)/.exec(run.stdout)?.[1] ?? 0);
  const tps = Number(/tps = ([\d.]+)/.exec(run.stdout)?.[1] ?? 0);
  return { processed, tps, pgMicrosPerInsert: processed ? ((after - before) / CLK_TCK) * 1e6 / processed : NaN };
}

async function main() {
  const report = { subscribers: SUBSCRIBERS, users: USERS, changes: CHANGES, rate: RATE };
  const users = Array.from({ length: USERS }, () => randomUUID());
  const tokens = users.map(userToken);
  const binding = [{ event: 'INSERT', schema: 'public', table: 'bench_feed' }];

  // 1. Latency: SUBSCRIBERS sockets of USERS users (USERS claim groups) on bench_feed.
  const latencies = [];
  const received = new Map();
  const rssStart = rssKiB();
  const sockets = [];
  for (let i = 0; i < SUBSCRIBERS; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(i + 50, SUBSCRIBERS); j++) {
      batch.push(subscriber(`feed-${j}`, tokens[j % USERS], binding, (data, at) => {
        const sent = data.record?.body?.t;
        if (typeof sent !== 'number') return;
        latencies.push(at - sent);
        received.set(data.record.id, (received.get(data.record.id) ?? 0) + 1);
      }));
    }
    sockets.push(...(await Promise.all(batch)));
  }
  log(`realtime bench: ${SUBSCRIBERS} subscribers joined (${USERS} users)`);
  const headers = { apikey: env('SERVICE_KEY'), Authorization: `Bearer ${env('SERVICE_KEY')}`, 'Content-Type': 'application/json', Prefer: 'return=minimal' };
  const writeLatencies = [];
  for (let i = 0; i < CHANGES; i++) {
    const startedAt = now();
    const res = await fetch(`${BASE}/rest/v1/bench_feed`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ owner: users[i % USERS], audience: 'members', body: { t: startedAt, i } }),
    });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`insert answered ${res.status}`);
    writeLatencies.push(now() - startedAt);
    const next = startedAt + 1000 / RATE;
    if (next > now()) await sleep(next - now());
  }
  const expected = CHANGES * SUBSCRIBERS;
  const deadline = Date.now() + 30_000;
  while (latencies.length < expected && Date.now() < deadline) await sleep(50);
  latencies.sort((a, b) => a - b);
  writeLatencies.sort((a, b) => a - b);
  report.deliveries = latencies.length;
  report.expectedDeliveries = expected;
  report.duplicates = [...received.values()].filter((n) => n > SUBSCRIBERS).length;
  report.latencyMs = { p50: percentile(latencies, 50), p90: percentile(latencies, 90), p99: percentile(latencies, 99), max: latencies.at(-1) };
  report.insertMs = { p50: percentile(writeLatencies, 50), p99: percentile(writeLatencies, 99) };
  report.rssWithSubscribersKiB = rssKiB();

  // 2. PostgreSQL work per change: inserts into a plain table and into the realtime table,
  // at the same fixed rate, with the subscribers connected (capture, notification, the
  // server's reads and checks: everything a change costs the database).
  log('realtime bench: PostgreSQL work per change (pgbench at a fixed rate)');
  report.fixedRate = RATE;
  report.plainAtRate = await pgbench('bench_plain', RATE);
  report.feedAtRate = await pgbench('bench_feed', RATE);
  for (const socket of sockets) socket.close();
  await sleep(1000);
  // And as fast as pgbench can, without subscribers: the capture's own cost.
  log('realtime bench: insert throughput with and without capture (pgbench, no subscribers)');
  report.plainFull = await pgbench('bench_plain', 0);
  report.feedFull = await pgbench('bench_feed', 0);

  // 3. Memory per idle socket: IDLE sockets, each joined to a channel listening to changes.
  await sleep(1000);
  const rssBefore = rssKiB();
  const idle = [];
  for (let i = 0; i < IDLE; i += 100) {
    const batch = [];
    for (let j = i; j < Math.min(i + 100, IDLE); j++) batch.push(subscriber(`idle-${j}`, tokens[j % USERS], binding, () => {}));
    idle.push(...(await Promise.all(batch)));
  }
  await sleep(2000);
  const rssAfter = rssKiB();
  report.idleSockets = IDLE;
  report.rssBeforeIdleKiB = rssBefore;
  report.rssAfterIdleKiB = rssAfter;
  report.kibPerIdleSocket = (rssAfter - rssBefore) / IDLE;
  report.rssStartKiB = rssStart;
  for (const socket of idle) socket.close();
  process.stdout.write(`${JSON.stringify(report)}\n`);
  process.exit(0);
}

main().catch((error) => {
  log(`realtime bench: ${error.stack ?? error}`);
  process.exit(1);
});
