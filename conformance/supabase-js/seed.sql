-- Seed rows for the supabase-js conformance suite, loaded after
-- server/tests/fixtures/rest_schema.sql. Fixed ids so the cases can assert exact values;
-- test/helpers.mjs mirrors them. Identity sequences are moved past the seeded ids.

insert into public.people (id, full_name, email, created_at) values
  ('11111111-1111-4111-8111-111111111111', 'Alice Rao',    'alice@example.com', '2025-01-01T10:00:00Z'),
  ('22222222-2222-4222-8222-222222222222', 'Bob Bhat',     'bob@example.com',   '2025-01-02T10:00:00Z'),
  ('33333333-3333-4333-8333-333333333333', 'Carol Hegde',  null,                '2025-01-03T10:00:00Z'),
  ('44444444-4444-4444-8444-444444444444', 'Dave Shastri', 'dave@example.com',  '2025-01-04T10:00:00Z');

insert into public.profiles (person_id, bio) values
  ('11111111-1111-4111-8111-111111111111', 'Singer'),
  ('22222222-2222-4222-8222-222222222222', 'Teacher');

insert into public.events (id, title, event_type, event_date, max_attendees, organizer_id, contact_id)
overriding system value values
  (1, 'Ganesh Chaturthi Puja', 'religious',   '2099-09-01', 200,  '11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'),
  (2, 'Yakshagana Night',      'cultural',    '2099-10-15', 150,  '22222222-2222-4222-8222-222222222222', '11111111-1111-4111-8111-111111111111'),
  (3, 'Sanskrit Workshop',     'educational', '2020-03-10', null, '11111111-1111-4111-8111-111111111111', null),
  (4, 'Past Concert',          'cultural',    '2019-01-20', 50,   '33333333-3333-4333-8333-333333333333', '33333333-3333-4333-8333-333333333333');
select setval(pg_get_serial_sequence('public.events', 'id'), 1000);

insert into public.registrations (id, event_id, person_id) overriding system value values
  (1, 1, '11111111-1111-4111-8111-111111111111'),
  (2, 1, '22222222-2222-4222-8222-222222222222'),
  (3, 1, '33333333-3333-4333-8333-333333333333'),
  (4, 2, '11111111-1111-4111-8111-111111111111'),
  (5, 3, '44444444-4444-4444-8444-444444444444');
select setval(pg_get_serial_sequence('public.registrations', 'id'), 1000);

insert into public.roles (id, name) values (1, 'admin'), (2, 'volunteer'), (3, 'member'), (4, 'cook (head), kitchen');
insert into public.person_roles (person_id, role_id) values
  ('11111111-1111-4111-8111-111111111111', 1),
  ('11111111-1111-4111-8111-111111111111', 2),
  ('22222222-2222-4222-8222-222222222222', 3),
  ('33333333-3333-4333-8333-333333333333', 2);

insert into public.notes (id, owner_id, body, is_public, tags, data, period) values
  (1, '11111111-1111-4111-8111-111111111111', 'Public announcement about the cultural festival', true,
      '{news,festival}', '{"a": {"b": "x"}, "n": 1}', '[1,5)'),
  (2, '11111111-1111-4111-8111-111111111111', 'Private planning notes for the festival budget', false,
      '{planning,budget}', '{"a": {"b": "y"}, "n": 2}', '[10,20)'),
  (3, '22222222-2222-4222-8222-222222222222', 'Public recipe for holige sweets', true,
      '{recipe,food}', '{"a": {"b": "z"}, "n": 3}', '[20,30)'),
  (4, '22222222-2222-4222-8222-222222222222', 'Private diary entry about cats and dogs', false,
      '{diary}', null, null),
  (5, '33333333-3333-4333-8333-333333333333', 'Public notice: temple cleaning volunteers needed', true,
      '{news,volunteer}', '{"a": {"b": "x"}}', '[30,40)');
select setval(pg_get_serial_sequence('public.notes', 'id'), 1000);

insert into public.feedback (message) values ('Seeded feedback nobody but the service can read');

-- Planner statistics, so `count: 'planned'` has something to estimate from.
analyze;

