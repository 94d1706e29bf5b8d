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
export function rawSocket({ apikey = ANON_KEY, vsn = '2.0.0', params = '' } = {}) {
  const url = `${WS_URL}?${apikey === null ? '' : `apikey=${encodeURIComponent(apikey)}&`}vsn=${vsn}${params}`;
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
