// Horizontal filters (wire-api.md §2.4). Notes are read with the service key (RLS bypassed) and
// restricted to the seeded ids (< 100) so rows created by other files cannot leak in.

import test from 'node:test';
import assert from 'node:assert/strict';
import { anon, service, ok, fails, assertErrorShape, ids, T, ALICE, BOB } from './helpers.mjs';

const events = () => anon().from('events').select('id').order('id');
const notes = () => service().from('notes').select('id').lt('id', 100).order('id');

test('filter: eq', T, async () => {
  assert.deepEqual(ids(ok(await events().eq('title', 'Yakshagana Night')).data), [2]);
});

test('filter: eq on an enum and a uuid', T, async () => {
  assert.deepEqual(ids(ok(await events().eq('event_type', 'cultural')).data), [2, 4]);
  assert.deepEqual(ids(ok(await events().eq('organizer_id', ALICE)).data), [1, 3]);
});

test('filter: neq', T, async () => {
  assert.deepEqual(ids(ok(await events().neq('event_type', 'cultural')).data), [1, 3]);
});

test('filter: gt / gte / lt / lte on a date', T, async () => {
  assert.deepEqual(ids(ok(await events().gt('event_date', '2020-03-10')).data), [1, 2]);
  assert.deepEqual(ids(ok(await events().gte('event_date', '2020-03-10')).data), [1, 2, 3]);
  assert.deepEqual(ids(ok(await events().lt('event_date', '2020-03-10')).data), [4]);
  assert.deepEqual(ids(ok(await events().lte('event_date', '2020-03-10')).data), [3, 4]);
});

test('filter: two filters on the same column (between)', T, async () => {
  assert.deepEqual(ids(ok(await events().gte('max_attendees', 100).lte('max_attendees', 150)).data), [2]);
});

test('filter: numeric comparison skips NULLs', T, async () => {
  assert.deepEqual(ids(ok(await events().gt('max_attendees', 100)).data), [1, 2]);
});

test('filter: like with % and ilike', T, async () => {
  assert.deepEqual(ids(ok(await events().like('title', '%Night')).data), [2]);
  assert.deepEqual(ids(ok(await events().like('title', '%night')).data), []);
  assert.deepEqual(ids(ok(await events().ilike('title', '%PUJA%')).data), [1]);
  assert.deepEqual(ids(ok(await events().ilike('title', '% c%')).data), [1, 4]);
});

test('filter: like with * as the wildcard alias', T, async () => {
  assert.deepEqual(ids(ok(await events().like('title', '*Workshop')).data), [3]);
});

test('filter: in with numbers', T, async () => {
  assert.deepEqual(ids(ok(await events().in('id', [1, 3, 99])).data), [1, 3]);
});

test('filter: in with values containing spaces', T, async () => {
  const { data } = ok(await anon().from('people').select('full_name').in('full_name', ['Alice Rao', 'Dave Shastri']).order('full_name'));
  assert.deepEqual(data, [{ full_name: 'Alice Rao' }, { full_name: 'Dave Shastri' }]);
});

test('filter: in with a value containing a comma and parentheses (quoted)', T, async () => {
  const { data } = ok(await anon().from('roles').select('id').in('name', ['cook (head), kitchen', 'admin']).order('id'));
  assert.deepEqual(ids(data), [1, 4]);
});

test('filter: is null / not is null', T, async () => {
  assert.deepEqual(ids(ok(await events().is('contact_id', null)).data), [3]);
  assert.deepEqual(ids(ok(await events().not('contact_id', 'is', null)).data), [1, 2, 4]);
});

test('filter: is true / is false', T, async () => {
  assert.deepEqual(ids(ok(await notes().is('is_public', true)).data), [1, 3, 5]);
  assert.deepEqual(ids(ok(await notes().is('is_public', false)).data), [2, 4]);
});

test('filter: contains / containedBy / overlaps on text[]', T, async () => {
  assert.deepEqual(ids(ok(await notes().contains('tags', ['news'])).data), [1, 5]);
  assert.deepEqual(ids(ok(await notes().contains('tags', ['news', 'festival'])).data), [1]);
  assert.deepEqual(ids(ok(await notes().containedBy('tags', ['news', 'festival', 'recipe', 'food'])).data), [1, 3]);
  assert.deepEqual(ids(ok(await notes().overlaps('tags', ['budget', 'food'])).data), [2, 3]);
});

test('filter: contains on jsonb', T, async () => {
  assert.deepEqual(ids(ok(await notes().contains('data', { a: { b: 'x' } })).data), [1, 5]);
});

