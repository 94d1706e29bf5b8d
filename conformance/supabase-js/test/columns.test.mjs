// Computed columns, aggregates and PostgREST's "Perhaps you meant" hints, on the donors and
// donations of the rest-cols block of seed.sql.

import test from 'node:test';
import assert from 'node:assert/strict';
import { anon, service, ok, fails, T } from './helpers.mjs';

test('computed column: selected, aliased, filtered and ordered like a column', T, async () => {
  const { data } = ok(await anon().from('donors').select('id, full_name, name:full_name').order('full_name', { ascending: false }), 200);
  assert.deepEqual(data, [
    { id: 2, full_name: 'Ravi Hegde', name: 'Ravi Hegde' },
    { id: 3, full_name: 'Meera Joshi', name: 'Meera Joshi' },
    { id: 1, full_name: 'Asha Bhat', name: 'Asha Bhat' },
  ]);
  const filtered = ok(await anon().from('donors').select('id').eq('full_name', 'Meera Joshi'));
  assert.deepEqual(filtered.data, [{ id: 3 }]);
  const either = ok(await anon().from('donors').select('id').or('full_name.like.*Bhat,city.eq.Sagara').order('id'));
  assert.deepEqual(either.data, [{ id: 1 }, { id: 2 }]);
});

test('computed column: inside embeds, and filtered there', T, async () => {
  const { data } = ok(
    await anon()
      .from('donors')
      .select('full_name, donations(id, amount_band)')
      .eq('donations.amount_band', 'large')
      .order('id')
      .order('id', { referencedTable: 'donations' }),
  );
  assert.deepEqual(data, [
    { full_name: 'Asha Bhat', donations: [{ id: 2, amount_band: 'large' }] },
    { full_name: 'Ravi Hegde', donations: [] },
    { full_name: 'Meera Joshi', donations: [{ id: 5, amount_band: 'large' }] },
  ]);
});

test('computed column: returned by a write with select', T, async () => {
  const { data } = ok(
    await service().from('donors').insert({ id: 90, first_name: 'Kiran', last_name: 'Rao' }).select('id, full_name'),
    201,
  );
  assert.deepEqual(data, [{ id: 90, full_name: 'Kiran Rao' }]);
  ok(await service().from('donors').delete().eq('id', 90), 204);
});

test('hints: misspelled table, column, function and embed, as PostgREST words them', T, async () => {
  let error = fails(await anon().from('donor').select(), 'PGRST205', 404);
  assert.equal(error.message, "Could not find the table 'public.donor' in the schema cache");
  assert.equal(error.hint, "Perhaps you meant the table 'public.donors'");
  assert.equal(error.details, null);

  error = fails(await anon().from('donors').select('id, frist_name'), '42703', 400);
  assert.equal(error.message, 'column donors.frist_name does not exist');
  assert.equal(error.hint, 'Perhaps you meant to reference the column "donors.first_name".');

  error = fails(await anon().from('donors').select('id').eq('cty', 'Sirsi'), '42703', 400);
  assert.equal(error.hint, 'Perhaps you meant to reference the column "donors.city".');

  error = fails(await service().from('donors').insert({ id: 91, frist_name: 'A' }), 'PGRST204', 400);
  assert.equal(error.message, "Could not find the 'frist_name' column of 'donors' in the schema cache");
  assert.equal(error.hint, null);

  error = fails(await anon().rpc('donor_count_by_cty', { city: 'Sirsi' }), 'PGRST202', 404);
  assert.equal(error.hint, 'Perhaps you meant to call the function public.donor_count_by_city');
  error = fails(await anon().rpc('donor_count_by_city', { cty: 'Sirsi' }), 'PGRST202', 404);
  assert.equal(error.hint, 'Perhaps you meant to call the function public.donor_count_by_city(city)');

  error = fails(await anon().from('donors').select('id, donation(id)'), 'PGRST200', 400);
  assert.equal(error.hint, "Perhaps you meant 'donations' instead of 'donation'.");
});

test('aggregates: sum, count, avg, min, max with aliases and casts', T, async () => {
  const { data } = ok(
    await anon()
      .from('donations')
      .select('total:amount.sum()::int, biggest:amount.max()::int, smallest:amount.min()::int, mean:amount.avg()::int, count()'),
    200,
  );
  assert.deepEqual(data, [{ total: 5000, biggest: 2000, smallest: 250, mean: 1000, count: 5 }]);
  const plain = ok(await anon().from('donations').select('amount.sum()'));
  assert.equal(Number(plain.data[0].sum), 5000);
});

test('aggregates: grouped by the other columns, filtered first', T, async () => {
  const { data } = ok(await anon().from('donations').select('category, amount.sum()::int, count()').order('category'));
  assert.deepEqual(data, [
    { category: 'school', sum: 2250, count: 2 },
    { category: 'temple', sum: 2750, count: 3 },
  ]);
  const temple = ok(await anon().from('donations').select('amount.sum()::int').eq('category', 'temple'));
  assert.deepEqual(temple.data, [{ sum: 2750 }]);
  const byBand = ok(await anon().from('donations').select('amount_band, count()').order('amount_band'));
  assert.deepEqual(byBand.data, [
    { amount_band: 'large', count: 2 },
    { amount_band: 'small', count: 3 },
  ]);
});

test('aggregates: inside an embed, and grouped by a spread', T, async () => {
  const { data } = ok(await anon().from('donors').select('id, donations(amount.sum()::int, count())').order('id'));
  assert.deepEqual(data, [
    { id: 1, donations: [{ sum: 2000, count: 2 }] },
    { id: 2, donations: [{ sum: 1000, count: 2 }] },
    { id: 3, donations: [{ sum: 2000, count: 1 }] },
  ]);
  const spread = ok(await anon().from('donations').select('amount.sum()::int, ...donors(city)'));
  const sorted = [...spread.data].sort((a, b) => a.sum - b.sum);
  assert.deepEqual(sorted, [
    { sum: 1000, city: 'Sagara' },
    { sum: 4000, city: 'Sirsi' },
  ]);
});

test('aggregates: inside a spread, over the parent groups', T, async () => {
  const { data } = ok(await anon().from('donations').select('category, ...donors(first_name.max(), id.count())').order('category'));
  assert.deepEqual(data, [
    { category: 'school', max: 'Ravi', count: 2 },
    { category: 'temple', max: 'Ravi', count: 3 },
  ]);
});
