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

test('embed: hints by constraint, by column of either side, and by junction', T, async () => {
  const { data } = ok(
    await anon()
      .from('novels')
      .select('title, writer:writers!novels_writer_id_fkey(name), editor:writers!editor_id(name)')
      .eq('id', 1),
  );
  assert.deepEqual(data, [{ title: 'Malegalalli Madumagalu', writer: { name: 'Kuvempu' }, editor: { name: 'Shivarama Karanth' } }]);
  const back = ok(
    await anon()
      .from('writers')
      .select('name, written:novels!writer_id(title), edited:novels!novels_editor_fkey(title)')
      .eq('id', 2)
      .order('id', { referencedTable: 'written' }),
  );
  assert.deepEqual(back.data, [
    { name: 'Shivarama Karanth', written: [{ title: 'Chomana Dudi' }, { title: 'Marali Mannige' }], edited: [{ title: 'Malegalalli Madumagalu' }] },
  ]);
  const m2m = ok(await anon().from('genres').select('name, novels!novel_genres(title)').eq('id', 3));
  assert.deepEqual(m2m.data, [{ name: 'social', novels: [{ title: 'Chomana Dudi' }] }]);
});

test('embed: a self-reference gives the parent by column and the children by table name', T, async () => {
  const { data } = ok(
    await anon().from('staff').select('name, supervisor:supervisor_id(name), supervisees:staff!supervisor_id(name)').eq('id', 2),
  );
  assert.deepEqual(data, [{ name: 'Ganesh', supervisor: { name: 'Lakshmi' }, supervisees: [{ name: 'Vinay' }] }]);
  const children = ok(await anon().from('staff').select('name, staff(name)').eq('id', 1).order('id', { referencedTable: 'staff' }));
  assert.deepEqual(children.data, [{ name: 'Lakshmi', staff: [{ name: 'Ganesh' }, { name: 'Shreya' }] }]);
});

test('embed: ambiguity is 300 PGRST201 with the candidates in PostgREST order', T, async () => {
  const error = fails(await anon().from('novels').select('title, writers(name)'), 'PGRST201', 300);
  assert.deepEqual(error.details, [
    { cardinality: 'many-to-one', embedding: 'novels with writers', relationship: 'novels_editor_fkey using novels(editor_id) and writers(id)' },
    { cardinality: 'many-to-one', embedding: 'novels with writers', relationship: 'novels_writer_id_fkey using novels(writer_id) and writers(id)' },
  ]);
  assert.equal(
    error.hint,
    "Try changing 'writers' to one of the following: 'writers!novels_editor_fkey', 'writers!novels_writer_id_fkey'. Find the desired relationship in the 'details' key.",
  );
  const missing = fails(await anon().from('novels').select('title, writers!nope(name)'), 'PGRST200', 400);
  assert.equal(
    missing.details,
    "Searched for a foreign key relationship between 'novels' and 'writers' using the hint 'nope' in the schema 'public', but no matches were found.",
  );
});

test('embed: computed relationships (setof and rows 1) with inner, filters and order inside', T, async () => {
  const { data } = ok(
    await anon()
      .from('writers')
      .select('name, works!inner(title), latest_novel(year)')
      .lt('works.year', 1940)
      .order('year', { referencedTable: 'works' })
      .order('id'),
  );
  assert.deepEqual(data, [
    { name: 'Kuvempu', works: [{ title: 'Kanuru Heggadithi' }], latest_novel: { year: 1967 } },
    { name: 'Shivarama Karanth', works: [{ title: 'Chomana Dudi' }], latest_novel: { year: 1941 } },
  ]);
  const self = ok(await anon().from('staff').select('name, supervisor(name), supervisees(name)').eq('id', 2));
  assert.deepEqual(self.data, [{ name: 'Ganesh', supervisor: { name: 'Lakshmi' }, supervisees: [{ name: 'Vinay' }] }]);
  const override = ok(await anon().from('awards').select('name, writers(name)').order('id'));
  assert.deepEqual(override.data, [
    { name: 'Jnanpith', writers: { name: 'Kuvempu' } },
    { name: 'Pampa', writers: { name: 'Shivarama Karanth' } },
  ]);
});

test('embed: to-many spreads give arrays of the values (computed, one-to-many, many-to-many)', T, async () => {
  const { data } = ok(
    await anon().from('writers').select('name, ...works(title, year)').eq('id', 1).order('year', { referencedTable: 'works' }),
  );
  assert.deepEqual(data, [{ name: 'Kuvempu', title: ['Kanuru Heggadithi', 'Malegalalli Madumagalu'], year: [1936, 1967] }]);
  const fk = ok(
    await anon().from('writers').select('name, ...novels!writer_id(titles:title)').order('id').order('id', { referencedTable: 'novels' }),
  );
  assert.deepEqual(fk.data.at(-1), { name: 'Anita Desai', titles: [] });
  assert.deepEqual(fk.data[1], { name: 'Shivarama Karanth', titles: ['Chomana Dudi', 'Marali Mannige'] });
  const m2m = ok(await anon().from('novels').select('title, ...genres(genre:name)').eq('id', 1).order('name', { referencedTable: 'genres' }));
  assert.deepEqual(m2m.data, [{ title: 'Malegalalli Madumagalu', genre: ['epic', 'rural'] }]);
  const inner = ok(await anon().from('writers').select('name, ...works!inner(title)').gt('works.year', 1950));
  assert.deepEqual(inner.data, [{ name: 'Kuvempu', title: ['Malegalalli Madumagalu'] }]);
});

test('embed: a to-many spread inside another joins its rows; keys outside the schema are not embeddable', T, async () => {
  const { data } = ok(
    await anon()
      .from('writers')
      .select('name, ...works(title, ...genres(genre:name))')
      .eq('id', 1)
      .order('id', { referencedTable: 'works' })
      .order('name', { referencedTable: 'works.genres' }),
  );
  assert.deepEqual(data, [
    {
      name: 'Kuvempu',
      title: ['Malegalalli Madumagalu', 'Malegalalli Madumagalu', 'Kanuru Heggadithi'],
      genre: ['epic', 'rural', 'rural'],
    },
  ]);
  const error = fails(await anon().from('readers').select('name, users(id)'), 'PGRST200', 400);
  assertErrorShape(error);
});
