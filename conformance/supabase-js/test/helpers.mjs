// Shared by the cases: clients for each caller, user JWTs, the seeded ids (see ../seed.sql).

import { createHmac, createPublicKey, randomUUID, timingSafeEqual, verify as verifySignature } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import assert from 'node:assert/strict';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';

function env(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the suite through run.mjs`);
  return value;
}

export const BASE_URL = env('CONFORMANCE_URL');
export const ANON_KEY = env('CONFORMANCE_ANON_KEY');
export const SERVICE_KEY = env('CONFORMANCE_SERVICE_KEY');
export const JWT_SECRET = env('CONFORMANCE_JWT_SECRET');
/** Per-case timeout for node:test. */
export const T = { timeout: Number(process.env.CONFORMANCE_TEST_TIMEOUT_MS || 30000) };

export const ALICE = '11111111-1111-4111-8111-111111111111';
export const BOB = '22222222-2222-4222-8222-222222222222';
export const CAROL = '33333333-3333-4333-8333-333333333333';
export const DAVE = '44444444-4444-4444-8444-444444444444';
/** Notes visible to anonymous callers (public ones). */
export const PUBLIC_NOTES = [1, 3, 5];

const b64url = (input) => Buffer.from(input).toString('base64url');

/** An HS256 JWT signed with the server's secret. */
export function signJwt(claims, secret = JWT_SECRET) {
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = b64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** A GoTrue-like access token for `sub` (role authenticated). */
export function userJwt(sub, { expiresIn = 3600, email = `${sub.slice(0, 8)}@example.com`, ...extra } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({
    sub,
    role: 'authenticated',
    aud: 'authenticated',
    email,
    iat: now,
    exp: now + expiresIn,
    ...extra,
  });
}

function client(key, bearer) {
  const options = {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws },
  };
  if (bearer) options.global = { headers: { Authorization: `Bearer ${bearer}` } };
  return createClient(BASE_URL, key, options);
}

export const anon = () => client(ANON_KEY);
export const service = () => client(SERVICE_KEY);
/** A client signed in as `sub` (a user JWT sent as the bearer, the anon key as apikey). */
export const asUser = (sub, opts) => client(ANON_KEY, userJwt(sub, opts));
/** A client sending an arbitrary bearer token. */
export const withBearer = (token) => client(ANON_KEY, token);

export { randomUUID };

/** Asserts a successful response and returns it (the message shows the error otherwise). */
export function ok(res, status) {
  assert.equal(res.error, null, `unexpected error (status ${res.status}): ${JSON.stringify(res.error)}`);
  if (status !== undefined) assert.equal(res.status, status, `status`);
  return res;
}

/** Asserts an error response with `code` and `status`; returns the error. */
export function fails(res, code, status) {
  assert.notEqual(res.error, null, `expected error ${code} (${status}) but got status ${res.status} data ${JSON.stringify(res.data)}`);
  assert.equal(res.error.code, code, `error code (error: ${JSON.stringify(res.error)}, status ${res.status})`);
  if (status !== undefined) assert.equal(res.status, status, `status (error: ${JSON.stringify(res.error)})`);
  return res.error;
}

/** Asserts the PostgREST error shape: all four keys present. */
export function assertErrorShape(error) {
  for (const key of ['code', 'message', 'details', 'hint']) {
    assert.ok(Object.hasOwn(error, key), `error has no '${key}' key: ${JSON.stringify(error)}`);
  }
  assert.equal(typeof error.code, 'string');
  assert.equal(typeof error.message, 'string');
  assert.ok(error.message.length > 0, 'error message is empty');
}

export const ids = (rows) => rows.map((r) => r.id);
export const sortedIds = (rows) => rows.map((r) => r.id).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

// ---------------------------------------------------------------------------------------------
// Auth (/auth/v1) helpers.

/** SITE_URL of the server (e-mail links start with it) and a redirect target it allows. */
export const SITE_URL = env('CONFORMANCE_SITE_URL');
export const REDIRECT_URL = env('CONFORMANCE_REDIRECT_URL');
export const AUTH_URL = `${BASE_URL}/auth/v1`;

/**
 * Runs SQL as the cluster's superuser with `psql -At` and returns the output, trimmed (one row
 * a line, columns separated by `|`). Throws with psql's message when the statement fails.
 */
export function sql(query) {
  const result = spawnSync(
    env('CONFORMANCE_PSQL'),
    ['-X', '-q', '-At', '-v', 'ON_ERROR_STOP=1', '-h', env('CONFORMANCE_PG_SOCKET_DIR'), '-p', env('CONFORMANCE_PG_PORT'),
      '-U', 'postgres', '-d', 'app', '-c', query],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PGCONNECT_TIMEOUT: '10' }, timeout: 30_000 },
  );
  if (result.error) throw new Error(`cannot run psql: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`psql failed (exit ${result.status}) on ${query}:\n${result.stderr}`);
  return result.stdout.trim();
}

