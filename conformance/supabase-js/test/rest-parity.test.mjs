// Issue 33, items 1-6: the last differences from PostgREST v14, as postgrest-js's own suite
// exercises them. Seeded in the "Issue 33" block of ../seed.sql.

import test from 'node:test';
import assert from 'node:assert/strict';
import { anon, service, ok, fails, T, sql } from './helpers.mjs';

test('rest-parity: a single unnamed text parameter is called by the key "" and gets the whole body', T, async () => {
  const res = ok(await anon().rpc('parity_unnamed_text', { '': 'foo' }), 200);
  assert.equal(res.data, 'got {"":"foo"}');
  // A bare value with its own Content-Type, as before.
  const url = `${process.env.CONFORMANCE_URL}/rest/v1/rpc/parity_unnamed_text`;
  const key = process.env.CONFORMANCE_ANON_KEY;
  const raw = await fetch(url, { method: 'POST', headers: { apikey: key, 'Content-Type': 'text/plain' }, body: 'bar' });
  assert.equal(raw.status, 200);
  assert.equal(await raw.json(), 'got bar');
});

test('rest-parity: an unnamed integer parameter is not callable, and the hint never names the failed function', T, async () => {
  const error = fails(await anon().rpc('parity_unnamed_int', { '': 1 }), 'PGRST202', 404);
  assert.equal(error.message, 'Could not find the function public.parity_unnamed_int() in the schema cache');
  assert.equal(
    error.details,
    'Searched for the function public.parity_unnamed_int with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
  );
  // Not in PostgREST's cache: the closest callable name (postgrest-js's "polymorphic function
  // with unnamed int param" case).
  assert.equal(error.hint, 'Perhaps you meant to call the function public.parity_unnamed_text');
  // A computed column's function (one unnamed row parameter) is in PostgREST's cache but not
  // callable: no hint at all (postgrest-js's "function with blurb_message" case).
  const computed = fails(await anon().rpc('full_name'), 'PGRST202', 404);
  assert.equal(computed.hint, null);
});

test('rest-parity: overloads whose parameters all have defaults → 300 PGRST203, in PostgREST order', T, async () => {
  for (const args of [undefined, {}]) {
    const error = fails(await anon().rpc('parity_defaults', args), 'PGRST203', 300);
    assert.equal(
      error.message,
      'Could not choose the best candidate function between: public.parity_defaults(), public.parity_defaults(a => integer), public.parity_defaults(b => text)',
    );
    assert.equal(error.hint, 'Try renaming the parameters or the function itself in the database so function overloading can be resolved');
  }
  assert.equal(ok(await anon().rpc('parity_defaults', { a: 7 })).data, 7);
  assert.equal(ok(await anon().rpc('parity_defaults', { b: 'y' })).data, 'y');
});

test('rest-parity: count=exact on a function returning one value counts it', T, async () => {
  const res = ok(await anon().rpc('donor_count_by_city', { city: 'Sirsi' }, { count: 'exact' }), 200);
  assert.equal(res.data, 2);
  assert.equal(res.count, 1);
  const head = ok(await anon().rpc('donor_count_by_city', { city: 'Sirsi' }, { head: true, count: 'exact' }), 200);
  assert.equal(head.count, 1);
  const get = ok(await anon().rpc('donor_count_by_city', { city: 'Sirsi' }, { get: true, count: 'exact' }), 200);
  assert.equal(get.count, 1);
});

test('rest-parity: missing=default draws every column default for every row of a bulk insert', T, async () => {
  const before = Number(sql("select nextval('public.parity_tickets_id_seq')"));
  const res = ok(
    await service()
      .from('parity_tickets')
      .insert([{ id: 100000 }, { label: 'second' }], { defaultToNull: false })
      .select()
      .rollback(),
    201,
  );
  // The first row gave its id and still drew one from the sequence, as PostgREST does.
  assert.deepEqual(res.data, [
    { id: 100000, label: 'none' },
    { id: before + 2, label: 'second' },
  ]);
  assert.equal(sql('select count(*) from public.parity_tickets'), '0');
});

test('rest-parity: an unknown column inside an embed is named by PostgREST\'s alias of the embed', T, async () => {
  const error = fails(await anon().from('donors').select('id, donations(sum)'), '42703', 400);
  assert.equal(error.message, 'column donations_1.sum does not exist');
  assert.equal(error.hint, null);
  const top = fails(await anon().from('donors').select('id, nope'), '42703', 400);
  assert.equal(top.message, 'column donors.nope does not exist');
});