-- ---------------------------------------------------------------------------------------------
-- Embedding (rest-embed): the library and staff of server/tests/fixtures/rest_embed.sql, used by
-- test/embed.test.mjs. Kept identical to that file.
create table public.writers (
  id int primary key,
  name text not null,
  country text
);

-- A view showing the writers' key: relationships to writers are inherited by it.
create view public.writers_public as select id, name from public.writers;

create table public.novels (
  id int primary key,
  title text not null,
  year int not null,
  writer_id int references public.writers (id),
  editor_id int constraint novels_editor_fkey references public.writers (id)
);

create table public.genres (
  id int primary key,
  name text not null
);

create table public.novel_genres (
  novel_id int references public.novels (id),
  genre_id int references public.genres (id),
  primary key (novel_id, genre_id)
);

-- Two foreign keys to writers; the computed relationship `writers(awards)` overrides both.
create table public.awards (
  id int primary key,
  name text not null,
  winner_id int constraint awards_winner_fkey references public.writers (id),
  nominee_id int constraint awards_nominee_fkey references public.writers (id)
);

create table public.staff (
  id int primary key,
  name text not null,
  supervisor_id int references public.staff (id)
);

-- A key to a table outside the exposed schema: not embeddable.
create table public.readers (
  id uuid primary key references auth.users (id),
  name text
);

-- Computed relationships: a row of the first table in, rows of the second out.
create function public.works(public.writers) returns setof public.novels
  language sql stable as $$ select * from public.novels where writer_id = $1.id $$;
create function public.latest_novel(public.writers) returns setof public.novels rows 1
  language sql stable as $$ select * from public.novels where writer_id = $1.id order by year desc limit 1 $$;
create function public.writers(public.awards) returns setof public.writers rows 1
  language sql stable as $$ select * from public.writers where id = $1.winner_id $$;
create function public.supervisor(public.staff) returns setof public.staff rows 1
  language sql stable as $$ select * from public.staff where id = $1.supervisor_id $$;
create function public.supervisees(public.staff) returns setof public.staff
  language sql stable as $$ select * from public.staff where supervisor_id = $1.id $$;

grant select on public.writers, public.writers_public, public.novels, public.genres, public.novel_genres,
  public.awards, public.staff, public.readers to anon, authenticated, service_role;

insert into public.writers (id, name, country) values
  (1, 'Kuvempu', 'India'), (2, 'Shivarama Karanth', 'India'), (3, 'Anita Desai', null);
insert into public.novels (id, title, year, writer_id, editor_id) values
  (1, 'Malegalalli Madumagalu', 1967, 1, 2),
  (2, 'Kanuru Heggadithi', 1936, 1, null),
  (3, 'Chomana Dudi', 1933, 2, 1),
  (4, 'Marali Mannige', 1941, 2, null);
insert into public.genres (id, name) values (1, 'epic'), (2, 'rural'), (3, 'social');
insert into public.novel_genres (novel_id, genre_id) values (1, 1), (1, 2), (2, 2), (3, 3);
insert into public.awards (id, name, winner_id, nominee_id) values (1, 'Jnanpith', 1, 2), (2, 'Pampa', 2, null);
insert into public.staff (id, name, supervisor_id) values
  (1, 'Lakshmi', null), (2, 'Ganesh', 1), (3, 'Shreya', 1), (4, 'Vinay', 2);
-- End of the embedding block.

-- rest-cols: computed columns, aggregates and "Perhaps you meant" hints (test/columns.test.mjs).
-- The same donors and donations as server/tests/fixtures/rest_cols.sql.
create table public.donors (
  id int primary key,
  first_name text not null,
  last_name text not null,
  city text
);
create table public.donations (
  id int primary key,
  donor_id int not null references public.donors (id),
  amount numeric(10, 2) not null,
  category text not null,
  given_on date not null,
  details jsonb
);
create function public.full_name(public.donors) returns text
  language sql stable as $$ select $1.first_name || ' ' || $1.last_name $$;
create function public.amount_band(public.donations) returns text
  language sql immutable as $$ select case when $1.amount >= 1000 then 'large' else 'small' end $$;
create function public.donor_count_by_city(city text) returns bigint
  language sql stable as $$ select count(*) from public.donors d where d.city = $1 $$;
