-- Issue 40: a rejected applicant applies again (items 2), and an approved member is known by
-- their HWT- number, never the application's NEW- reference (item 8).
begin;
select plan(28);
select tests.seed();

create function tests.fresh_account(label text) returns uuid
language plpgsql as $$
declare
  new_id uuid := gen_random_uuid();
begin
  insert into auth.users (id, email, email_confirmed_at) values (new_id, label || '-' || left(new_id::text, 8) || '@example.org', now());
  return new_id;
end
$$;
create table tests.applicants (label text primary key, user_id uuid);
grant select on tests.applicants to authenticated;
insert into tests.applicants values
  ('member', tests.fresh_account('member')), ('student', tests.fresh_account('student')),
  ('matrimony', tests.fresh_account('matrimony')), ('plain', tests.fresh_account('plain'));
create function tests.applicant(label text) returns uuid language sql stable as
  $$ select user_id from tests.applicants a where a.label = applicant.label $$;

create function tests.member_application(extra jsonb default '{}') returns jsonb language sql immutable as $$
  select jsonb_build_object('first_name', 'Sumana', 'surname', 'Joshi', 'mobile_number', '+91 98200 31313', 'member_type', 'annual',
    'city', 'Thane', 'sandesha_delivery_method', 'post') || extra
$$;

-- A member applies and is rejected with remarks.
select tests.act_as(tests.applicant('member'));
select lives_ok($$select public.register_member(tests.member_application())$$, 'she applies for membership');
create temp table first_entry as select id, unique_id, membership_no from public.member_directory where user_id = tests.applicant('member');
select tests.act_as(tests.actor('admin'));
select lives_ok($$select public.reject_member((select id from first_entry), 'Please give the names of two members who know you.')$$,
  'an admin rejects the application with remarks');
select tests.act_as(tests.applicant('member'));
select results_eq($$select approval_status, remarks from public.member_directory where user_id = auth.uid()$$,
  $$values ('rejected'::text, 'Please give the names of two members who know you.'::text)$$,
  'she reads the decision and its remarks on her own register entry');

-- She applies again: the same entry (and HWT- number) waits for a decision again.
select lives_ok($$select public.register_member(tests.member_application('{"city": "Dombivli", "member_type": "life"}'))$$,
  'a rejected applicant applies again');
select results_eq($$select id, unique_id, city, member_type, status, approval_status, remarks, approved_by, approved_at
                    from public.member_directory where user_id = auth.uid()$$,
  $$select id, unique_id, 'Dombivli'::text, 'life'::text, 'Check'::text, 'pending'::text, null::text, null::uuid, null::timestamptz
      from first_entry$$,
  'the same register entry takes the new answers and is an application again, without the old decision');
select is((select approval_status from public.members where user_id = auth.uid()), 'pending',
  'her membership form is pending again');
select results_eq($$select status, approval_status from public.users where id = auth.uid()$$,
  $$values ('pending'::text, 'pending'::text)$$, 'and so is her account');
select is((select (public.register_member(tests.member_application())).city), 'Dombivli',
  'a retry of the new application returns it (no third application)');
select tests.act_as_superuser();
select is((select count(*)::int from public.notifications where user_id = tests.actor('admin') and type = 'registration'
            and data ->> 'user_id' = tests.applicant('member')::text), 2,
  'admins hear of the first application and of the second');
select is((select count(*)::int from public.member_directory where user_id = tests.applicant('member')), 1,
  'she still has one register entry');

-- A pending applicant cannot overwrite her application by "applying again".
select tests.act_as(tests.applicant('member'));
select is((select (public.register_member(tests.member_application('{"city": "Pune"}'))).city), 'Dombivli',
  'a pending application is returned as it is');

-- Approved, her number is her HWT- id (item 8).
select tests.act_as(tests.actor('admin'));
select lives_ok($$select public.approve_member((select id from first_entry))$$, 'an admin approves the second application');
select results_eq($$select membership_no = unique_id, membership_no ~ '^HWT-[0-9]{5}$' from public.member_directory where id = (select id from first_entry)$$,
  $$values (true, true)$$, 'the approved member''s membership number is her HWT- number');
