// The size budgets: the SDK, minified and gzipped, stays within 10 KB; its realtime entry
// point (loaded apart) within 5 KB. And the one-file bundle (dist/index.js) imports the parts
// the sources load on first use statically (scripts/build.mjs): no lazy-module wrappers, and
// those parts answer at once. (One file: its cases share the build, which replaces dist/. The
// build runs tsc: two minutes allow for a loaded machine.)

import fs from 'node:fs';
import { expect, test } from 'vitest';
import {
  BUDGET_BYTES,
  REALTIME_BUDGET_BYTES,
  measure,
  measureRealtime,
  // @ts-expect-error -- a plain ES module script without type declarations
} from '../../scripts/size.mjs';
import type * as Sdk from '../../src/index';
import { json, stubFetch } from './stub';

const bundle = new URL('../../dist/index.js', import.meta.url);

test('the SDK is at most 10 KB minified and gzipped', async () => {
  const size = await measure();
  expect(BUDGET_BYTES).toBe(10 * 1024);
  expect(size.minified).toBeGreaterThan(size.gzipped);
  expect(size.gzipped).toBeLessThanOrEqual(BUDGET_BYTES);
}, 120_000);

test('realtime, its own entry point, is at most 5 KB minified and gzipped', async () => {
  // Built by the case above (the package is built once).
  if (!fs.existsSync(new URL('../../dist/realtime.js', import.meta.url))) await measure();
  const size = await measureRealtime();
  expect(REALTIME_BUDGET_BYTES).toBe(5 * 1024);
  expect(size.gzipped).toBeLessThanOrEqual(REALTIME_BUDGET_BYTES);
}, 120_000);

test('the bundle has no dynamic imports and no lazy-module wrappers', async () => {
  if (!fs.existsSync(bundle)) await measure();
  const code = fs.readFileSync(bundle, 'utf8');
  expect(code).not.toMatch(/\bimport\(/);
  expect(code).not.toMatch(/__esm\b/);
  // The parts are there, once each.
  for (const name of ['AccountApi', 'AdminApi', 'MfaApi', 'BucketApi', 'ObjectApi']) {
    expect(code.match(new RegExp(`var ${name} = class`, 'g'))).toHaveLength(1);
  }
}, 120_000);

test("the bundle's first-use parts work: sign-in, the admin API, buckets, objects", async () => {
  if (!fs.existsSync(bundle)) await measure();
  const { createClient } = (await import(bundle.href)) as typeof Sdk;
  const { fetch, calls } = stubFetch((request) => {
    if (request.url.pathname.endsWith('/token')) {
      return json({
        access_token: 'a.b.c',
        refresh_token: 'r',
        expires_in: 3600,
        token_type: 'bearer',
        user: { id: 'u1' },
      });
    }
    if (request.url.pathname.endsWith('/admin/users')) return json({ users: [], aud: '' });
    return json([]);
  });
  const client = createClient('http://sdk.test', 'anon', {
    global: { fetch },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const signIn = await client.auth.signInWithPassword({ email: 'a@b.c', password: 'pw' });
  expect(signIn.error).toBeNull();
  expect(signIn.data.session?.access_token).toBe('a.b.c');
  expect((await client.auth.admin.listUsers()).error).toBeNull();
  expect((await client.storage.listBuckets()).error).toBeNull();
  expect((await client.storage.from('b').list()).error).toBeNull();
  expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
    'POST /auth/v1/token',
    'GET /auth/v1/admin/users',
    'GET /storage/v1/bucket',
    'POST /storage/v1/object/list/b',
  ]);
}, 120_000);
