-- Staff second factors: an admin reveals PAN and Aadhaar only from a session that used a second
-- factor (aal2), decided in SQL; the audit names the level; the policy's list of types decides
-- who must use one; nobody else can read or change the policy.
begin;
select plan(14);
select tests.seed();

create temporary table t57 (name text primary key, value uuid);
grant all on t57 to authenticated, anon;
create function pg_temp.id(name text) returns uuid language sql as $$ select value from t57 where t57.name = id.name $$;
insert into t57 values ('student_user', tests.create_user('student', 'pending', 'second-factor'));
insert into public.student_details (user_id, first_name, surname, email, mobile_number)
values (pg_temp.id('student_user'), 'Second', 'Factor', 'second-factor@example.org', '+91 98200 54321');
insert into t57 select 'student', id from public.student_details where user_id = pg_temp.id('student_user');
update public.student_details set pan_no = 'ABCPB1234K', aadhar_no = '1234 5678 9012' where id = pg_temp.id('student');

-- At aal1 an admin is refused, and nothing is audited.
select tests.act_as(tests.actor('admin'));
select throws_ok(format($$select * from public.reveal_identity_numbers('student_details', %L)$$, pg_temp.id('student')),
  '42501', 'Second factor required', 'an admin signed in with a password alone may not reveal');
select tests.act_as(tests.actor('super_admin'));
select throws_ok(format($$select * from public.reveal_identity_numbers('student_details', %L)$$, pg_temp.id('student')),
  '42501', 'Second factor required', 'nor may a super admin');
select tests.act_as_superuser();
select is((select count(*)::int from app.identity_reads where record_id = pg_temp.id('student')), 0,
  'a refused reveal leaves no audit row');

-- At aal2 the admin reveals, and the audit says so.
select tests.act_as_aal2(tests.actor('admin'));
select row_eq(format($$select * from public.reveal_identity_numbers('student_details', %L)$$, pg_temp.id('student')),
  row('ABCPB1234K'::text, '123456789012'::text), 'an admin at aal2 reveals the full numbers');
select tests.act_as_superuser();
select results_eq(format($$select reader_id, aal from app.identity_reads where record_id = %L$$, pg_temp.id('student')),
  format($$values (%L::uuid, 'aal2'::text)$$, tests.actor('admin')), 'the audit row names the reader and the level');

-- aal2 does not make anyone else an admin.
select tests.act_as_aal2(tests.actor('content_manager'));
select throws_ok(format($$select * from public.reveal_identity_numbers('student_details', %L)$$, pg_temp.id('student')),
  '42501', 'Access denied - insufficient permissions', 'a content manager at aal2 still may not reveal');

-- Who must use a second factor.
select tests.act_as(tests.actor('admin'));
select is(public.second_factor_required(), true, 'an admin must use a second factor');
select tests.act_as(tests.actor('content_manager'));
select is(public.second_factor_required(), false, 'a content manager need not (by default)');
select tests.act_as_anon();
select throws_ok($$select public.second_factor_required()$$, '42501', null, 'visitors cannot ask');

-- The policy is nobody's to read or change through the API.
select tests.act_as_aal2(tests.actor('super_admin'));
select throws_ok($$select * from app.security_policy$$, '42501', null, 'a super admin cannot read the policy table');
select throws_ok($$update app.security_policy set second_factor_types = '{}'$$, '42501', null, 'nor change it');
select tests.act_as_service();
select throws_ok($$update app.security_policy set second_factor_types = '{}'$$, '42501', null, 'nor can the service role');

-- A deployment that empties the list lets admins reveal at aal1 (the audit says aal1).
select tests.act_as_superuser();
update app.security_policy set second_factor_types = '{}';
select tests.act_as(tests.actor('admin'));
select row_eq(format($$select * from public.reveal_identity_numbers('student_details', %L)$$, pg_temp.id('student')),
  row('ABCPB1234K'::text, '123456789012'::text), 'with an empty list an admin reveals at aal1');
select tests.act_as_superuser();
select is((select aal from app.identity_reads where record_id = pg_temp.id('student') order by id desc limit 1), 'aal1',
  'and the audit records aal1');

select * from finish();
rollback;
