-- The student registration: the stored function the form calls, and the form's rules on the
-- application for every other writer.

-- Student registration (spec §3 Student details, §5 Student form).
create or replace function public.register_student(application jsonb)
returns public.student_details
language plpgsql
security definer
set search_path = ''
as $$
declare
  allowed constant text[] := array[
    'first_name', 'surname', 'father_name', 'date_of_birth', 'age', 'gender', 'email', 'mobile_number',
    'current_address', 'permanent_address', 'current_pincode', 'permanent_pincode', 'pan_no', 'aadhar_no',
    'passport_no', 'last_qualification', 'father_occupation', 'family_income', 'father_email', 'father_mobile',
    'mother_name', 'mother_occupation', 'mother_email', 'mother_mobile', 'course_planning', 'self_contribution',
    'course_details', 'donation_seeking', 'reference1_name', 'reference1_contact', 'reference2_name',
    'reference2_contact', 'why_donation', 'hometown', 'studying_class', 'institution_name', 'academic_year',
    'total_fees', 'financial_assistance', 'documents'];
  account public.users;
  existing public.student_details;
  form jsonb;
  created public.student_details;
begin
  form := app.form_values('public.student_details'::regclass, application, allowed);
  account := app.begin_registration('student', form ->> 'first_name', form ->> 'surname', form ->> 'mobile_number');
  select * into existing from public.student_details s where s.user_id = account.id;
  if found and existing.approval_status is distinct from 'rejected' then
    return existing;
  end if;
  perform app.check_identity_numbers(form ->> 'pan_no', form ->> 'aadhar_no', 'pan_no', 'aadhar_no');
  if jsonb_typeof(form -> 'documents') is distinct from 'array' then
    form := form || jsonb_build_object('documents', '[]'::jsonb);
  end if;
  -- The app's own code passes the table's guards: the files must be the student's own here.
  if exists (select from jsonb_array_elements_text(form -> 'documents') d
              where d not like account.id::text || '/%' or d ~ '(^|/)\.\.?(/|$)' or length(d) > 1024) then
    perform app.refuse('documents', 'Access denied - insufficient permissions');
  end if;
  form := form || jsonb_build_object(
    'id', gen_random_uuid(), 'user_id', account.id, 'email', coalesce(form ->> 'email', account.email),
    'approval_status', 'pending', 'approved_by', null, 'approved_at', null, 'progress_reports', '{}'::text[],
    'created_at', now(), 'updated_at', now());
  if form ->> 'age' is null and form ->> 'date_of_birth' is not null then
    form := form || jsonb_build_object('age', app.age_on((form ->> 'date_of_birth')::date, current_date));
  end if;
  if existing.id is not null then
    -- A rejected applicant applies again (issue 40): the same record takes the new answers
    -- and waits for a decision again.
    form := form || jsonb_build_object('id', existing.id, 'progress_reports', existing.progress_reports);
    execute format('update public.student_details set (%1$s) = (select %1$s from jsonb_populate_record(null::public.student_details, $1)) where id = $2 returning *',
                   app.stored_columns('public.student_details'::regclass))
      into created using form, existing.id;
    perform app.reopen_application(account.id);
  else
    execute format('insert into public.student_details (%1$s) select %1$s from jsonb_populate_record(null::public.student_details, $1) returning *',
                   app.stored_columns('public.student_details'::regclass))
      into created using form;
  end if;
  return created;
end
$$;
comment on function public.register_student(jsonb) is
  'Registers the signed-in account as a student: its users record (pending) and its application, once; a retry returns the first, a rejected applicant applies again.';
revoke execute on function public.register_student(jsonb) from public, anon;

-- The Student form's rules on the application, for any writer but an admin or the app's own
-- code (plain REST writes included): the same answers as the registration function.
create or replace function app.validate_student_details() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  privileged boolean := app.is_admin() or app.is_trusted_code(tg_relid);
  problem text;
  doc text;
