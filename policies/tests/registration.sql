-- Issue 16: the three registrations (register_student, register_matrimony, register_member),
-- the form rules on the detail tables, and what locks after approval.
begin;
select plan(64);
select tests.seed();

-- A newcomer: an auth account just signed up, with no users record yet.
create function tests.new_account(label text) returns uuid
language plpgsql as $$
declare
  new_id uuid := gen_random_uuid();
begin
  insert into auth.users (id, email, email_confirmed_at) values (new_id, label || '-' || left(new_id::text, 8) || '@example.org', now());
  return new_id;
end
$$;
create table tests.newcomers (label text primary key, user_id uuid);
grant select on tests.newcomers to authenticated;
insert into tests.newcomers values
  ('student', tests.new_account('student')), ('matrimony', tests.new_account('matrimony')),
  ('member', tests.new_account('member')), ('upgrader', tests.new_account('upgrader')),
  ('failing', tests.new_account('failing')), ('groom', tests.new_account('groom'));
create function tests.newcomer(label text) returns uuid language sql stable as
  $$ select user_id from tests.newcomers n where n.label = newcomer.label $$;

create function tests.student_form(extra jsonb default '{}') returns jsonb language sql immutable as $$
  select jsonb_build_object('first_name', ' Shreya ', 'surname', 'Bhat', 'email', 'shreya@example.org',
    'mobile_number', '+91 98200 66666', 'date_of_birth', '14/08/2006', 'gender', 'female', 'current_pincode', '400019',
    'family_income', '450000', 'self_contribution', '', 'pan_no', 'abcpb1234k', 'aadhar_no', '1234 5678 9012',
    'why_donation', 'Fees for the first year.') || extra
$$;
create function tests.matrimony_form(extra jsonb default '{}') returns jsonb language sql immutable as $$
  select jsonb_build_object('first_name', 'Kiran', 'surname', 'Hegde', 'gender', 'male', 'date_of_birth', '21-06-1994',
    'mobile_no', '9820012345', 'smoking', 'no', 'vegetarian_brahmin', 'yes', 'monthly_income', '', 'preferred_age_from', '24',
    'preferred_age_to', '30', 'height', '175 cm', 'declaration_date', '2026-01-15') || extra
$$;
create function tests.member_form(extra jsonb default '{}') returns jsonb language sql immutable as $$
  select jsonb_build_object('first_name', 'Girish', 'surname', 'Rao', 'mobile_number', '+91 98200 12121', 'member_type', 'life',
    'city', 'Mumbai', 'pincode', '400019', 'sandesha_delivery_method', 'email', 'date_of_birth', '1980-01-01') || extra
$$;

-- Who may call.
select tests.act_as_anon();
select throws_ok($$select public.register_student(tests.student_form())$$, '42501', null,
  'a visitor (no account) cannot register');
select tests.act_as_superuser();

-- A student registers: users record (student, pending) and the application, at once.
select tests.act_as(tests.newcomer('student'));
select lives_ok($$select public.register_student(tests.student_form())$$, 'a newcomer registers as a student');
select results_eq($$select type, status, approval_status, full_name, first_name from public.users where id = auth.uid()$$,
  $$values ('student'::text, 'pending'::text, 'pending'::text, 'Shreya Bhat'::text, 'Shreya'::text)$$,
  'the account gets its users record: a pending student named from the form');
select results_eq($$select first_name, approval_status, date_of_birth, family_income, self_contribution, age from public.student_details$$,
  $$values ('Shreya'::text, 'pending'::text, date '2006-08-14', 450000::numeric(14, 2), null::numeric(14, 2),
            extract(year from age(current_date, date '2006-08-14'))::int)$$,
  'the application: trimmed, DD/MM/YYYY converted, empty numbers null, age from the date of birth');
select results_eq($$select pan_no, aadhar_no from public.student_details$$,
  $$values ('XXXXXX234K'::text, 'XXXX XXXX 9012'::text)$$, 'the student sees their identity numbers masked');
select tests.act_as_superuser();
select results_eq($$select pan, aadhar from app.identity_numbers where record_table = 'student_details'
                    and record_id = (select id from public.student_details where user_id = tests.newcomer('student'))$$,
  $$values ('ABCPB1234K'::text, '123456789012'::text)$$, 'the full numbers are in the vault only');
select ok(exists (select from public.notifications n where n.user_id = tests.actor('admin') and n.type = 'registration'
                  and n.title = 'New student registration'),
  'admins are told of the new application');

