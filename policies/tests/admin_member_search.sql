-- Issue 22: public.admin_member_directory_matches, the admin member list's search and
-- partial-match filters through the trigram indexes (migrations/0072). It reads the register
-- as its owner (row-level security does not filter it), so it must refuse everyone but an
-- admin, and match exactly what the table's `ilike` filters match.
begin;
select plan(17);
select tests.seed();

create temporary table who (name text primary key, id uuid);
grant select on who to authenticated, anon;
insert into who values
  ('admin', tests.create_user('admin', 'approved', 'admin56s')),
  ('super', tests.create_user('super_admin', 'approved', 'super56s')),
  ('pending_admin', tests.create_user('admin', 'pending', 'pendingadmin56s')),
  ('viewer', tests.create_user('member_viewer', 'approved', 'viewer56s')),
  ('member', tests.create_user('member', 'approved', 'member56s'));
create function pg_temp.who(n text) returns uuid language sql stable as $$ select id from who where name = n $$;
grant execute on function pg_temp.who(text) to authenticated, anon;

insert into public.member_directory (unique_id, membership_no, full_name, email, mobile_number, city, native_place,
  status, approval_status, user_id)
values
  ('HWT-00000', 'S56S-1', 'Ganapati Hegde', 'ganapati@example.org', '+91 98200 56001', 'Thane', 'Sirsi', 'Yes', 'approved', null),
  ('HWT-00000', 'S56S-2', 'Shreya Bhat', 'shreya.hegde@example.org', '+91 98200 56002', 'Mumbai', 'Kumta', 'Check', 'pending', pg_temp.who('member')),
  ('HWT-00000', 'S56S-3', 'Ravi Rao', 'ravi@example.org', '+91 98200 56003', 'Navi Mumbai', 'Sirsi', 'No', 'rejected', null),
  ('HWT-00000', 'S56S-4', 'Percent 100% Joshi', 'joshi_1@example.org', '+91 98200 56004', 'Pune', 'Sagar', 'Yes', 'approved', null);
-- The HWT- number the server gave the third entry.
create temporary table ravi as select unique_id from public.member_directory where membership_no = 'S56S-3';
grant select on ravi to authenticated;

create function pg_temp.matches(search text default null, city text default null, native_place text default null)
returns text language sql volatile as $$
  select coalesce(string_agg(membership_no, ',' order by membership_no), '')
  from public.admin_member_directory_matches(search, city, native_place) where membership_no like 'S56S-%'
$$;
grant execute on function pg_temp.matches(text, text, text) to authenticated, anon;

-- Who may call it.
select tests.act_as(pg_temp.who('member'));
select throws_ok($$select * from public.admin_member_directory_matches('hegde')$$, '42501', null,
  'a member may not search the register this way');
select tests.act_as(pg_temp.who('viewer'));
select throws_ok($$select * from public.admin_member_directory_matches()$$, '42501', null,
  'nor a member viewer (they read the table, through its policies)');
select tests.act_as(pg_temp.who('pending_admin'));
select throws_ok($$select * from public.admin_member_directory_matches()$$, '42501', null,
  'nor an admin account not yet approved');
select tests.act_as_anon();
select throws_ok($$select * from public.admin_member_directory_matches()$$, '42501', null, 'nor a visitor');

-- What it matches, as an admin.
select tests.act_as(pg_temp.who('admin'));
select is(pg_temp.matches(), 'S56S-1,S56S-2,S56S-3,S56S-4', 'no term: every entry, whatever its state');
select is(pg_temp.matches(search => 'HEGDE'), 'S56S-1,S56S-2', 'the search matches a name or an e-mail, ignoring case');
select is(pg_temp.matches(search => 's56s-3'), 'S56S-3', 'a membership number');
select is(pg_temp.matches(search => (select unique_id from ravi)), 'S56S-3', 'an HWT- number');
select is(pg_temp.matches(search => '56004'), 'S56S-4', 'a part of a mobile number');
select is(pg_temp.matches(city => 'mumbai'), 'S56S-2,S56S-3', 'the city: a part of it');
select is(pg_temp.matches(native_place => ' sirsi '), 'S56S-1,S56S-3', 'the native place, the term trimmed');
select is(pg_temp.matches(search => 'ravi', native_place => 'sirsi'), 'S56S-3', 'terms combine');
select is(pg_temp.matches(search => '', city => '  '), 'S56S-1,S56S-2,S56S-3,S56S-4', 'blank terms match everything');
select is(pg_temp.matches(search => '0%'), 'S56S-4', '% is a character, not a wildcard');
select is(pg_temp.matches(search => 'h_gde'), '', '_ too');
select is(
  (select count(*)::int from public.admin_member_directory_matches(search => 'hegde', city => 'thane')),
  (select count(*)::int from public.member_directory
    where (full_name ilike '%hegde%' or membership_no ilike '%hegde%' or unique_id ilike '%hegde%'
           or mobile_number ilike '%hegde%' or email ilike '%hegde%') and city ilike '%thane%'),
  'it counts what the table''s filters count');
select tests.act_as(pg_temp.who('super'));
select is(pg_temp.matches(search => 'hegde'), 'S56S-1,S56S-2', 'a super admin searches too');

select * from finish();
rollback;