begin
  new.first_name := btrim(new.first_name);
  new.surname := btrim(new.surname);
  new.email := btrim(new.email);
  new.mobile_number := btrim(new.mobile_number);
  if coalesce(new.first_name, '') = '' then
    perform app.refuse('first_name', 'First name is required');
  end if;
  if coalesce(new.surname, '') = '' then
    perform app.refuse('surname', 'Surname is required');
  end if;
  if coalesce(new.email, '') = '' then
    perform app.refuse('email', 'Email is required');
  elsif not app.is_email(new.email) then
    perform app.refuse('email', 'Invalid email address');
  end if;
  problem := app.mobile_error(new.mobile_number);
  if problem is not null then
    perform app.refuse('mobile_number', problem);
  end if;
  if nullif(btrim(new.father_mobile), '') is not null and app.mobile_error(new.father_mobile) is not null then
    perform app.refuse('father_mobile', app.mobile_error(new.father_mobile));
  end if;
  if nullif(btrim(new.mother_mobile), '') is not null and app.mobile_error(new.mother_mobile) is not null then
    perform app.refuse('mother_mobile', app.mobile_error(new.mother_mobile));
  end if;
  if new.father_email is not null and not app.is_email(new.father_email) then
    perform app.refuse('father_email', 'Invalid email address');
  end if;
  if new.mother_email is not null and not app.is_email(new.mother_email) then
    perform app.refuse('mother_email', 'Invalid email address');
  end if;
  if new.current_pincode is not null and not app.is_pincode(new.current_pincode) then
    perform app.refuse('current_pincode', 'Current pincode format is invalid');
  end if;
  if new.permanent_pincode is not null and not app.is_pincode(new.permanent_pincode) then
    perform app.refuse('permanent_pincode', 'Permanent pincode format is invalid');
  end if;
  if new.date_of_birth > current_date then
    perform app.refuse('date_of_birth', 'Date of birth must be a past date');
  end if;
  if new.age is not null and not (new.age between 1 and 120) then
    perform app.refuse('age', 'Age must be between 1 and 120');
  end if;
  if new.family_income > 100000000 then
    perform app.refuse('family_income', 'Family income must not exceed 100,000,000');
  end if;
  if cardinality(new.documents) > 10 then
    perform app.refuse('documents', 'At most 10 documents can be attached');
  end if;
  if cardinality(new.progress_reports) > 200 then
    perform app.refuse('progress_reports', 'At most 200 progress reports can be kept');
  end if;
  if exists (select from unnest(new.progress_reports) r where length(r) > 5000 or btrim(r) = '') then
    perform app.refuse('progress_reports', 'Progress report must not exceed 5000 characters');
  end if;
  if not privileged then
    foreach doc in array new.documents loop
      if doc not like new.user_id::text || '/%' or doc ~ '(^|/)\.\.?(/|$)' or length(doc) > 1024 then
        perform app.refuse('documents', 'Access denied - insufficient permissions');
      end if;
    end loop;
    if tg_op = 'UPDATE' then
      -- Progress reports are added, never rewritten or removed by the student.
      if new.progress_reports[1:cardinality(old.progress_reports)] is distinct from old.progress_reports then
        perform app.refuse('progress_reports', 'Past progress reports cannot be changed');
      end if;
      -- Once decided, the application itself is the committee's: the student keeps their
      -- contact details, documents and progress reports up to date. (The name's search key and
      -- skeleton are generated after this trigger: NEW holds no value for them yet.)
      if old.approval_status <> 'pending'
         and (to_jsonb(new) - array['email', 'mobile_number', 'current_address', 'permanent_address', 'current_pincode',
                                    'permanent_pincode', 'father_email', 'father_mobile', 'mother_email', 'mother_mobile',
                                    'progress_reports', 'documents', 'updated_at', 'name_key', 'name_skel'])
             is distinct from
             (to_jsonb(old) - array['email', 'mobile_number', 'current_address', 'permanent_address', 'current_pincode',
                                    'permanent_pincode', 'father_email', 'father_mobile', 'mother_email', 'mother_mobile',
                                    'progress_reports', 'documents', 'updated_at', 'name_key', 'name_skel']) then
        raise exception 'Your application has been decided: only contact details, documents and progress reports can change'
          using errcode = '42501', hint = 'approval_status';
      end if;
    end if;
  end if;
  return new;
end
$$;
grant execute on function app.validate_student_details() to authenticated, service_role;

-- Triggers on public.student_details.
create or replace trigger student_details_validate before insert or update on public.student_details
  for each row execute function app.validate_student_details();