-- A retried submit (the answer was lost) creates nothing more and returns the first record.
select tests.act_as(tests.newcomer('student'));
select is((select (public.register_student(tests.student_form())).id),
          (select id from public.student_details where user_id = auth.uid()), 'a retried submit returns the same application');
select tests.act_as_superuser();
select is((select count(*)::int from public.student_details where user_id = tests.newcomer('student')), 1,
  'and there is still one application');
select is((select count(*)::int from public.users where id = tests.newcomer('student')), 1, 'and one users record');
select is((select count(*)::int from public.notifications where type = 'registration' and user_id = tests.actor('admin')
            and data ->> 'user_id' = tests.newcomer('student')::text), 1, 'and admins were told once');

-- A refused field leaves nothing: no users record without its application.
select tests.act_as(tests.newcomer('failing'));
select throws_ok($$select public.register_student(tests.student_form('{"first_name": "  "}'))$$, 'P0001',
  'First name is required', 'first name is required');
select throws_ok($$select public.register_student(tests.student_form('{"surname": ""}'))$$, 'P0001',
  'Surname is required', 'surname is required');
select throws_ok($$select public.register_student(tests.student_form('{"email": "shreya@"}'))$$, 'P0001',
  'Invalid email address', 'the student''s e-mail must be valid');
select throws_ok($$select public.register_student(tests.student_form('{"mobile_number": ""}'))$$, 'P0001',
  'Mobile number is required', 'the mobile number is required');
select throws_ok($$select public.register_student(tests.student_form('{"mobile_number": "12345"}'))$$, 'P0001',
  'Mobile number must be at least 7 digits', 'a mobile number has at least 7 digits');
select throws_ok($$select public.register_student(tests.student_form('{"mobile_number": "+91 98200 66666 12345 67890"}'))$$, 'P0001',
  'Mobile number is too long (maximum 20 digits)', 'and at most 20');
select throws_ok($$select public.register_student(tests.student_form('{"father_mobile": "98200#66666"}'))$$, 'P0001',
  'Please enter a valid mobile number (supports international formats)', 'the father''s mobile follows the same rule');
select throws_ok($$select public.register_student(tests.student_form('{"current_pincode": "4000"}'))$$, 'P0001',
  'Current pincode format is invalid', 'pincodes have 6 digits');
select throws_ok($$select public.register_student(tests.student_form('{"pan_no": "ABC123"}'))$$, 'P0001',
  'PAN format is invalid', 'a PAN is 5 letters, 4 digits, 1 letter');
select throws_ok($$select public.register_student(tests.student_form('{"aadhar_no": "1234 5678"}'))$$, 'P0001',
  'Aadhaar format is invalid', 'an Aadhaar number has 12 digits');
select throws_ok($$select public.register_student(tests.student_form('{"date_of_birth": "31/02/2006"}'))$$, 'P0001',
  'Date of birth: 31/02/2006 is not a date that exists',
  'a date that does not exist is refused, in the words the person typed (issue 40)');
select throws_ok($$select public.register_student(tests.student_form('{"family_income": "a lot"}'))$$, 'P0001',
  'Family income must be a number', 'numbers are numbers');
select throws_ok($$select public.register_student(tests.student_form('{"approval_status": "approved"}'))$$, 'P0001',
  'Validation error - please check your input', 'an applicant cannot send their own approval');
select throws_ok($$select public.register_student(tests.student_form('{"user_id": "00000000-0000-0000-0000-000000000001"}'))$$,
  'P0001', 'Validation error - please check your input', 'nor register someone else');
select throws_ok(format($$select public.register_student(tests.student_form('{"documents": ["%s/marks.pdf"]}'))$$, tests.actor('stranger')),
  'P0001', 'Access denied - insufficient permissions', 'documents are the applicant''s own files');
select throws_ok(format($$select public.register_student(tests.student_form(jsonb_build_object('documents',
                   (select jsonb_agg('%s/' || g || '.pdf') from generate_series(1, 5000) g))))$$, tests.newcomer('failing')),
  'P0001', 'At most 10 documents can be attached', 'five thousand documents are refused');
select tests.act_as_superuser();
select is((select count(*)::int from public.users where id = tests.newcomer('failing')), 0,
  'after every refusal the account still has no users record');

-- A signed-in account with its users record but no application gets the form without the account part.
insert into public.users (id, email, type, status) select id, email, 'student', 'pending' from auth.users where id = tests.newcomer('failing');
select tests.act_as(tests.newcomer('failing'));
select lives_ok(format($$select public.register_student(tests.student_form('{"documents": ["%s/marks.pdf"]}'))$$, tests.newcomer('failing')),
  'an account with a users record and no application registers');