/** A SQL string literal. */
export const lit = (value) => `'${String(value).replaceAll("'", "''")}'`;

/** A fresh, unique e-mail address (lower case). */
export const newEmail = (tag = 'user') => `${tag}-${randomUUID()}@example.com`;
/** A fresh password that meets the default policy (8 characters). */
export const newPassword = () => `pw-${randomUUID()}`;

/** A Storage-like object over a Map, for clients that persist their session in memory. */
export function memoryStorage() {
  const map = new Map();
  return {
    map,
    getItem: (key) => (map.has(key) ? map.get(key) : null),
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

/**
 * A supabase-js client as an app creates it with the anon key: no auto-refresh (the cases
 * refresh explicitly), no URL detection; with `persist` the session lives in a memory storage.
 */
export function authClient({ persist = false, storage } = {}) {
  const auth = { persistSession: persist, autoRefreshToken: false, detectSessionInUrl: false };
  if (persist) auth.storage = storage ?? memoryStorage();
  return createClient(BASE_URL, ANON_KEY, { auth, realtime: { transport: ws } });
}

/** Signs up a new user (auto-confirm: a session comes back); returns client, credentials, session. */
export async function newUser({ tag = 'user', data, persist = false } = {}) {
  const email = newEmail(tag);
  const password = newPassword();
  const client = authClient({ persist });
  const res = await client.auth.signUp({ email, password, options: data ? { data } : undefined });
  assert.equal(res.error, null, `signUp ${email}: ${JSON.stringify(res.error)}`);
  assert.ok(res.data.session, `signUp ${email} returned no session: ${JSON.stringify(res.data)}`);
  return { client, email, password, session: res.data.session, user: res.data.user };
}

/** Signs in with a password on a fresh client; returns { client, session } (asserts success). */
export async function signIn(email, password, { persist = false } = {}) {
  const client = authClient({ persist });
  const res = await client.auth.signInWithPassword({ email, password });
  assert.equal(res.error, null, `signInWithPassword ${email}: ${JSON.stringify(res.error)}`);
  assert.ok(res.data.session, 'no session');
  return { client, session: res.data.session };
}

/** The header and claims of a JWT (no verification). */
export function decodeJwt(token) {
  const parts = token.split('.');
  assert.equal(parts.length, 3, `not a JWT: ${token}`);
  const [header, payload] = parts.slice(0, 2).map((p) => JSON.parse(Buffer.from(p, 'base64url').toString('utf8')));
  return { header, payload };
}

/** Whether `token` carries a valid HS256 signature made with the server's secret. */
export function hasValidSignature(token, secret = JWT_SECRET) {
  const [header, payload, signature] = token.split('.');
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature ?? '', 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The server's published keys (`/auth/v1/.well-known/jwks.json`, no API key). */
export async function jwks() {
  const res = await fetch(`${BASE_URL}/auth/v1/.well-known/jwks.json`);
  assert.equal(res.status, 200, 'JWKS');
  return res.json();
}

/**
 * Whether `token` verifies as the server's access tokens must: ES256 by the published key its
 * `kid` names (or HS256 with the secret, for tokens made that way).
 */
export async function verifiesWithServerKeys(token) {
  const { header } = decodeJwt(token);
  if (header.alg === 'HS256') return hasValidSignature(token);
  const key = (await jwks()).keys.find((k) => k.kid === header.kid);
  if (!key || header.alg !== 'ES256') return false;
  const [h, p, s] = token.split('.');
  return verifySignature('sha256', Buffer.from(`${h}.${p}`), { key: createPublicKey({ key, format: 'jwk' }), dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
}

/** The newest text to `phone` in auth.sms_outbox: { kind, body, code } (the code is its digits). */
export function lastSms(phone) {
  const out = sql(`select coalesce(json_agg(json_build_object('kind', kind, 'body', body) order by id desc), '[]') from auth.sms_outbox where recipient = ${lit(phone)}`);
  const rows = JSON.parse(out);
  assert.ok(rows.length > 0, `no text to ${phone}`);
  return { ...rows[0], code: rows[0].body.match(/\d{6,10}/)?.[0] };
}

/** The code of the newest mail to `recipient` (the `Token` of the templates: 6 digits). */
export function mailedCode(recipient, kind) {
  const mails = outbox(recipient, kind);
  assert.ok(mails.length > 0, `no ${kind ?? ''} mail to ${recipient}`);
  const code = mails.at(-1).body.match(/\b(\d{6})\b/)?.[1];
  assert.ok(code, `no code in ${mails.at(-1).body}`);
  return code;
}

/** The current TOTP code (RFC 6238, SHA-1, 30 s, 6 digits) of a base32 secret, `offset` steps away. */
export function totp(secret, offset = 0) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '')) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 1000 / 30) + offset));
  const digest = createHmac('sha1', key).update(counter).digest();
  const at = digest[19] & 0x0f;
  const n = ((digest[at] & 0x7f) << 24) | (digest[at + 1] << 16) | (digest[at + 2] << 8) | digest[at + 3];
  return String(n % 1_000_000).padStart(6, '0');
}

