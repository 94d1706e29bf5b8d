-- Issue 16, item 8: an account without a users record yet (a newcomer between sign-up and the
-- registration's stored function) records PWA analytics without the account instead of a 409;
-- a known account keeps its id, and nobody records in another's name.
begin;
select plan(4);
select tests.seed();

create temporary table ids (name text primary key, id uuid);
grant select on ids to authenticated;
insert into ids values ('newcomer', gen_random_uuid());
insert into auth.users (id, email, email_confirmed_at)
select id, 'newcomer-' || left(id::text, 8) || '@example.org', now() from ids;

select tests.act_as((select id from ids where name = 'newcomer'));
select lives_ok($$insert into public.pwa_analytics (event_type, data, session_id) values ('engagement', '{}', 'newcomer-session')$$,
  'an account without a users record records analytics');
select tests.act_as_superuser();
select is((select count(*)::int from public.pwa_analytics where session_id = 'newcomer-session' and user_id is null), 1,
  'without the account');
select tests.act_as(tests.actor('user'));
insert into public.pwa_analytics (event_type, data, session_id) values ('engagement', '{}', 'user-session');
select tests.act_as_superuser();
select is((select user_id from public.pwa_analytics where session_id = 'user-session'), tests.actor('user'),
  'a known account keeps its id');
select tests.act_as(tests.actor('user'));
select throws_ok(format($$insert into public.pwa_analytics (event_type, data, user_id) values ('engagement', '{}', %L)$$, tests.actor('stranger')),
  '42501', null, 'nobody records in another''s name');

select * from finish();
rollback;
