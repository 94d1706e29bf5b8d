// Embedding as PostgREST resolves it (wire-api.md §2.3): hints, self-references, views,
// duplicate embeds, computed relationships and spreads, on the library block of seed.sql.

import test from 'node:test';
import assert from 'node:assert/strict';
import { anon, ok, fails, assertErrorShape, T } from './helpers.mjs';

test('embed: a column target leaves views out (writers_public inherits the key)', T, async () => {
  const { data } = ok(await anon().from('novels').select('title, writer_id(name)').eq('id', 3), 200);
  assert.deepEqual(data, [{ title: 'Chomana Dudi', writer_id: { name: 'Shivarama Karanth' } }]);
  const res = ok(await anon().from('novels').select('title, editor:novels_editor_fkey(name)').eq('id', 3));
  assert.deepEqual(res.data, [{ title: 'Chomana Dudi', editor: { name: 'Kuvempu' } }]);
});

test('embed: two embeds under one key answer 400 42712 as PostgreSQL words it', T, async () => {
  const res = await anon().from('novels').select('id, writer_id(name), writer_id(country)');
  const error = fails(res, '42712', 400);
  assertErrorShape(error);
  assert.equal(error.message, 'table name "novels_writer_id_1" specified more than once');
  const aliased = ok(await anon().from('novels').select('id, w:writer_id(name), c:writer_id(country)').eq('id', 1));
  assert.deepEqual(aliased.data, [{ id: 1, w: { name: 'Kuvempu' }, c: { country: 'India' } }]);
});