select tests.act_as(tests.applicant('member'));
select is((select membership_no from public.get_member_network(null, false, 100, 0) where is_self),
  (select unique_id from first_entry), 'and the directory members read shows it');
select is((select (public.register_member(tests.member_application('{"city": "Pune"}'))).approval_status), 'approved',
  'an approved member who calls again gets her entry as it is');
select tests.act_as_superuser();
select is((select membership_no from public.member_directory where id = (select id from first_entry)),
  (select unique_id from first_entry), 'and keeps her number');

-- An upgradation keeps its own number when approved; an admin's approved entry gets the HWT- number.
select tests.act_as(tests.actor('admin'));
select lives_ok($$insert into public.member_directory (unique_id, membership_no, full_name, approval_status, status)
                  values ('HWT-00000', null, 'Ramesh Upadhya', 'approved', 'Yes')$$, 'an admin adds an approved member');
select results_eq($$select membership_no = unique_id from public.member_directory where full_name = 'Ramesh Upadhya'$$,
  $$values (true)$$, 'who is known by the HWT- number too');
select lives_ok($$insert into public.member_directory (unique_id, membership_no, full_name, approval_status, status)
                  values ('HWT-00000', 'LM-7788', 'Vani Shastri', 'approved', 'Yes')$$, 'and a member with a number of her own');
select is((select membership_no from public.member_directory where full_name = 'Vani Shastri'), 'LM-7788',
  'who keeps it');
select tests.act_as_superuser();

-- A student and a matrimony applicant apply again after a rejection.
select tests.act_as(tests.applicant('student'));
select lives_ok($$select public.register_student(jsonb_build_object('first_name', 'Anusha', 'surname', 'Kamath',
                  'email', 'anusha@example.org', 'mobile_number', '9820077777', 'why_donation', 'Fees.'))$$, 'a student applies');
select tests.act_as(tests.actor('admin'));
select lives_ok($$select public.set_student_approval((select id from public.student_details where user_id = tests.applicant('student')), 'rejected')$$,
  'and is rejected');
select tests.act_as(tests.applicant('student'));
select results_eq($$select approval_status, why_donation
                    from public.register_student(jsonb_build_object('first_name', 'Anusha', 'surname', 'Kamath',
                           'email', 'anusha@example.org', 'mobile_number', '9820077777', 'why_donation', 'Fees and books.'))$$,
  $$values ('pending'::text, 'Fees and books.'::text)$$,
  'she applies again: the same application with her new answers, pending');
select is((select status from public.users where id = auth.uid()), 'pending', 'and her account is pending again');
select is((select count(*)::int from public.student_details where user_id = auth.uid()), 1, 'one application still');
select tests.act_as_superuser();

select tests.act_as(tests.applicant('matrimony'));
select lives_ok($$select public.register_matrimony(jsonb_build_object('first_name', 'Kavya', 'surname', 'Bhat', 'gender', 'female',
                  'date_of_birth', '1996-02-02', 'mobile_no', '9820088888'))$$, 'a matrimony applicant registers');
select tests.act_as(tests.actor('admin'));
select lives_ok($$select public.set_matrimony_approval((select id from public.matrimony_details where user_id = tests.applicant('matrimony')), 'rejected')$$,
  'and is rejected');
select tests.act_as(tests.applicant('matrimony'));
select results_eq($$select (public.register_matrimony(jsonb_build_object('first_name', 'Kavya', 'surname', 'Bhat', 'gender', 'female',
                     'date_of_birth', '1996-02-02', 'mobile_no', '9820088899', 'hobby', 'Veena'))).approval_status$$,
  $$values ('pending'::text)$$, 'and applies again after a rejection');
select tests.act_as_superuser();

select * from finish();
rollback;