select is((select documents from public.student_details where user_id = auth.uid()), array[tests.newcomer('failing') || '/marks.pdf'],
  'with its documents');
-- One account, one audience.
select throws_ok($$select public.register_matrimony(tests.matrimony_form())$$, 'P0001', null,
  'a student account cannot register a matrimony profile');
select tests.act_as(tests.actor('user'));
select throws_ok($$select public.register_student(tests.student_form())$$, 'P0001',
  'This account is registered as a member account. Please sign out and use another email address for a student registration.',
  'nor a member a student application');
select tests.act_as(tests.actor('admin'));
select throws_ok($$select public.register_member(tests.member_form())$$, 'P0001', null, 'an admin account is not registered as a member');
select tests.act_as_superuser();

-- The same rules for a request that skips the function (a plain REST write).
select tests.act_as(tests.newcomer('failing'));
select throws_ok($$update public.student_details set mobile_number = '123' where user_id = auth.uid()$$, 'P0001',
  'Mobile number must be at least 7 digits', 'a direct update meets the same rule');
select throws_ok(format($$update public.student_details set documents = array['%s/x.pdf'] where user_id = auth.uid()$$, tests.actor('stranger')),
  'P0001', 'Access denied - insufficient permissions', 'and cannot point at another''s file');
select tests.changes_rows($$update public.student_details set progress_reports = array['Term 1: 88%'] where user_id = auth.uid()$$, 1,
  'a student adds a progress report');
select throws_ok($$update public.student_details set progress_reports = array['Term 1: 98%'] where user_id = auth.uid()$$, 'P0001',
  'Past progress reports cannot be changed', 'but does not rewrite a past one');
select tests.act_as_superuser();

-- After approval the application is the committee's; contact details stay the student's.
update public.student_details set approval_status = 'approved' where user_id = tests.newcomer('student');
select tests.act_as(tests.newcomer('student'));
select throws_ok($$update public.student_details set donation_seeking = 900000 where user_id = auth.uid()$$, '42501',
  'Your application has been decided: only contact details, documents and progress reports can change',
  'an approved student does not change the aid sought');
select tests.changes_rows($$update public.student_details set mobile_number = '+91 98200 00001', progress_reports = progress_reports || 'Semester 1: passed'::text
                  where user_id = auth.uid()$$, 1, 'but updates their mobile number and adds a report');
select throws_ok($$update public.student_details set approval_status = 'pending' where user_id = auth.uid()$$, '42501', null,
  'and never their approval');
select tests.act_as_superuser();

-- Matrimony: the §5 form rules.
select tests.act_as(tests.newcomer('matrimony'));
select throws_ok($$select public.register_matrimony(tests.matrimony_form('{"date_of_birth": "1994/06/21"}'))$$, 'P0001',
  'Date of birth must be in YYYY-MM-DD format', 'the date of birth format');
select throws_ok($$select public.register_matrimony(tests.matrimony_form('{"declaration_date": "15.01.2026"}'))$$, 'P0001',
  'Date must be in YYYY-MM-DD format', 'the declaration date format');
select throws_ok($$select public.register_matrimony(tests.matrimony_form('{"mobile_no": "98200 123"}'))$$, 'P0001',
  'Mobile number is required', 'a mobile number of fewer than 10 characters');
select throws_ok($$select public.register_matrimony(tests.matrimony_form('{"gender": "other"}'))$$, 'P0001',
  'Gender must be male or female', 'gender is male or female');
select throws_ok($$select public.register_matrimony(tests.matrimony_form('{"email": "kiran"}'))$$, 'P0001',
  'Please enter a valid email address', 'the e-mail must be valid');
select throws_ok(format($$select public.register_matrimony(tests.matrimony_form('{"date_of_birth": "%s"}'))$$, current_date - 365 * 17),
  'P0001', 'Age must be between 18 and 100', 'an applicant is an adult');
select throws_ok($$select public.register_matrimony(tests.matrimony_form('{"smoking": "sometimes"}'))$$, 'P0001',
  'Smoking must be yes or no', 'yes/no flags are yes or no');
select throws_ok(format($$select public.register_matrimony(tests.matrimony_form('{"photo_url": "/storage/v1/object/matrimony-photos/%s/p.jpg"}'))$$,
                        tests.actor('stranger')), 'P0001', 'Access denied - insufficient permissions', 'the photo is the applicant''s own');
