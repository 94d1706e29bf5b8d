-- Issue 16, item 5: a connection request reaches the requested member's bell, its acceptance
-- the requester's; a decline tells nobody.
begin;
select plan(4);
select tests.seed();

create temporary table net (name text primary key, id uuid);
grant select on net to authenticated;
insert into net values
  ('asha', tests.create_user('member', 'approved', 'asha')),
  ('bhim', tests.create_user('member', 'approved', 'bhim')),
  ('chan', tests.create_user('member', 'approved', 'chan'));
create function pg_temp.who(n text) returns uuid language sql stable as $$ select id from net where name = n $$;
grant execute on function pg_temp.who(text) to authenticated;
insert into public.member_directory (unique_id, membership_no, full_name, status, approval_status, user_id)
select 'HWT-00000', 'NOTE-' || n, initcap(n) || ' Notice', 'Yes', 'approved', pg_temp.who(n)
  from unnest(array['asha', 'bhim', 'chan']) n;

select tests.act_as(pg_temp.who('asha'));
insert into public.member_connections (requester_id, requested_id) values (pg_temp.who('asha'), pg_temp.who('bhim'));
select tests.act_as(pg_temp.who('chan'));
insert into public.member_connections (requester_id, requested_id) values (pg_temp.who('chan'), pg_temp.who('bhim'));
select tests.act_as_superuser();
select is((select string_agg(message, ' | ' order by message) from public.notifications
            where user_id = pg_temp.who('bhim') and title = 'Connection request'),
  'Asha Notice asks to connect with you. | Chan Notice asks to connect with you.',
  'the requested member hears of each request, by the requester''s name');
select is((select data ->> 'link' from public.notifications where user_id = pg_temp.who('bhim') limit 1), '/dashboard/member',
  'a click opens their member page');

select tests.act_as(pg_temp.who('bhim'));
update public.member_connections set status = 'accepted' where requester_id = pg_temp.who('asha');
update public.member_connections set status = 'declined' where requester_id = pg_temp.who('chan');
select tests.act_as_superuser();
select is((select message from public.notifications where user_id = pg_temp.who('asha') and title = 'Connection accepted'),
  'Bhim Notice accepted your request to connect.', 'the requester hears of the acceptance');
select is((select count(*)::int from public.notifications where user_id = pg_temp.who('chan')), 0,
  'a decline tells nobody');

select * from finish();
rollback;
