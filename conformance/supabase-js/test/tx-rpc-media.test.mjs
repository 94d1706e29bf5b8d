// Issue 19, items 1, 2, 8 and 11: Prefer: tx (the suite's server allows the override:
// DB_TX_END=commit-allow-override), max-affected on functions, RPC forms and media types.
// Seeded in the "Issue 19" block of ../seed.sql; every case leaves the rows as it found them.

import test from 'node:test';
import assert from 'node:assert/strict';
import { anon, service, ok, fails, T, sql } from './helpers.mjs';

const itemCount = () => Number(sql('select count(*) from public.tx_items'));

test('tx: rollback() returns the written rows and keeps none of them', T, async () => {
  const res = ok(await service().from('tx_items').insert([{ id: 100, name: 'dry run' }]).select().rollback(), 201);
  assert.deepEqual(res.data, [{ id: 100, name: 'dry run' }]);
  const updated = ok(await service().from('tx_items').update({ name: 'renamed' }).lte('id', 3).select('id').rollback());
  assert.deepEqual(updated.data.map((r) => r.id).sort(), [1, 2, 3]);
  ok(await service().from('tx_items').delete().gt('id', 0).rollback(), 204);
  assert.equal(itemCount(), 15);
  assert.equal(sql("select count(*) from public.tx_items where name = 'renamed'"), '0');
});

test('tx: rollback() on a function undoes its writes', T, async () => {
  const res = ok(await service().rpc('tx_delete_items').rollback());
  assert.equal(res.data.length, 15);
  assert.equal(itemCount(), 15);
});

test('tx: Preference-Applied echoes tx=rollback only when it was applied', T, async () => {
  const url = `${process.env.CONFORMANCE_URL}/rest/v1/tx_items?id=eq.1`;
  const key = process.env.CONFORMANCE_SERVICE_KEY;
  const res = await fetch(url, {
    method: 'PATCH',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Prefer: 'tx=rollback' },
    body: JSON.stringify({ name: 'x' }),
  });
  await res.arrayBuffer();
  assert.equal(res.status, 204);
  assert.equal(res.headers.get('preference-applied'), 'tx=rollback');
  assert.equal(sql('select name from public.tx_items where id = 1'), 'item 1');
});

test('max-affected: a function returning more rows is 400 PGRST124 and undone', T, async () => {
  for (const fn of ['tx_delete_items', 'tx_delete_item_ids']) {
    const error = fails(await service().rpc(fn).maxAffected(10), 'PGRST124', 400);
    assert.equal(error.message, 'Query result exceeds max-affected preference constraint');
    assert.equal(error.details, 'The query affects 15 rows');
    assert.equal(itemCount(), 15, fn);
  }
  const res = ok(await service().rpc('tx_delete_items').maxAffected(15).rollback(), 200);
  assert.equal(res.data.length, 15);
  assert.equal(itemCount(), 15);
});

test('max-affected: a function that is not set-returning is 400 PGRST128', T, async () => {
  const error = fails(await service().rpc('tx_delete_items_void').maxAffected(20), 'PGRST128', 400);
  assert.equal(error.message, 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict');
  assert.equal(itemCount(), 15);
});

const raw = async (fn, contentType, body) => {
  const key = process.env.CONFORMANCE_ANON_KEY;
  const res = await fetch(`${process.env.CONFORMANCE_URL}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': contentType },
    body,
  });
  return { status: res.status, body: await res.json() };
};

test('rpc forms: a single unnamed parameter takes the whole body its Content-Type names', T, async () => {
  assert.deepEqual(await raw('tx_whole', 'text/plain', 'hello'), { status: 200, body: 'text: hello' });
  assert.deepEqual(await raw('tx_whole', 'application/octet-stream', new Uint8Array([1, 2, 3])), { status: 200, body: 3 });
  // supabase-js sends JSON: the object goes whole to the json overload.
  assert.equal(ok(await anon().rpc('tx_whole', { k: 1 })).data, 'json: {"k":1}');
  const missing = await raw('tx_overloaded', 'text/plain', 'hello');
  assert.equal(missing.status, 404);
  assert.equal(missing.body.code, 'PGRST202');
  assert.equal(missing.body.message, 'Could not find the function public.tx_overloaded in the schema cache');
});

test('rpc forms: overloads are resolved by argument names', T, async () => {
  assert.equal(ok(await anon().rpc('tx_overloaded')).data, 'none');
  assert.equal(ok(await anon().rpc('tx_overloaded', { a: 1 })).data, 'a=1');
  assert.equal(ok(await anon().rpc('tx_overloaded', { a: 1, b: 2 }, { get: true })).data, 'a=1,b=2');
  const error = fails(await anon().rpc('tx_clash'), 'PGRST203', 300);
  assert.equal(error.message, 'Could not choose the best candidate function between: public.tx_clash(), public.tx_clash(a => integer)');
  assert.equal(error.hint, 'Try renaming the parameters or the function itself in the database so function overloading can be resolved');
  assert.equal(ok(await anon().rpc('tx_clash', { a: 4 })).data, 4);
});

test('rpc forms: count exact on a set of values gives the total in Content-Range', T, async () => {
  const res = ok(await anon().rpc('tx_item_ids', {}, { count: 'exact' }).range(0, 2), 206);
  assert.deepEqual(res.data, [1, 2, 3]);
  assert.equal(res.count, 15);
  const head = ok(await anon().rpc('tx_item_ids', {}, { head: true, count: 'exact' }));
  assert.equal(head.count, 15);
});

test('explain: the execution plan as text and as JSON (the suite enables DB_PLAN_ENABLED)', T, async () => {
  const text = ok(await anon().from('tx_items').select('id').eq('id', 1).explain(), 200);
  assert.equal(typeof text.data, 'string');
  assert.match(text.data, /Aggregate/);
  const json = ok(await anon().from('tx_items').select('id').explain({ format: 'json', analyze: true, verbose: true }), 200);
  assert.equal(typeof json.data[0].Plan['Node Type'], 'string');
  assert.equal(typeof json.data[0]['Execution Time'], 'number');
});

test('explain: analyze of a write reports the rows and keeps none', T, async () => {
  const res = ok(await service().from('tx_items').delete().lte('id', 5).explain({ format: 'json', analyze: true }), 200);
  assert.ok(JSON.stringify(res.data).includes('Actual Rows'));
  const call = ok(await service().rpc('tx_delete_items').explain({ format: 'json', analyze: true }), 200);
  assert.ok(Array.isArray(call.data));
  assert.equal(itemCount(), 15);
});

test('geojson: the rows as a FeatureCollection', T, async () => {
  const res = ok(await anon().from('tx_places').select('id, name, location').order('id').geojson(), 200);
  assert.deepEqual(res.data, {
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', geometry: { type: 'Point', coordinates: [74.83, 14.62] }, properties: { id: 1, name: 'Sirsi' } },
      { type: 'Feature', geometry: { type: 'Point', coordinates: [75.02, 14.53] }, properties: { id: 2, name: 'Banavasi' } },
    ],
  });
  const one = ok(await anon().from('tx_places').select('name, location').eq('id', 2).geojson());
  assert.deepEqual(one.data.features.map((f) => f.properties.name), ['Banavasi']);
});