insert into public.donors (id, first_name, last_name, city) values
  (1, 'Asha', 'Bhat', 'Sirsi'),
  (2, 'Ravi', 'Hegde', 'Sagara'),
  (3, 'Meera', 'Joshi', 'Sirsi');
insert into public.donations (id, donor_id, amount, category, given_on, details) values
  (1, 1, 500, 'temple', '2026-01-05', '{"tax": 50}'),
  (2, 1, 1500, 'school', '2026-02-10', '{"tax": 150}'),
  (3, 2, 250, 'temple', '2026-01-20', '{"tax": 25}'),
  (4, 2, 750, 'school', '2026-03-01', null),
  (5, 3, 2000, 'temple', '2026-03-15', '{"tax": 200}');
analyze public.donors, public.donations;
-- end of rest-cols

-- ---- Issue 19, items 1, 2, 8 and 11 (test/tx-rpc-media.test.mjs): how transactions end
-- (run.mjs starts the server with DB_TX_END=commit-allow-override), max-affected on
-- functions, RPC forms and media types. The cases leave these rows as they found them. ----
create table public.tx_items (id int primary key, name text not null);
insert into public.tx_items select g, 'item ' || g from generate_series(1, 15) g;
create function public.tx_delete_items() returns setof public.tx_items
  language sql as $$ delete from public.tx_items returning * $$;
create function public.tx_delete_item_ids() returns setof int
  language sql as $$ delete from public.tx_items returning id $$;
create function public.tx_delete_items_void() returns void
  language sql as $$ delete from public.tx_items $$;
create function public.tx_item_ids() returns setof int
  language sql stable as $$ select id from public.tx_items order by id $$;
-- One unnamed parameter takes the whole body; the Content-Type picks the overload.
create function public.tx_whole(text) returns text language sql immutable as $$ select 'text: ' || $1 $$;
create function public.tx_whole(bytea) returns int language sql immutable as $$ select length($1) $$;
create function public.tx_whole(json) returns text language sql immutable as $$ select 'json: ' || $1::text $$;
-- Overloads told apart by argument names, and two no call without arguments can tell apart.
create function public.tx_overloaded() returns text language sql immutable as $$ select 'none' $$;
create function public.tx_overloaded(a int) returns text language sql immutable as $$ select 'a=' || a $$;
create function public.tx_overloaded(a int, b int) returns text
  language sql immutable as $$ select 'a=' || a || ',b=' || b $$;
create function public.tx_clash() returns int language sql immutable as $$ select 0 $$;
create function public.tx_clash(a int default 1) returns int language sql immutable as $$ select a $$;
-- GeoJSON (Accept: application/geo+json): PostGIS, which scripts/system-deps.sh installs.
create extension if not exists postgis schema extensions;
create table public.tx_places (id int primary key, name text not null, location extensions.geometry(Point, 4326));
insert into public.tx_places values
  (1, 'Sirsi', extensions.st_setsrid(extensions.st_makepoint(74.83, 14.62), 4326)),
  (2, 'Banavasi', extensions.st_setsrid(extensions.st_makepoint(75.02, 14.53), 4326));
-- ---- end of issue 19 (rest-rpc) ----

-- ---- Issue 33, items 1-5 (test/rest-parity.test.mjs): the last differences from PostgREST v14.
-- Callable by its key "" (one unnamed text parameter takes the whole body), and not callable at
-- all (an unnamed integer: PostgREST leaves it out of its schema cache).
create function public.parity_unnamed_text(text) returns text language sql immutable as $$ select 'got ' || $1 $$;
create function public.parity_unnamed_int(integer) returns int language sql immutable as $$ select $1 $$;
-- Overloads whose parameters all have defaults, created out of PostgREST's listing order.
create function public.parity_defaults(b text default 'x') returns text language sql immutable as $$ select b $$;
create function public.parity_defaults(a int default 1) returns int language sql immutable as $$ select a $$;
create function public.parity_defaults() returns int language sql immutable as $$ select 0 $$;
-- Column defaults drawn for every row of a bulk insert.
create table public.parity_tickets (id bigserial primary key, label text not null default 'none');
-- ---- end of issue 33 (rest-parity) ----