select lives_ok(format($$select public.register_matrimony(tests.matrimony_form('{"photo_url": "/storage/v1/object/matrimony-photos/%s/photo.jpg"}'))$$,
                        tests.newcomer('matrimony')), 'a newcomer registers a matrimony profile with a photo');
select results_eq($$select date_of_birth, smoking, vegetarian_brahmin, monthly_income, preferred_age_from, approval_status, profile_views_count
                    from public.matrimony_details where user_id = auth.uid()$$,
  $$values (date '1994-06-21', false, true, null::numeric(14, 2), 24, 'pending'::text, 0)$$,
  'DD-MM-YYYY converted, yes/no as booleans, empty numbers null, pending, no views');
select is((select count(*)::int from public.matrimony_details where approval_status = 'approved' and user_id <> auth.uid()), 0,
  'a pending profile browses nobody');
select tests.act_as_superuser();

-- Approved, the profile is the owner's to edit but not who they are.
update public.matrimony_details set approval_status = 'approved' where user_id = tests.newcomer('matrimony');
update public.users set status = 'approved' where id = tests.newcomer('matrimony');
select tests.act_as(tests.newcomer('matrimony'));
select tests.changes_rows($$update public.matrimony_details set hobby = 'Trekking' where user_id = auth.uid()$$, 1, 'an approved profile edits its hobbies');
select throws_ok($$update public.matrimony_details set date_of_birth = date '1999-01-01' where user_id = auth.uid()$$, '42501',
  'Name, gender and date of birth of an approved profile are changed by the trust', 'but not its date of birth');
update public.matrimony_details set profile_views_count = 1000 where user_id = auth.uid();
select is((select profile_views_count from public.matrimony_details where user_id = auth.uid()), 0,
  'nor bumps its own view counter');
select tests.act_as_superuser();

-- Membership: the form (members), the register entry (Check, pending, HWT-) and the visibility.
select tests.act_as(tests.newcomer('member'));
select throws_ok($$select public.register_member(tests.member_form('{"member_type": ""}'))$$, 'P0001', 'Member type is required',
  'a member type is required');
select throws_ok($$select public.register_member(tests.member_form('{"is_upgradation": true}'))$$, 'P0001',
  'Existing membership number is required', 'an upgradation names the existing number');
select lives_ok($$select public.register_member(tests.member_form())$$, 'a newcomer applies for membership');
select results_eq($$select status, approval_status, unique_id ~ '^HWT-[0-9]{5}$', membership_no like 'NEW-%', sandesha_delivery_method
                    from public.member_directory where user_id = auth.uid()$$,
  $$values ('Check'::text, 'pending'::text, true, true, 'email'::text)$$, 'the register entry is a new application with an HWT- number');
select tests.act_as_superuser();
select results_eq($$select u.type, u.status, m.first_name, m.approval_status, v.show_in_directory, v.show_contact_details
                    from public.users u join public.members m on m.user_id = u.id
                    join public.member_directory d on d.user_id = u.id join public.member_directory_visibility v on v.member_id = d.id
                   where u.id = tests.newcomer('member')$$,
  $$values ('member'::text, 'pending'::text, 'Girish'::text, 'pending'::text, true, false)$$,
  'with a pending member account, the membership form and a visibility choice (listed, contact hidden)');
create temp table seq_before as select last_value from app.member_unique_id_seq;
select tests.act_as(tests.newcomer('member'));
select is((select (public.register_member(tests.member_form())).unique_id),
          (select unique_id from public.member_directory where user_id = auth.uid()), 'a retried application returns the same entry');
select throws_ok(format($$insert into public.member_directory (unique_id, membership_no, full_name, user_id) values ('HWT-00000', 'X', 'Again', '%s')$$,
                        tests.newcomer('member')), '23505', null, 'a second entry by a direct insert is refused');
select tests.act_as_superuser();
select is((select last_value from app.member_unique_id_seq), (select last_value from seq_before),
  'and neither the retry nor the refused insert burnt an HWT- number');
select tests.act_as(tests.newcomer('upgrader'));
select lives_ok($$select public.register_member(tests.member_form('{"is_upgradation": "yes", "existing_membership_no": "LM-0042",
                  "sandesha_delivery_method": "none", "show_in_directory": false}'))$$, 'an existing member applies for an upgrade');
select results_eq($$select membership_no, sandesha_delivery_enabled from public.member_directory where user_id = auth.uid()$$,
  $$values ('LM-0042'::text, false)$$, 'the upgrade keeps the existing membership number');
select tests.act_as_superuser();

select * from finish();
rollback;
