-- Issue 16, item 5: members among themselves. The member directory a plain member reads
-- (get_member_network: listed entries only, contact details only when shown or connected),
-- connection requests (request, accept, decline, withdraw) and the visibility choice (upsert),
-- with who may do each.
begin;
select plan(28);
select tests.seed();

create temporary table net (name text primary key, id uuid);
grant select on net to authenticated, anon;
insert into net values
  ('ann', tests.create_user('member', 'approved', 'ann')),
  ('bob', tests.create_user('member', 'approved', 'bob')),
  ('carl', tests.create_user('member', 'approved', 'carl')),
  ('dee', tests.create_user('member', 'approved', 'dee'));
create function pg_temp.who(n text) returns uuid language sql stable as $$ select id from net where name = n $$;
grant execute on function pg_temp.who(text) to authenticated, anon;
insert into public.member_directory (unique_id, membership_no, full_name, mobile_number, email, city, status, approval_status, user_id)
select 'HWT-00000', 'NET-' || n, initcap(n) || ' Network', '+91 98200 7777' || length(n), n || '@net.example.org', 'Mumbai', 'Yes', 'approved', pg_temp.who(n)
  from unnest(array['ann', 'bob', 'carl']) n;
insert into net select 'ann_entry', id from public.member_directory where user_id = pg_temp.who('ann');
-- Bob shows no contact details; Carl is not listed at all.
insert into public.member_directory_visibility (member_id, user_id, show_in_directory, show_contact_details)
select d.id, d.user_id, d.user_id <> pg_temp.who('carl'), false
  from public.member_directory d where d.user_id in (pg_temp.who('bob'), pg_temp.who('carl'));

-- Who may read the directory.
select tests.act_as_anon();
select throws_ok($$select * from public.get_member_network()$$, '42501', null, 'anon may not read the member directory');
select tests.act_as(tests.actor('pending'));
select throws_ok($$select * from public.get_member_network()$$, '42501', null, 'nor an applicant whose entry is pending');
select tests.act_as(pg_temp.who('dee'));
select throws_ok($$select * from public.get_member_network()$$, '42501', null, 'nor an account without a directory entry');
select tests.act_as(pg_temp.who('ann'));
select is((select count(*)::int from public.get_member_network('Network')), 2, 'a member reads the listed members (Carl hid his entry)');
select is((select full_name from public.get_member_network('Network') limit 1), 'Ann Network', 'their own entry comes first');
-- A full name finds that entry first (other Network names follow it: search across scripts
-- matches names by their closeness, issue 35).
select is((select mobile_number from public.get_member_network('Ann Network') limit 1), '+91 98200 77773', 'with its contact details');
select is((select row(mobile_number, email)::text from public.get_member_network('Bob Network') limit 1), '(,)',
  'another''s contact details stay hidden when they chose so');
select is((select total_count from public.get_member_network('Network', page_limit => 1, page_offset => 0)), 2::bigint, 'the total comes with each page');
select throws_ok($$select * from public.get_member_network(page_limit => 0)$$, '22023', null, 'a page of no rows is refused');

-- Requests: as oneself, pending, to a listed member, by a member.
select lives_ok(format($$insert into public.member_connections (requester_id, requested_id, message) values (%L, %L, 'Namaskara')$$,
  pg_temp.who('ann'), pg_temp.who('bob')), 'a member asks a listed member to connect');
select throws_ok(format($$insert into public.member_connections (requester_id, requested_id) values (%L, %L)$$,
  pg_temp.who('ann'), pg_temp.who('bob')), '23505', null, 'once');
select throws_ok(format($$insert into public.member_connections (requester_id, requested_id) values (%L, %L)$$,
  pg_temp.who('ann'), pg_temp.who('carl')), '42501', null, 'not a member who is not listed');
select throws_ok(format($$insert into public.member_connections (requester_id, requested_id) values (%L, %L)$$,
  pg_temp.who('bob'), tests.actor('stranger')), '42501', null, 'not in another member''s name');
select throws_ok(format($$insert into public.member_connections (requester_id, requested_id, status) values (%L, %L, 'accepted')$$,
  pg_temp.who('ann'), tests.actor('stranger')), '42501', null, 'not already accepted');
