-- Issue 21 (hardening from the outside): the paths a policy matrix misses.
--   1. The identity vault changes only when the row it belongs to is written, on every path.
--   2. The staff hierarchy: nobody acts on an account that ranks above them.
begin;
select plan(22);
select tests.seed();

create temporary table victim as
  select s.id, s.user_id from public.student_details s where s.user_id = tests.actor('pending');
grant select on victim to authenticated;
-- The applicant's numbers (their application is still pending), put in as they would.
select tests.act_as(tests.actor('pending'));
update public.student_details set pan_no = 'ABCDE1234F', aadhar_no = '1234 5678 9012' where user_id = tests.actor('pending');
select tests.act_as_superuser();
create function pg_temp.vault() returns text language sql as $$
  select coalesce(pan, '-') || '/' || coalesce(aadhar, '-') from app.identity_numbers
  where record_table = 'student_details' and record_id = (select id from victim)
$$;
select is(pg_temp.vault(), 'ABCDE1234F/123456789012', 'the owner''s numbers are in the vault');
-- The rows a statement reached, run as whoever is acting.

-- 1. A row that is not written changes nothing.
select tests.act_as(tests.actor('user'));
select tests.changes_rows($$
  insert into public.student_details (id, user_id, first_name, surname, email, mobile_number, pan_no, aadhar_no)
  values ((select id from victim), tests.actor('user'), 'X', 'Y', 'x@example.org', '+91 98200 00000', 'ZZZZZ9999Z', '999999999999')
  on conflict do nothing$$, 0, 'an insert on someone else''s id with ON CONFLICT DO NOTHING is accepted');
select tests.act_as_superuser();
select is(pg_temp.vault(), 'ABCDE1234F/123456789012', 'and does not overwrite their numbers');

select tests.act_as(tests.actor('user'));
select tests.changes_rows($$
  insert into public.student_details (id, user_id, first_name, surname, email, mobile_number, pan_no, aadhar_no)
  values ((select id from victim), tests.actor('user'), 'X', 'Y', 'x@example.org', '+91 98200 00000', null, null)
  on conflict (id) do nothing$$, 0, 'the same with empty numbers');
select tests.act_as_superuser();
select is(pg_temp.vault(), 'ABCDE1234F/123456789012', 'does not erase them');

select tests.act_as(tests.actor('user'));
select throws_ok($$
  insert into public.student_details (id, user_id, first_name, surname, email, mobile_number, pan_no)
  values ((select id from victim), tests.actor('user'), 'X', 'Y', 'x@example.org', '+91 98200 00000', 'ZZZZZ9999Z')
  on conflict (id) do update set pan_no = excluded.pan_no$$, '42501', null,
  'the update half of an upsert meets the row''s policy');
select tests.act_as_superuser();
select is(pg_temp.vault(), 'ABCDE1234F/123456789012', 'and leaves the numbers');

select tests.act_as(tests.actor('user'));
select tests.changes_rows($$
  insert into public.student_details (id, user_id, first_name, surname, email, mobile_number, pan_no)
  select case when n = 1 then (select id from victim) else gen_random_uuid() end, tests.actor('user'), 'X', 'Y',
         'x@example.org', '+91 98200 00000', 'ZZZZZ9999Z'
  from generate_series(1, 3000) n
  on conflict do nothing$$, 0, 'three thousand rows in one statement, one of them on the victim''s id');
select tests.act_as_superuser();
select is(pg_temp.vault(), 'ABCDE1234F/123456789012', 'change nothing of the victim''s');
select is((select count(*)::int from app.identity_numbers where pan = 'ZZZZZ9999Z'), 0,
  'no vault entry holds numbers of rows never written (the caller already has an application)');
select is((select count(*)::int from app.identity_numbers_staged), 0, 'nothing stays staged after a statement');

select tests.act_as(tests.actor('user'));
select tests.changes_rows($$update public.student_details set pan_no = null where id = (select id from victim)$$, 0, 'an update of someone else''s row reaches no row');
select tests.act_as_superuser();
select is(pg_temp.vault(), 'ABCDE1234F/123456789012', 'and changes nothing');

-- The owner's own paths still work: an upsert both ways, and the masked copy saved back.
select tests.act_as(tests.actor('pending'));
insert into public.student_details (id, user_id, first_name, surname, email, mobile_number, pan_no, aadhar_no)
values ((select id from victim), tests.actor('pending'), 'S', 'B', 's@example.org', '+91 98200 00000', 'FGHIJ5678K', 'XXXX XXXX 9012')
on conflict (id) do update set pan_no = excluded.pan_no, aadhar_no = excluded.aadhar_no;
select tests.act_as_superuser();
select is(pg_temp.vault(), 'FGHIJ5678K/123456789012', 'the owner''s upsert sets a new PAN and keeps the masked Aadhaar');
select tests.act_as(tests.actor('pending'));
update public.student_details set pan_no = 'XXXXXX678K', aadhar_no = null where id = (select id from victim);
select tests.act_as_superuser();
select is(pg_temp.vault(), 'FGHIJ5678K/-', 'the masked PAN keeps it; NULL removes the Aadhaar');

-- 2. The staff hierarchy.
select tests.act_as(tests.actor('admin'));
select ok(not auth.can_manage_user(tests.actor('super_admin')), 'an admin may not act on a super_admin through the auth admin API');
select ok(auth.can_manage_user(tests.actor('user')) and not auth.can_manage_user(tests.actor('content_manager')),
  'but on members; staff accounts are a super_admin''s');
select tests.changes_rows($$update public.users set status = 'inactive' where id = tests.actor('super_admin')$$, 0, 'an admin cannot set a super_admin inactive');
select tests.changes_rows($$delete from public.users where id = tests.actor('super_admin')$$, 0, 'nor delete a super_admin''s record');
select tests.act_as_superuser();
update public.users set status = 'inactive' where id = tests.actor('super_admin');
select tests.act_as(tests.actor('admin'));
select ok(not auth.can_manage_user(tests.actor('super_admin')), 'an inactive super_admin still ranks above an admin');
select tests.act_as_superuser();
update public.users set status = 'approved' where id = tests.actor('super_admin');
select tests.act_as(tests.actor('super_admin'));
select ok(auth.can_manage_user(tests.actor('admin')), 'a super_admin acts on admins');
select tests.act_as(tests.actor('content_manager'));
select ok(not auth.can_manage_user(tests.actor('user')), 'a content manager manages no account');
select tests.act_as_superuser();

select * from finish();
rollback;
