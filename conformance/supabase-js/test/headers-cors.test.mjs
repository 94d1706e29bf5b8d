// Headers supabase-js depends on but hides (wire-api.md §6): read with fetch.

import test from 'node:test';
import assert from 'node:assert/strict';
import { anon, ok, T, BASE_URL, ANON_KEY } from './helpers.mjs';

test('cors: preflight OPTIONS on a table allows the supabase-js headers', T, async () => {
  const requested = 'apikey,authorization,content-type,prefer,x-client-info,accept-profile,content-profile';
  const res = await fetch(`${BASE_URL}/rest/v1/events?select=id`, {
    method: 'OPTIONS',
    headers: {
      Origin: 'http://app.example.com',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': requested,
    },
  });
  await res.arrayBuffer();
  assert.ok(res.status === 200 || res.status === 204, `preflight status ${res.status}`);
  const origin = res.headers.get('access-control-allow-origin');
  assert.ok(origin === '*' || origin === 'http://app.example.com', `allow-origin ${origin}`);
  const methods = (res.headers.get('access-control-allow-methods') ?? '').toUpperCase();
  for (const m of ['GET', 'POST', 'PATCH', 'DELETE']) assert.ok(methods.includes(m), `allow-methods ${methods} lacks ${m}`);
  const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
  for (const h of requested.split(',')) {
    assert.ok(allowed === '*' || allowed.includes(h), `allow-headers "${allowed}" lacks ${h}`);
  }
});

test('cors: actual responses expose Content-Range to browsers', T, async () => {
  const res = await fetch(`${BASE_URL}/rest/v1/events?select=id&limit=1`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}`, Origin: 'http://app.example.com' },
  });
  await res.arrayBuffer();
  assert.equal(res.status, 200);
  const origin = res.headers.get('access-control-allow-origin');
  assert.ok(origin === '*' || origin === 'http://app.example.com', `allow-origin ${origin}`);
  const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase();
  assert.ok(exposed.includes('content-range'), `expose-headers "${exposed}" lacks content-range`);
});

test('header: a read answers application/json; a GET with the anon key needs no other header', T, async () => {
  const res = await fetch(`${BASE_URL}/rest/v1/roles?select=id&id=eq.1`, { headers: { apikey: ANON_KEY } });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  assert.deepEqual(await res.json(), [{ id: 1 }]);
});

test('header: HEAD with count exact still carries the total (supabase-js reads it)', T, async () => {
  const res = ok(await anon().from('roles').select('*', { count: 'exact', head: true }).in('id', [1, 2, 3]), 200);
  assert.equal(res.data, null);
  assert.equal(res.count, 3);
});