select tests.act_as(pg_temp.who('dee'));
select throws_ok(format($$insert into public.member_connections (requester_id, requested_id) values (%L, %L)$$,
  pg_temp.who('dee'), pg_temp.who('bob')), '42501', null, 'an account without a directory entry asks nobody');

-- Answers: only the requested member; others neither see nor touch the request.
select tests.act_as(pg_temp.who('ann'));
select throws_ok(format($$update public.member_connections set status = 'accepted' where requester_id = %L and requested_id = %L$$,
  pg_temp.who('ann'), pg_temp.who('bob')), '42501', null, 'the requester cannot accept their own request');
select tests.act_as(tests.actor('stranger'));
select is((select count(*)::int from public.member_connections where requester_id = pg_temp.who('ann')), 0,
  'a third member does not see the request');
update public.member_connections set status = 'declined' where requester_id = pg_temp.who('ann');
select tests.act_as(pg_temp.who('bob'));
select is((select status from public.member_connections where requester_id = pg_temp.who('ann')), 'pending',
  'nor can answer it');
delete from public.member_connections where requester_id = pg_temp.who('ann');
select is((select count(*)::int from public.member_connections where requester_id = pg_temp.who('ann')), 1,
  'the requested member cannot delete the request (they decline it)');
update public.member_connections set status = 'accepted' where requester_id = pg_temp.who('ann') and requested_id = pg_temp.who('bob');
select is((select row(status, responded_at is not null)::text from public.member_connections where requester_id = pg_temp.who('ann')),
  '(accepted,t)', 'the requested member accepts; the answer is dated');

-- Connected members see each other's contact details.
select tests.act_as(pg_temp.who('ann'));
select is((select row(mobile_number, connection_status, requested_by_me)::text from public.get_member_network('Bob Network') limit 1),
  '("+91 98200 77773",accepted,t)', 'once connected, contact details show');
select tests.changes_rows(format($$delete from public.member_connections where requester_id = %L and requested_id = %L$$,
  pg_temp.who('ann'), pg_temp.who('bob')), 1, 'the requester withdraws (or removes) the connection');
select is((select row(mobile_number, connection_id)::text from public.get_member_network('Bob Network') limit 1), '(,)',
  'and the contact details are hidden again');

-- Visibility: the owner's own choice, by upsert; never another's.
select lives_ok(format($$insert into public.member_directory_visibility (member_id, user_id, show_in_directory, show_contact_details)
  select id, %1$L, true, true from public.member_directory where user_id = %1$L
  on conflict (member_id) do update set show_in_directory = excluded.show_in_directory, show_contact_details = excluded.show_contact_details$$,
  pg_temp.who('ann')), 'a member chooses the visibility of their entry (upsert, first time)');
select tests.act_as(pg_temp.who('bob'));
select throws_ok(format($$insert into public.member_directory_visibility (member_id, user_id, show_in_directory, show_contact_details)
  values (%L, %L, false, false) on conflict (member_id) do update set show_in_directory = false$$,
  pg_temp.who('ann_entry'), pg_temp.who('bob')),
  '42501', null, 'not for another member''s entry');
select is((select mobile_number from public.get_member_network('Ann Network') limit 1), '+91 98200 77773',
  'an entry that shows its contact details shows them to every member');
insert into public.member_directory_visibility (member_id, user_id, show_in_directory, show_contact_details)
select id, pg_temp.who('bob'), false, false from public.member_directory where user_id = pg_temp.who('bob')
on conflict (member_id) do update set show_in_directory = false;
select tests.act_as(pg_temp.who('ann'));
select is((select count(*)::int from public.get_member_network('Bob Network') n where n.full_name = 'Bob Network'), 0, 'a member who hides their entry leaves the directory');

-- Requests show to their two members even when the other hid their entry.
select tests.act_as(pg_temp.who('ann'));
insert into public.member_connections (requester_id, requested_id) values (pg_temp.who('ann'), tests.actor('stranger'));
select tests.act_as(tests.actor('stranger'));
select is((select row(full_name, connection_status, requested_by_me)::text from public.get_member_network(only_connections => true)
            where user_id = pg_temp.who('ann')), '("Ann Network",pending,f)', 'a member sees who asked them to connect');

select * from finish();
rollback;
