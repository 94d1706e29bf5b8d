// The builder calls of test/vectors/rest-requests.json, by vector name. Each is written once
// and run on this SDK and on supabase-js (same API), so both can be compared.

/* eslint-disable @typescript-eslint/no-explicit-any -- the calls run on two clients' types */
type Call = (client: any) => PromiseLike<unknown>;

export const CALLS: Record<string, Call> = {
  'select all': (c) => c.from('todos').select(),
  'head with exact count': (c) => c.from('todos').select('*', { count: 'exact', head: true }),
  'planned count': (c) => c.from('todos').select('id', { count: 'planned' }),
  'select with alias, cast, embed and JSON path': (c) =>
    c
      .from('todos')
      .select('id, title:name, done::text, owner:profiles!inner(id, "full name"), data->a->>b'),
  'range becomes offset and limit': (c) => c.from('todos').select('id').range(0, 9),
  single: (c) => c.from('todos').select().eq('id', 1).single(),
  'maybeSingle sends no Accept': (c) => c.from('todos').select().eq('id', 1).maybeSingle(),
  insert: (c) => c.from('todos').insert({ title: 'a' }),
  'insert rows with select': (c) =>
    c
      .from('todos')
      .insert([{ title: 'a' }, { title: 'b', done: true }])
      .select(),
  'insert with select and single': (c) =>
    c.from('todos').insert({ title: 'a' }).select('id,title').single(),
  'insert with defaults for missing keys': (c) =>
    c.from('todos').insert([{ title: 'a' }], { defaultToNull: false }),
  'upsert merging on a column': (c) =>
    c.from('todos').upsert({ id: 1, title: 'a' }, { onConflict: 'id' }).select(),
  'upsert ignoring duplicates with count': (c) =>
    c.from('todos').upsert([{ id: 1, title: 'a' }], {
      onConflict: 'user_id,slug',
      ignoreDuplicates: true,
      count: 'exact',
    }),
  update: (c) => c.from('todos').update({ done: true }).eq('id', 1),
  'update with select': (c) => c.from('todos').update({ done: true }).eq('id', 1).select(),
  delete: (c) => c.from('todos').delete().eq('id', 1),
  'delete with count and in': (c) => c.from('todos').delete({ count: 'exact' }).in('id', [1, 2]),
  'order, embedded order and limits': (c) =>
    c
      .from('todos')
      .select('*, tasks(*)')
      .order('created_at', { ascending: false })
      .order('id', { nullsFirst: true })
      .order('name', { referencedTable: 'tasks', nullsFirst: false })
      .limit(5, { referencedTable: 'tasks' })
      .limit(10),
  'foreignTable is referencedTable': (c) =>
    c
      .from('todos')
      .select('*, tasks(*)')
      .order('name', { foreignTable: 'tasks' })
      .range(2, 3, { foreignTable: 'tasks' }),
  'or with nested and': (c) => c.from('todos').select().or('status.eq.a,and(x.gt.1,y.lt.2)'),
  'or on an embed': (c) =>
    c.from('todos').select('*, tasks(*)').or('a.eq.1,b.eq.2', { referencedTable: 'tasks' }),
  'comparison operators': (c) =>
    c.from('t').select().neq('a', 1).gt('b', 2).gte('c', 3).lt('d', 4).lte('e', 5),
  'like and ilike with spaces': (c) =>
    c.from('todos').select().like('title', 'Foo%').ilike('title', '%Foo Bar%'),
  'like and ilike quantifiers': (c) =>
    c
      .from('t')
      .select()
      .likeAllOf('a', ['x%', '%y'])
      .likeAnyOf('b', ['x%'])
      .ilikeAllOf('c', ['%z'])
      .ilikeAnyOf('d', ['q%', 'r%']),
  'regular expressions': (c) =>
    c.from('t').select().regexMatch('a', '^x.*$').regexIMatch('b', 'y+'),
  'in quotes reserved characters and drops duplicates': (c) =>
    c.from('todos').select().in('tag', ['a', 'b,c', 'd (e)', 1, 'a']),
  'is null and false': (c) => c.from('todos').select().is('deleted_at', null).is('done', false),
  isDistinct: (c) => c.from('t').select().isDistinct('a', 'x'),
  'contains an array and an object': (c) =>
    c.from('todos').select().contains('tags', ['x', 'y']).contains('meta', { a: 1 }),
  'containedBy and overlaps': (c) =>
    c
      .from('t')
      .select()
      .containedBy('arr', ['z'])
      .overlaps('arr', ['q'])
      .contains('period', '[1,5)'),
  'range operators': (c) =>
    c
      .from('t')
      .select()
      .rangeGt('r', '[1,2)')
      .rangeGte('r', '[1,2)')
      .rangeLt('r', '[1,2)')
      .rangeLte('r', '[1,2)')
      .rangeAdjacent('r', '[1,2)'),
  'text search kinds': (c) =>
    c
      .from('t')
      .select()
      .textSearch('fts', "'cat' & 'dog'", { type: 'websearch', config: 'english' })
      .textSearch('fts', 'cat', { type: 'plain' })
      .textSearch('fts', 'fat cat', { type: 'phrase', config: 'simple' })
      .textSearch('fts', 'cat:*'),
  'not and raw filters': (c) =>
    c
      .from('t')
      .select()
      .not('status', 'eq', 'x')
      .filter('x', 'not.in', '(1,2)')
      .not('deleted_at', 'is', null),
  match: (c) => c.from('t').select().match({ k1: 'v1', k2: 2 }),
  'embedded filter': (c) => c.from('todos').select('*, tasks(*)').eq('tasks.status', 'open'),
  'values with reserved URL characters': (c) =>
    c.from('t').select().eq('title', 'a b&c=d+e#f%g').eq('data->>k', 'x,y'),
  csv: (c) => c.from('todos').select().csv(),
  'rpc with arguments': (c) => c.rpc('add', { a: 1, b: 2 }),
  'rpc without arguments': (c) => c.rpc('now'),
  'rpc with GET and an array': (c) => c.rpc('add', { a: 1, arr: [1, 2] }, { get: true }),
  'rpc HEAD with count': (c) => c.rpc('list_items', {}, { head: true, count: 'exact' }),
  'rpc with select, filter, order and limit': (c) =>
    c.rpc('list_items', { q: 'x' }).select('id,name').eq('done', false).order('id').limit(3),
  // Differs from supabase-js on purpose: `"` and `\` inside a quoted element are escaped.
  'in escapes quotes and backslashes': (c) => c.from('t').select().in('a', ['x"y', 'b\\c', 'p,q']),
  'notIn and stripNulls': (c) => c.from('t').select().notIn('a', [1, 2]).stripNulls(),
  'not in with an array': (c) => c.from('t').select().not('id', 'in', [1, 2]),
};
