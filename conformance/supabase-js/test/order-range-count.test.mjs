// Ordering, limit/range, counts and Content-Range (wire-api.md §2.5, §2.6, §2.15).

import test from 'node:test';
import assert from 'node:assert/strict';
import { anon, service, ok, fails, assertErrorShape, ids, T, BASE_URL, ANON_KEY } from './helpers.mjs';

const events = (columns = 'id', opts) => anon().from('events').select(columns, opts);

test('order: ascending and descending', T, async () => {
  assert.deepEqual(ids(ok(await events().order('event_date')).data), [4, 3, 1, 2]);
  assert.deepEqual(ids(ok(await events().order('event_date', { ascending: false })).data), [2, 1, 3, 4]);
});

test('order: NULLs last by default ascending, first by default descending', T, async () => {
  assert.deepEqual(ids(ok(await events().order('max_attendees')).data), [4, 2, 1, 3]);
  assert.deepEqual(ids(ok(await events().order('max_attendees', { ascending: false })).data), [3, 1, 2, 4]);
});

test('order: nullsFirst true / false', T, async () => {
  assert.deepEqual(ids(ok(await events().order('max_attendees', { nullsFirst: true })).data), [3, 4, 2, 1]);
  assert.deepEqual(ids(ok(await events().order('max_attendees', { ascending: false, nullsFirst: false })).data), [1, 2, 4, 3]);
});

test('order: several columns (enum order, then id descending)', T, async () => {
  const { data } = ok(await events().order('event_type').order('id', { ascending: false }));
  assert.deepEqual(ids(data), [4, 2, 3, 1]);
});

test('order: by a JSON path', T, async () => {
  const { data } = ok(await service().from('notes').select('id').lt('id', 100).not('data->n', 'is', null).order('data->n', { ascending: false }));
  assert.deepEqual(ids(data), [3, 2, 1]);
});

test('limit', T, async () => {
  assert.deepEqual(ids(ok(await events().order('id').limit(2), 200).data), [1, 2]);
});

test('range(a, b) is inclusive', T, async () => {
  assert.deepEqual(ids(ok(await events().order('id').range(1, 2)).data), [2, 3]);
  assert.deepEqual(ids(ok(await events().order('id').range(3, 10)).data), [4]);
});

test('range past the end without a count is an empty 200', T, async () => {
  const res = ok(await events().order('id').range(10, 12), 200);
  assert.deepEqual(res.data, []);
});

test('range past the end with count=exact is 416 PGRST103', T, async () => {
  // RangeQuery.hs: offset > known total → 416 "Requested range not satisfiable".
  const error = fails(await events('id', { count: 'exact' }).order('id').range(10, 12), 'PGRST103', 416);
  assertErrorShape(error);
});

test("count: 'exact' gives a number alongside the rows", T, async () => {
  const res = ok(await events('*', { count: 'exact' }), 200);
  assert.equal(res.count, 4);
  assert.equal(res.data.length, 4);
});

test("count: 'exact' with a filter and a smaller page is 206", T, async () => {
  const res = ok(await events('id', { count: 'exact' }).eq('event_type', 'cultural').order('id').limit(1));
  assert.equal(res.count, 2);
  assert.deepEqual(ids(res.data), [2]);
  assert.equal(res.status, 206);
});

test("count: 'exact' with head: true returns no rows", T, async () => {
  const res = ok(await events('*', { count: 'exact', head: true }), 200);
  assert.equal(res.data, null);
  assert.equal(res.count, 4);
});

test("count: 'exact' head with a filter", T, async () => {
  const res = ok(await events('*', { count: 'exact', head: true }).lt('event_date', '2021-01-01'));
  assert.equal(res.count, 2);
});

test("count: 'exact' on an empty result is 0", T, async () => {
  const res = ok(await events('id', { count: 'exact' }).eq('id', 999), 200);
  assert.equal(res.count, 0);
  assert.deepEqual(res.data, []);
});

test("count: 'planned' returns a number", T, async () => {
  const res = ok(await events('*', { count: 'planned', head: true }));
  assert.equal(typeof res.count, 'number');
  assert.ok(Number.isInteger(res.count) && res.count >= 0, `planned count ${res.count}`);
});

test("count: 'estimated' returns a number (exact below max rows)", T, async () => {
  const res = ok(await events('id', { count: 'estimated' }));
  assert.equal(typeof res.count, 'number');
  assert.ok(Number.isInteger(res.count) && res.count >= 0, `estimated count ${res.count}`);
});

test('count: legacy bare count column', T, async () => {
  const { data } = ok(await events('count').eq('event_type', 'cultural'));
  assert.deepEqual(data, [{ count: 2 }]);
});

// supabase-js hides the header itself: read it with fetch.
async function rawGet(query, headers = {}) {
  return fetch(`${BASE_URL}/rest/v1/${query}`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}`, 'Accept-Profile': 'public', ...headers },
  });
}

test('header: Content-Range on a limited read is 0-1/*', T, async () => {
  const res = await rawGet('events?select=id&order=id&limit=2');
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-range'), '0-1/*');
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  assert.deepEqual(await res.json(), [{ id: 1 }, { id: 2 }]);
});

test('header: Content-Range with Prefer count=exact carries the total', T, async () => {
  const res = await rawGet('events?select=id&order=id&offset=1&limit=2', { Prefer: 'count=exact' });
  assert.equal(res.status, 206);
  assert.equal(res.headers.get('content-range'), '1-2/4');
  await res.arrayBuffer();
});

test('header: Content-Range of an empty read is */*', T, async () => {
  const res = await rawGet('events?select=id&id=eq.999');
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-range'), '*/*');
  assert.deepEqual(await res.json(), []);
});
