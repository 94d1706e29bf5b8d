-- Issue 22: member_directory's read policies rewritten for a large register (the member
-- viewer's test is now the id against app.listed_directory_entries(); 0071's indexes carry
-- id and user_id). Who reads which entry, unchanged: admins every entry; a member viewer the
-- approved entries that are listed and show their contact details, plus their own; an owner
-- their own entry whatever its state; other members and visitors nothing.
begin;
select plan(24);
select tests.seed();

create temporary table dir (name text primary key, id uuid);
grant select on dir to authenticated, anon;
insert into dir values
  ('owner', tests.create_user('member', 'approved', 'owner56')),
  ('viewer', tests.create_user('member_viewer', 'approved', 'viewer56')),
  ('pending_viewer', tests.create_user('member_viewer', 'pending', 'pendingviewer56')),
  ('admin', tests.create_user('admin', 'approved', 'admin56')),
  ('super', tests.create_user('super_admin', 'approved', 'super56')),
  ('other', tests.create_user('member', 'approved', 'other56'));
create function pg_temp.who(n text) returns uuid language sql stable as $$ select id from dir where name = n $$;
grant execute on function pg_temp.who(text) to authenticated, anon;
-- The entries of this story, and which of them the caller sees (by membership number).
create function pg_temp.seen() returns text
language sql stable
as $$
  select coalesce(string_agg(membership_no, ',' order by membership_no), '')
  from public.member_directory where membership_no like 'S56-%'
$$;
grant execute on function pg_temp.seen() to authenticated, anon;

-- S56-1 shown: approved, listed, contact details shown: a member viewer reads it.
-- S56-2 no contact: approved, listed, contact details hidden.
-- S56-3 unlisted: approved, contact details shown but not listed.
-- S56-4 pending: shows everything, but not approved.
-- S56-5 no choice: approved, no visibility row (contact details hidden by default).
-- S56-6 owner's: the owner's own application, pending, no visibility row.
-- S56-7 viewer's: the member viewer's own entry, rejected, nothing shown.
insert into public.member_directory (id, unique_id, membership_no, full_name, status, approval_status, user_id)
values
  ('00000000-0000-0000-0000-000000005601', 'HWT-00000', 'S56-1', 'Shown Entry', 'Yes', 'approved', null),
  ('00000000-0000-0000-0000-000000005602', 'HWT-00000', 'S56-2', 'No Contact Entry', 'Yes', 'approved', null),
  ('00000000-0000-0000-0000-000000005603', 'HWT-00000', 'S56-3', 'Unlisted Entry', 'Yes', 'approved', null),
  ('00000000-0000-0000-0000-000000005604', 'HWT-00000', 'S56-4', 'Pending Entry', 'Check', 'pending', null),
  ('00000000-0000-0000-0000-000000005605', 'HWT-00000', 'S56-5', 'No Choice Entry', 'Yes', 'approved', null),
  ('00000000-0000-0000-0000-000000005606', 'HWT-00000', 'S56-6', 'Owner Entry', 'Check', 'pending', pg_temp.who('owner')),
  ('00000000-0000-0000-0000-000000005607', 'HWT-00000', 'S56-7', 'Viewer Entry', 'No', 'rejected', pg_temp.who('viewer'));
insert into public.member_directory_visibility (member_id, show_in_directory, show_contact_details)
values
  ('00000000-0000-0000-0000-000000005601', true, true),
  ('00000000-0000-0000-0000-000000005602', true, false),
  ('00000000-0000-0000-0000-000000005603', false, true),
  ('00000000-0000-0000-0000-000000005604', true, true),
  ('00000000-0000-0000-0000-000000005607', false, false);

select tests.act_as(pg_temp.who('admin'));
select is(pg_temp.seen(), 'S56-1,S56-2,S56-3,S56-4,S56-5,S56-6,S56-7', 'an admin reads every entry');
select is((select count(*)::int from public.member_directory where membership_no like 'S56-%' and status = 'Yes'), 4,
  'and counts them with a filter');
select tests.act_as(pg_temp.who('super'));
select is(pg_temp.seen(), 'S56-1,S56-2,S56-3,S56-4,S56-5,S56-6,S56-7', 'so does a super admin');

select tests.act_as(pg_temp.who('viewer'));
select is(pg_temp.seen(), 'S56-1,S56-7',
  'a member viewer reads the approved, listed entries that show their contact details, and their own');