test('filter: range operators on int4range', T, async () => {
  // sr: strictly right of; sl: strictly left of; nxl: does not extend left; nxr: does not extend right.
  assert.deepEqual(ids(ok(await notes().rangeGt('period', '[1,9)')).data), [2, 3, 5]);
  assert.deepEqual(ids(ok(await notes().rangeLt('period', '[15,25)')).data), [1]);
  assert.deepEqual(ids(ok(await notes().rangeGte('period', '[10,11)')).data), [2, 3, 5]);
  assert.deepEqual(ids(ok(await notes().rangeLte('period', '[1,25)')).data), [1, 2]);
  assert.deepEqual(ids(ok(await notes().rangeAdjacent('period', '[5,10)')).data), [1, 2]);
});

test('filter: overlaps and contains on a range', T, async () => {
  assert.deepEqual(ids(ok(await notes().overlaps('period', '[15,25)')).data), [2, 3]);
  assert.deepEqual(ids(ok(await notes().contains('period', '[12,14)')).data), [2]);
});

test('filter: textSearch (to_tsquery) with config english', T, async () => {
  assert.deepEqual(ids(ok(await notes().textSearch('search', 'festival', { config: 'english' })).data), [1, 2]);
  assert.deepEqual(ids(ok(await notes().textSearch('search', "'cat' & 'dog'", { config: 'english' })).data), [4]);
});

test('filter: textSearch plain (plainto_tsquery)', T, async () => {
  assert.deepEqual(ids(ok(await notes().textSearch('search', 'cats dogs', { type: 'plain', config: 'english' })).data), [4]);
});

test('filter: textSearch phrase (phraseto_tsquery)', T, async () => {
  assert.deepEqual(ids(ok(await notes().textSearch('search', 'temple cleaning', { type: 'phrase', config: 'english' })).data), [5]);
  assert.deepEqual(ids(ok(await notes().textSearch('search', 'cleaning temple', { type: 'phrase', config: 'english' })).data), []);
});

test('filter: textSearch websearch (websearch_to_tsquery)', T, async () => {
  assert.deepEqual(ids(ok(await notes().textSearch('search', 'festival -budget', { type: 'websearch', config: 'english' })).data), [1]);
  assert.deepEqual(ids(ok(await notes().textSearch('search', 'recipe or diary', { type: 'websearch', config: 'english' })).data), [3, 4]);
});

test('filter: or', T, async () => {
  assert.deepEqual(ids(ok(await events().or('event_type.eq.religious,max_attendees.is.null')).data), [1, 3]);
});

test('filter: or with a nested and()', T, async () => {
  assert.deepEqual(ids(ok(await events().or('id.eq.4,and(event_type.eq.cultural,max_attendees.gt.100)')).data), [2, 4]);
});

test('filter: or combined with a plain filter (AND)', T, async () => {
  assert.deepEqual(ids(ok(await events().or('id.eq.1,id.eq.2,id.eq.4').eq('event_type', 'cultural')).data), [2, 4]);
});

test('filter: or with in() and a quoted value inside', T, async () => {
  const { data } = ok(await anon().from('roles').select('id').or('id.in.(2,3),name.eq."cook (head), kitchen"').order('id'));
  assert.deepEqual(ids(data), [2, 3, 4]);
});

test('filter: not', T, async () => {
  assert.deepEqual(ids(ok(await events().not('event_type', 'eq', 'cultural')).data), [1, 3]);
  assert.deepEqual(ids(ok(await events().not('id', 'in', '(1,2)')).data), [3, 4]);
});

test('filter: match', T, async () => {
  assert.deepEqual(ids(ok(await events().match({ event_type: 'cultural', max_attendees: 150 })).data), [2]);
  assert.deepEqual(ids(ok(await events().match({ organizer_id: BOB, event_type: 'religious' })).data), []);
});

test('filter: filter() with raw operators', T, async () => {
  assert.deepEqual(ids(ok(await events().filter('title', 'ilike', '%workshop%')).data), [3]);
  assert.deepEqual(ids(ok(await events().filter('id', 'in', '(2,4)')).data), [2, 4]);
  assert.deepEqual(ids(ok(await events().filter('id', 'not.in', '(2,4)')).data), [1, 3]);
  assert.deepEqual(ids(ok(await events().filter('title', 'match', '^Y')).data), [2]);
});

test('filter: JSON path on jsonb (->> text, -> json)', T, async () => {
  assert.deepEqual(ids(ok(await notes().eq('data->a->>b', 'x')).data), [1, 5]);
  assert.deepEqual(ids(ok(await notes().gt('data->n', 1)).data), [2, 3]);
});

test('filter: unknown operator is 400 PGRST100', T, async () => {
  const error = fails(await anon().from('events').select('id').filter('id', 'nope', '1'), 'PGRST100', 400);
  assertErrorShape(error);
});
