// Shared by the cases: clients for each caller, user JWTs, the seeded ids (see ../seed.sql).

import { createHmac, randomUUID } from 'node:crypto';
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