select is((select count(*)::int from public.member_directory where membership_no like 'S56-%' and status = 'Yes'), 1,
  'their count with a filter counts only those');
select is((select count(*)::int from public.member_directory where id = '00000000-0000-0000-0000-000000005602'), 0,
  'an entry hiding its contact details stays hidden when asked for by id');
select is((select count(*)::int from public.member_directory where id = '00000000-0000-0000-0000-000000005604'), 0,
  'so does a pending entry that shows everything');

select tests.act_as(pg_temp.who('pending_viewer'));
select is(pg_temp.seen(), '', 'a member viewer whose account is not approved reads nothing');

select tests.act_as(pg_temp.who('owner'));
select is(pg_temp.seen(), 'S56-6', 'an owner reads their own entry, pending as it is, and nothing else');
select is((select full_name from public.member_directory where user_id = pg_temp.who('owner')), 'Owner Entry',
  'by their own account');

select tests.act_as(pg_temp.who('other'));
select is(pg_temp.seen(), '', 'another approved member reads none of them');
select tests.act_as(tests.actor('stranger'));
select is(pg_temp.seen(), '', 'nor does the seeded stranger');
select tests.act_as_anon();
select is(pg_temp.seen(), '', 'nor a visitor');

-- The set the viewer's policy tests against is empty for anyone else.
select tests.act_as(pg_temp.who('other'));
select is((select count(*)::int from app.listed_directory_entries()), 0, 'a member gets no listed entries from the helper');
select tests.act_as(pg_temp.who('pending_viewer'));
select is((select count(*)::int from app.listed_directory_entries()), 0, 'nor does a member viewer not yet approved');
select tests.act_as_anon();
select is((select count(*)::int from app.listed_directory_entries()), 0, 'nor a visitor');
select tests.act_as(pg_temp.who('viewer'));
select ok((select '00000000-0000-0000-0000-000000005601'::uuid in (select app.listed_directory_entries())),
  'a member viewer gets the shown entry from it');

-- A change of the owner's choice shows in the next read.
select tests.act_as_superuser();
update public.member_directory_visibility set show_contact_details = false
  where member_id = '00000000-0000-0000-0000-000000005601';
update public.member_directory_visibility set show_in_directory = true, show_contact_details = true
  where member_id = '00000000-0000-0000-0000-000000005603';
select tests.act_as(pg_temp.who('viewer'));
select is(pg_temp.seen(), 'S56-3,S56-7', 'a member viewer''s reads follow the owners'' choices at once');

-- An entry approved later reaches the viewer; an admin's reads are unaffected by choices.
select tests.act_as(pg_temp.who('admin'));
update public.member_directory set status = 'Yes', approval_status = 'approved'
  where id = '00000000-0000-0000-0000-000000005604';
select tests.act_as(pg_temp.who('viewer'));
select is(pg_temp.seen(), 'S56-3,S56-4,S56-7', 'an entry approved by an admin reaches the viewer when it shows its details');
select tests.act_as(pg_temp.who('admin'));
select is((select count(*)::int from public.member_directory where membership_no like 'S56-%'), 7, 'the admin still counts all');

-- Writes that read their row back: an application returns the new entry to its owner (the
-- owner's policy tests the row itself: the entry is not in the table yet when it is checked).
create temporary table returned (step text primary key, v text);
grant select, insert on returned to authenticated;
select tests.act_as(pg_temp.who('other'));
with applied as (
  insert into public.member_directory (unique_id, membership_no, full_name, user_id)
  values ('HWT-00000', 'S56-8', 'Other Applies', pg_temp.who('other'))
  returning full_name, status, approval_status)
insert into returned select 'applied', row(full_name, status, approval_status)::text from applied;
select is((select v from returned where step = 'applied'), '("Other Applies",Check,pending)',
  'a member''s application comes back to them, pending');
select is(pg_temp.seen(), 'S56-8', 'and they read it afterwards, nothing else');
select tests.act_as(pg_temp.who('viewer'));
select is((select count(*)::int from public.member_directory where membership_no = 'S56-8'), 0,
  'a member viewer does not read a pending application');
select tests.act_as(pg_temp.who('owner'));
with corrected as (
  update public.member_directory set full_name = 'Owner Corrected' where user_id = pg_temp.who('owner')
  returning full_name)
insert into returned select 'corrected', full_name from corrected;
select is((select v from returned where step = 'corrected'), 'Owner Corrected', 'an owner''s correction comes back to them');

select * from finish();
rollback;
