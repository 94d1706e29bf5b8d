-- Issue 17, students and matrimony: admins decide applications (spec §4: detail record and
-- account together, approver and time), the applicant is notified, and the audit of identity
-- number reveals is readable by admins only.
begin;
select plan(19);
select tests.seed();

create temporary table t17 (name text primary key, value uuid);
grant all on t17 to authenticated, anon;
create function pg_temp.id(name text) returns uuid language sql as $$ select value from t17 where t17.name = id.name $$;
insert into t17 values ('student_user', tests.create_user('student', 'pending', 'aid-applicant'));
insert into public.student_details (user_id, first_name, surname, email, mobile_number)
values (pg_temp.id('student_user'), 'Aid', 'Applicant', 'aid@example.org', '+91 98200 12345');
insert into t17 select 'student', id from public.student_details where user_id = pg_temp.id('student_user');
insert into t17 select 'profile', id from public.matrimony_details where user_id = tests.actor('pending');

-- Who may decide.
select tests.act_as(tests.actor('content_manager'));
select throws_ok(format($$select public.set_student_approval(%L, 'approved')$$, pg_temp.id('student')),
  '42501', null, 'a content manager may not approve a student');
select tests.act_as(pg_temp.id('student_user'));
select throws_ok(format($$select public.set_student_approval(%L, 'approved')$$, pg_temp.id('student')),
  '42501', null, 'nor may the student approve themselves');
select throws_ok(format($$select public.set_matrimony_approval(%L, 'approved')$$, pg_temp.id('profile')),
  '42501', null, 'nor their matrimony profile');
select tests.act_as(tests.actor('admin'));
select throws_ok(format($$select public.set_student_approval(%L, 'maybe')$$, pg_temp.id('student')),
  '22023', null, 'a decision is approved, rejected or pending');
select throws_ok(format($$select public.set_student_approval(%L, 'approved')$$, gen_random_uuid()),
  'P0002', 'No data found', 'an unknown application is not found');

-- Approving a student: the record and the account, with approver and time; a notification.
select is((public.set_student_approval(pg_temp.id('student'), 'approved')).approval_status, 'approved', 'an admin approves a student');
select tests.act_as_superuser();
select row_eq(format($$select approved_by, approved_at is not null from public.student_details where id = %L$$, pg_temp.id('student')),
  row(tests.actor('admin'), true), 'the approver and time are recorded');
select row_eq(format($$select status, approval_status from public.users where id = %L$$, pg_temp.id('student_user')),
  row('approved'::text, 'approved'::text), 'the student''s account is approved with it (both are needed to sign in)');
select is((select array_agg(title)::text from public.notifications where user_id = pg_temp.id('student_user') and type = 'registration'),
  '{"Your educational aid application is approved"}',
  'the student is notified, once (issue 40: one notice per decision)');

-- Rejecting a matrimony profile.
select tests.act_as(tests.actor('admin'));
select is((public.set_matrimony_approval(pg_temp.id('profile'), 'rejected')).approval_status, 'rejected', 'an admin rejects a matrimony profile');
select tests.act_as_superuser();
select row_eq(format($$select approved_by, approved_at is not null from public.matrimony_details where id = %L$$, pg_temp.id('profile')),
  row(tests.actor('admin'), true), 'who decided and when are recorded for a rejection too');
select is((select array_agg(title)::text from public.notifications where user_id = tests.actor('pending') and type = 'registration' and title like '%matrimony%'),
  '{"Your matrimony profile was not approved"}',
  'the applicant is notified of the rejection, once');
select is((select status from public.users where id = tests.actor('pending')), 'pending',
  'a member account is left alone by a matrimony decision (only matrimony accounts follow it)');

-- An admin's plain update of approval_status also notifies, and only that field changes.
select tests.act_as(tests.actor('admin'));
update public.matrimony_details set approval_status = 'approved' where id = pg_temp.id('profile');
select tests.act_as_superuser();
select is((select count(*)::int from public.notifications where user_id = tests.actor('pending') and title = 'Your matrimony profile is approved'), 1,
  'an approval by plain update notifies too, once');

-- Reveals and their audit.
update public.student_details set pan_no = 'ABCPB1234K', aadhar_no = '1234 5678 9012' where id = pg_temp.id('student');
-- Admins reveal from a session that used their second factor (staff_second_factor.sql).
select tests.act_as_aal2(tests.actor('admin'));
select row_eq(format($$select * from public.reveal_identity_numbers('student_details', %L)$$, pg_temp.id('student')),
  row('ABCPB1234K'::text, '123456789012'::text), 'an admin reveals the full numbers');
select results_eq(format($$select reader_id, reader_name is not null from public.get_identity_reads('student_details', %L)$$, pg_temp.id('student')),
  format($$values (%L::uuid, true)$$, tests.actor('admin')), 'the reveal is in the record''s audit, naming the admin');
select is((select count(*)::int from public.get_identity_reads('student_details', gen_random_uuid())), 0,
  'another record has no reveals');
select tests.act_as(tests.actor('content_manager'));
select throws_ok(format($$select * from public.get_identity_reads('student_details', %L)$$, pg_temp.id('student')),
  '42501', null, 'a content manager may not read the audit');
select tests.act_as(pg_temp.id('student_user'));
select throws_ok(format($$select * from public.get_identity_reads('student_details', %L)$$, pg_temp.id('student')),
  '42501', null, 'nor may the student');
select tests.act_as_superuser();

select * from finish();
rollback;