/**
 * A raw request to /auth/v1 (for what supabase-js hides: statuses, headers, legacy error bodies).
 * `apiVersion: false` leaves out X-Supabase-Api-Version (legacy error shape). Returns
 * { status, headers, body } with the body parsed as JSON when it is JSON.
 */
export async function authFetch(pathAndQuery, { method = 'GET', token = ANON_KEY, apikey = ANON_KEY, body, apiVersion = true, headers = {} } = {}) {
  const h = { ...headers };
  if (apikey) h.apikey = apikey;
  if (token) h.Authorization = `Bearer ${token}`;
  if (apiVersion) h['X-Supabase-Api-Version'] = '2024-01-01';
  if (method !== 'GET') h['Content-Type'] = 'application/json;charset=UTF-8';
  const res = await fetch(`${AUTH_URL}${pathAndQuery}`, {
    method,
    headers: h,
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await res.text();
  let parsed = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {}
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** Asserts an auth-js error: `code` (and `status` when given); returns the error. */
export function authFails(res, code, status) {
  assert.ok(res.error, `expected auth error ${code} but got data ${JSON.stringify(res.data)}`);
  assert.equal(res.error.code, code, `error code (error: ${JSON.stringify(res.error)}, status ${res.error.status})`);
  if (status !== undefined) assert.equal(res.error.status, status, `status (error: ${JSON.stringify(res.error)})`);
  return res.error;
}

/** The outbox rows for `recipient` (and `kind`), oldest first: { id, kind, subject, body }. */
export function outbox(recipient, kind) {
  const where = [`lower(recipient) = lower(${lit(recipient)})`];
  if (kind) where.push(`kind = ${lit(kind)}`);
  const out = sql(
    `select coalesce(json_agg(json_build_object('id', id, 'kind', kind, 'subject', subject, 'body', body_text) order by id), '[]')
       from auth.mail_outbox where ${where.join(' and ')}`,
  );
  return JSON.parse(out);
}

/**
 * The verify link in a mail body: `<SITE_URL>/auth/v1/verify?token=…&type=…&redirect_to=…`.
 * Returns { url, token, type, redirectTo }.
 */
export function verifyLink(body) {
  const escaped = SITE_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = body.match(new RegExp(`${escaped}/auth/v1/verify\\?[^\\s"'<>]+`));
  assert.ok(m, `no ${SITE_URL}/auth/v1/verify link in the mail body:\n${body}`);
  const url = new URL(m[0].replaceAll('&amp;', '&'));
  return { url: url.href, token: url.searchParams.get('token'), type: url.searchParams.get('type'), redirectTo: url.searchParams.get('redirect_to') };
}

/** The one mail of `kind` to `recipient` (asserts there is exactly one) and its link. */
export function onlyMail(recipient, kind) {
  const mails = outbox(recipient, kind);
  assert.equal(mails.length, 1, `expected one ${kind} mail to ${recipient}, found ${JSON.stringify(mails)}`);
  return { ...mails[0], link: verifyLink(mails[0].body) };
}

/** Collects a client's onAuthStateChange events; `events` is [[event, session], …]. */
export async function recordEvents(client) {
  const events = [];
  const { data } = client.auth.onAuthStateChange((event, session) => {
    events.push([event, session]);
  });
  // INITIAL_SESSION arrives asynchronously, after the client's initialisation.
  for (let i = 0; i < 100 && !events.some(([e]) => e === 'INITIAL_SESSION'); i++) await new Promise((r) => setTimeout(r, 10));
  return { events, names: () => events.map(([e]) => e), unsubscribe: () => data.subscription.unsubscribe() };
}

/** RFC 3339 UTC timestamp as GoTrue writes it (fractional seconds optional, `Z`). */
export const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
