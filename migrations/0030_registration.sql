-- Registration (issue 16): one stored function per audience, called right after sign-up (or
-- by a signed-in user who has no detail record yet), creates the account's public.users record
-- (through create_user_record, pending) and its detail record in one transaction:
--
--   public.register_student(application jsonb)    -> student_details
--   public.register_matrimony(application jsonb)  -> matrimony_details
--   public.register_member(application jsonb)     -> member_directory (with its members form)
--
-- Each is idempotent: a retried submit (the answer was lost on the way back) returns the
-- record made the first time and creates nothing; concurrent submits of one account are
-- serialised by an advisory lock. A refused field raises P0001 (HTTP 400) with the spec's
-- message (§5) and the column in the hint, and nothing of the call is kept.
--
-- The form rules are also checked by a trigger on each detail table, so a request that skips
-- the browser and the function (a plain REST insert or update) gets the same answer.

-- Supporting documents of a student (object names in the private documents bucket, each in
-- the student's own folder) and a matrimony profile's optional biodata PDF.
alter table public.student_details add column documents text[] not null default '{}';
comment on column public.student_details.documents is 'Object names in the documents bucket ({user id}/…), at most 10.';
alter table public.matrimony_details add column biodata_url text check (biodata_url is null or app.is_url(biodata_url));
comment on column public.matrimony_details.biodata_url is 'Optional biodata PDF: /storage/v1/object/matrimony-pdfs/{user id}/….';

-- One register entry per account: a retried application never makes a second HWT- number.
create unique index member_directory_one_per_account on public.member_directory (user_id) where user_id is not null;

-- A refusal the form shows under its field: the spec's message, the column in the hint.
create function app.refuse(field text, message text) returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = 'P0001', message = message, hint = coalesce(field, '');
end
$$;

-- Spec §5 mobile numbers: required, 7-20 digits after stripping, international format.
create function app.mobile_error(value text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select case
    when nullif(btrim(value), '') is null then 'Mobile number is required'
    when length(regexp_replace(value, '[^0-9]', '', 'g')) < 7 then 'Mobile number must be at least 7 digits'
    when length(regexp_replace(value, '[^0-9]', '', 'g')) > 20 then 'Mobile number is too long (maximum 20 digits)'
    when btrim(value) !~ '^\+?[0-9 ()-]+$' then 'Please enter a valid mobile number (supports international formats)'
  end
$$;

-- Whole years between a date of birth and today.
create function app.age_on(born date, today date) returns int
language sql immutable parallel safe
set search_path = ''
as $$ select extract(year from age(today, born))::int $$;

grant execute on function app.refuse(text, text), app.mobile_error(text), app.age_on(date, date)
  to anon, authenticated, service_role;

-- A form date: YYYY-MM-DD, or DD/MM/YYYY and DD-MM-YYYY (converted, spec §5); a real date.
create function app.form_date(value text, message text, field text) returns date
language plpgsql immutable
set search_path = ''
as $$
declare
  parts text[];
  result date;
begin
  value := nullif(btrim(value), '');
  if value is null then
    return null;
  end if;
  parts := regexp_match(value, '^([0-9]{4})-([0-9]{2})-([0-9]{2})$');
  if parts is null then
    parts := regexp_match(value, '^([0-9]{1,2})[/-]([0-9]{1,2})[/-]([0-9]{4})$');
    if parts is not null then
      parts := array[parts[3], parts[2], parts[1]];
    end if;
  end if;
  if parts is null then
    perform app.refuse(field, message);
  end if;
  begin
    result := make_date(parts[1]::int, parts[2]::int, parts[3]::int);
  exception when others then
    perform app.refuse(field, message);
  end;
  return result;
end
$$;

-- How a column is named in messages: date_of_birth -> Date of birth.
create function app.field_label(field text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select case field
    when 'declaration_date' then 'Date'
    when 'pan_no' then 'PAN'
    when 'aadhar_no' then 'Aadhar'
    when 'pan_number' then 'PAN'
    when 'aadhar_number' then 'Aadhar'
    else upper(left(replace(field, '_', ' '), 1)) || substr(replace(field, '_', ' '), 2)
  end
$$;

-- The submitted form as a row of `target`: only the listed columns (anything else is
-- refused), text trimmed with empty strings as null, numbers from strings (empty = null),
-- yes/no as booleans, dates converted. Returns the cleaned object for jsonb_populate_record.
create function app.form_values(target regclass, application jsonb, allowed text[]) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  key text;
  raw jsonb;
  column_type text;
  txt text;
  result jsonb := '{}';
begin
  if application is null or jsonb_typeof(application) <> 'object' then
    perform app.refuse(null, 'Validation error - please check your input');
  end if;
  for key, raw in select * from jsonb_each(application) loop
    if not (key = any (allowed)) then
      perform app.refuse(key, 'Validation error - please check your input');
    end if;
    column_type := null;
    select format_type(a.atttypid, a.atttypmod) into column_type
      from pg_catalog.pg_attribute a where a.attrelid = target and a.attname = key and not a.attisdropped;
    if raw is null or jsonb_typeof(raw) = 'null' then
      result := result || jsonb_build_object(key, null);
      continue;
    end if;
    if column_type = 'text[]' then
      if jsonb_typeof(raw) <> 'array' or exists (select from jsonb_array_elements(raw) e where jsonb_typeof(e) <> 'string') then
        perform app.refuse(key, app.field_label(key) || ' format is invalid');
      end if;
      result := result || jsonb_build_object(key, raw);
      continue;
    end if;
    if jsonb_typeof(raw) in ('object', 'array') then
      perform app.refuse(key, app.field_label(key) || ' format is invalid');
    end if;
    txt := nullif(btrim(raw #>> '{}'), '');
    if txt is null then
      result := result || jsonb_build_object(key, null);
    elsif column_type = 'boolean' then
      result := result || jsonb_build_object(key, case lower(txt)
        when 'yes' then true when 'true' then true when 'y' then true
        when 'no' then false when 'false' then false when 'n' then false
        else null end);
      if result -> key = 'null'::jsonb then
        perform app.refuse(key, app.field_label(key) || ' must be yes or no');
      end if;
    elsif column_type like 'numeric%' or column_type in ('integer', 'bigint', 'smallint') then
      txt := replace(txt, ',', '');
      if txt !~ '^[0-9]+(\.[0-9]+)?$' or length(txt) > 15 then
        perform app.refuse(key, app.field_label(key) || ' must be a number');
      end if;
      if column_type in ('integer', 'bigint', 'smallint') and txt !~ '^[0-9]+$' then
        perform app.refuse(key, app.field_label(key) || ' must be a whole number');
      end if;
      result := result || jsonb_build_object(key, txt::numeric);
    elsif column_type = 'date' then
      result := result || jsonb_build_object(key, app.form_date(txt,
        app.field_label(key) || ' must be in YYYY-MM-DD format', key));
    else
      result := result || jsonb_build_object(key, txt);
    end if;
  end loop;
  return result;
end
$$;

-- The text of a form field, trimmed, empty as null.
create function app.form_text(application jsonb, key text) returns text
language sql immutable parallel safe
set search_path = ''
as $$ select nullif(btrim(application ->> key), '') $$;

-- A table's columns that an insert writes (not generated ones), quoted, comma-separated.
create function app.stored_columns(target regclass) returns text
language sql stable
set search_path = ''
as $$
  select string_agg(quote_ident(a.attname), ', ' order by a.attnum)
    from pg_catalog.pg_attribute a
   where a.attrelid = target and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
$$;
revoke execute on function app.stored_columns(regclass) from public;

-- PAN and Aadhaar are checked here with the spec's messages before the vault trigger (0012)
-- takes them; the values stay as typed (the trigger normalises and masks them).
create function app.check_identity_numbers(pan text, aadhar text, pan_field text, aadhar_field text) returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if nullif(btrim(pan), '') is not null and upper(btrim(pan)) !~ '^[A-Z]{5}[0-9]{4}[A-Z]$' then
    perform app.refuse(pan_field, 'PAN format is invalid');
  end if;
  if nullif(btrim(aadhar), '') is not null and regexp_replace(aadhar, '\s', '', 'g') !~ '^[0-9]{12}$' then
    perform app.refuse(aadhar_field, 'Aadhar format is invalid');
  end if;
end
$$;

revoke execute on function app.form_date(text, text, text), app.field_label(text), app.form_values(regclass, jsonb, text[]),
  app.form_text(jsonb, text), app.check_identity_numbers(text, text, text, text) from public;
grant execute on function app.form_date(text, text, text), app.field_label(text), app.form_values(regclass, jsonb, text[]),
  app.form_text(jsonb, text), app.check_identity_numbers(text, text, text, text) to authenticated, service_role;

-- The first part of every registration: the caller's account, locked against a concurrent
-- submit, and its users record, made (pending) when missing. An account already registered
-- for another audience is refused: one account, one audience (its type decides its pages).
create function app.begin_registration(kind text, given_first_name text, given_surname text, given_phone text)
returns public.users
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  account_email text;
  account public.users;
  label text := case kind when 'member' then 'membership' else kind end;
begin
  if caller is null then
    raise exception 'Authentication required' using errcode = 'PT401';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('registration ' || caller::text, 0));
  select a.email into account_email from auth.users a where a.id = caller;
  if account_email is null then
    raise exception 'User not authenticated' using errcode = 'PT401';
  end if;
  select * into account from public.users u where u.id = caller;
  if not found then
    perform public.create_user_record(caller, account_email, kind, 'pending',
                                      btrim(concat_ws(' ', given_first_name, given_surname)));
    update public.users u
       set first_name = left(given_first_name, 100),
           surname = left(given_surname, 100),
           phone = case when app.is_phone(given_phone) then given_phone end
     where u.id = caller
    returning * into account;
  elsif account.type <> kind then
    perform app.refuse('email', format(
      'This account is registered as a %s account. Please sign out and use another email address for a %s registration.',
      replace(account.type, '_', ' '), label));
  end if;
  return account;
end
$$;
revoke execute on function app.begin_registration(text, text, text, text) from public;

-- Student registration (spec §3 Student details, §5 Student form).
create function public.register_student(application jsonb)
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
  if found then
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
  execute format('insert into public.student_details (%1$s) select %1$s from jsonb_populate_record(null::public.student_details, $1) returning *',
                 app.stored_columns('public.student_details'::regclass))
    into created using form;
  return created;
end
$$;

-- Matrimony registration (spec §3 both sides, §5 Matrimony form).
create function public.register_matrimony(application jsonb)
returns public.matrimony_details
language plpgsql
security definer
set search_path = ''
as $$
declare
  allowed constant text[] := array[
    'first_name', 'surname', 'gender', 'date_of_birth', 'height', 'weight', 'qualification', 'occupation',
    'organization', 'designation', 'place', 'monthly_income', 'blood_group', 'marital_status', 'smoking',
    'horoscope_matching', 'sagotra_alliance', 'vegetarian_brahmin', 'handicaps', 'handicap_details',
    'achievements', 'hobby', 'native_place', 'preferred_age_from', 'preferred_age_to', 'preferred_occupation',
    'preferred_height', 'preferred_weight', 'preferred_qualification', 'preferred_income_above',
    'preferred_complexion', 'other_expectations', 'preferred_work_location', 'preferred_stay_location',
    'father_name', 'mother_name', 'parent_organization', 'parent_designation', 'reference1_name',
    'reference1_contact', 'reference2_name', 'reference2_contact', 'email', 'tel_no', 'mobile_no',
    'contact_person', 'contact_no', 'address', 'signature', 'declaration_date', 'place_field', 'amount',
    'photo_url', 'biodata_url', 'member_of_trust', 'membership_no', 'relation', 'havyaka_brahmin',
    'gotra_nakshatra', 'wears_spectacles', 'registration_place'];
  account public.users;
  existing public.matrimony_details;
  form jsonb;
  created public.matrimony_details;
begin
  form := app.form_values('public.matrimony_details'::regclass, application, allowed);
  account := app.begin_registration('matrimony', form ->> 'first_name', form ->> 'surname', form ->> 'mobile_no');
  select * into existing from public.matrimony_details m where m.user_id = account.id;
  if found then
    return existing;
  end if;
  if not app.is_own_file(form ->> 'photo_url', 'matrimony-photos', account.id) then
    perform app.refuse('photo_url', 'Access denied - insufficient permissions');
  end if;
  if not app.is_own_file(form ->> 'biodata_url', 'matrimony-pdfs', account.id) then
    perform app.refuse('biodata_url', 'Access denied - insufficient permissions');
  end if;
  form := form || jsonb_build_object(
    'id', gen_random_uuid(), 'user_id', account.id, 'email', coalesce(form ->> 'email', account.email),
    'member_of_trust', coalesce((form ->> 'member_of_trust')::boolean, false),
    'registration_date', current_date, 'approval_status', 'pending', 'approved_by', null, 'approved_at', null,
    'profile_views_count', 0, 'last_active', now(), 'created_at', now(), 'updated_at', now());
  execute format('insert into public.matrimony_details (%1$s) select %1$s from jsonb_populate_record(null::public.matrimony_details, $1) returning *',
                 app.stored_columns('public.matrimony_details'::regclass))
    into created using form;
  return created;
end
$$;

-- Membership registration (form rules "not shown": README, Registration). The application
-- is the member's form (members) and their register entry (member_directory: status Check,
-- approval pending, the next HWT- number; an upgradation keeps the existing membership number,
-- spec §7), and their directory visibility (listed, contact details hidden until they choose).
create function public.register_member(application jsonb)
returns public.member_directory
language plpgsql
security definer
set search_path = ''
as $$
declare
  allowed constant text[] := array[
    'first_name', 'surname', 'father_name', 'date_of_birth', 'gender', 'email', 'mobile_number', 'member_type',
    'gotra', 'nakshatra_rashi', 'mother_tongue', 'profession', 'education', 'address_line1', 'address_line2',
    'city', 'state', 'pincode', 'native_place', 'sandesha_delivery_method', 'is_upgradation',
    'existing_membership_no', 'pan_number', 'aadhar_number', 'show_in_directory'];
  form jsonb;
  account public.users;
  existing public.member_directory;
  created public.member_directory;
  delivery text;
  upgrading boolean;
  born date;
begin
  -- Validate against the directory's columns; the form-only keys are typed by hand.
  form := app.form_values('public.member_directory'::regclass, application - 'first_name' - 'surname' - 'father_name'
      - 'gender' - 'nakshatra_rashi' - 'mother_tongue' - 'education' - 'is_upgradation' - 'existing_membership_no'
      - 'pan_number' - 'aadhar_number' - 'show_in_directory',
    allowed)
    || app.form_values('public.members'::regclass, jsonb_strip_nulls(jsonb_build_object(
      'first_name', application -> 'first_name', 'surname', application -> 'surname',
      'father_name', application -> 'father_name', 'gender', application -> 'gender',
      'nakshatra_rashi', application -> 'nakshatra_rashi', 'mother_tongue', application -> 'mother_tongue',
      'education', application -> 'education', 'is_upgradation', application -> 'is_upgradation',
      'existing_membership_no', application -> 'existing_membership_no')), allowed)
    || jsonb_build_object('pan_number', application ->> 'pan_number', 'aadhar_number', application ->> 'aadhar_number',
                          'show_in_directory', coalesce(application -> 'show_in_directory', 'true'::jsonb));
  account := app.begin_registration('member', form ->> 'first_name', form ->> 'surname', form ->> 'mobile_number');
  select * into existing from public.member_directory d where d.user_id = account.id;
  if found then
    return existing;
  end if;

  if form ->> 'first_name' is null then
    perform app.refuse('first_name', 'First name is required');
  end if;
  if form ->> 'surname' is null then
    perform app.refuse('surname', 'Surname is required');
  end if;
  if form ->> 'email' is not null and not app.is_email(form ->> 'email') then
    perform app.refuse('email', 'Please enter a valid email address');
  end if;
  if app.mobile_error(form ->> 'mobile_number') is not null then
    perform app.refuse('mobile_number', app.mobile_error(form ->> 'mobile_number'));
  end if;
  if form ->> 'member_type' is null then
    perform app.refuse('member_type', 'Member type is required');
  elsif not (form ->> 'member_type' = any (array['life', 'annual', 'patron'])) then
    perform app.refuse('member_type', 'Member type format is invalid');
  end if;
  born := (form ->> 'date_of_birth')::date;
  if born is not null and (born > current_date or born < date '1900-01-01') then
    perform app.refuse('date_of_birth', 'Date of birth must be a past date');
  end if;
  if form ->> 'gender' is not null and not (form ->> 'gender' = any (array['male', 'female', 'other'])) then
    perform app.refuse('gender', 'Gender format is invalid');
  end if;
  if form ->> 'pincode' is not null and not app.is_pincode(form ->> 'pincode') then
    perform app.refuse('pincode', 'Pincode format is invalid');
  end if;
  delivery := coalesce(form ->> 'sandesha_delivery_method', 'post');
  if not (delivery = any (array['post', 'email', 'none'])) then
    perform app.refuse('sandesha_delivery_method', 'Sandesha delivery method format is invalid');
  end if;
  upgrading := coalesce((form ->> 'is_upgradation')::boolean, false);
  if upgrading and form ->> 'existing_membership_no' is null then
    perform app.refuse('existing_membership_no', 'Existing membership number is required');
  end if;
  if form ->> 'existing_membership_no' is not null and length(form ->> 'existing_membership_no') > 50 then
    perform app.refuse('existing_membership_no', 'Existing membership number must not exceed 50 characters');
  end if;
  if jsonb_typeof(form -> 'show_in_directory') <> 'boolean' then
    perform app.refuse('show_in_directory', 'Show in directory must be yes or no');
  end if;
  perform app.check_identity_numbers(form ->> 'pan_number', form ->> 'aadhar_number', 'pan_number', 'aadhar_number');

  insert into public.members (user_id, first_name, surname, father_name, date_of_birth, gender, email, phone, address,
                              city, pincode, occupation, education, gotra, nakshatra_rashi, mother_tongue, native_place,
                              pan_number, aadhar_number, is_upgradation, existing_membership_no, approval_status)
  values (account.id, form ->> 'first_name', form ->> 'surname', form ->> 'father_name', born, form ->> 'gender',
          coalesce(form ->> 'email', account.email), form ->> 'mobile_number',
          nullif(concat_ws(', ', form ->> 'address_line1', form ->> 'address_line2'), ''),
          form ->> 'city', form ->> 'pincode', form ->> 'profession', form ->> 'education', form ->> 'gotra',
          form ->> 'nakshatra_rashi', form ->> 'mother_tongue', form ->> 'native_place',
          nullif(btrim(form ->> 'pan_number'), ''), nullif(btrim(form ->> 'aadhar_number'), ''),
          upgrading, case when upgrading then form ->> 'existing_membership_no' end, 'pending');

  insert into public.member_directory (unique_id, membership_no, full_name, email, mobile_number, member_type, date_of_birth,
                                       gotra, profession, address_line1, address_line2, city, state, pincode, native_place,
                                       status, approval_status, sandesha_delivery_method, sandesha_delivery_enabled,
                                       user_id, created_by)
  values ('HWT-00000', case when upgrading then form ->> 'existing_membership_no' end,
          btrim(concat_ws(' ', form ->> 'first_name', form ->> 'surname')),
          coalesce(form ->> 'email', account.email), form ->> 'mobile_number', form ->> 'member_type', born,
          form ->> 'gotra', form ->> 'profession', form ->> 'address_line1', form ->> 'address_line2', form ->> 'city',
          form ->> 'state', form ->> 'pincode', form ->> 'native_place', 'Check', 'pending',
          nullif(delivery, 'none'), delivery <> 'none', account.id, account.id)
  returning * into created;

  insert into public.member_directory_visibility (member_id, user_id, show_in_directory, show_contact_details)
  values (created.id, account.id, (form ->> 'show_in_directory')::boolean, false);
  return created;
end
$$;

revoke execute on function public.register_student(jsonb), public.register_matrimony(jsonb), public.register_member(jsonb)
  from public, anon;
grant execute on function public.register_student(jsonb), public.register_matrimony(jsonb), public.register_member(jsonb)
  to authenticated;
comment on function public.register_student(jsonb) is
  'Registers the signed-in account as a student: its users record (pending) and its application, once; a retry returns the first.';
comment on function public.register_matrimony(jsonb) is
  'Registers the signed-in account''s matrimony profile: its users record (pending) and its profile, once; a retry returns the first.';
comment on function public.register_member(jsonb) is
  'Registers the signed-in account''s membership application: users record, membership form and register entry (Check), once.';

-- ---------------------------------------------------------------------------------------
-- The form rules on the tables themselves (any writer but an admin or the app's own code).

-- A stored file's path names the owner's own folder of the given bucket.
create function app.is_own_file(url text, bucket text, owner uuid) returns boolean
language sql immutable
set search_path = ''
as $$
  select url is null or exists (
    select from app.storage_object_of(url) f
     where f.bucket_id = bucket and f.name like owner::text || '/%' and f.name !~ '(^|/)\.\.?(/|$)')
$$;
grant execute on function app.is_own_file(text, text, uuid) to authenticated, service_role;

create function app.validate_student_details() returns trigger
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
      -- contact details, documents and progress reports up to date.
      if old.approval_status <> 'pending'
         and (to_jsonb(new) - array['email', 'mobile_number', 'current_address', 'permanent_address', 'current_pincode',
                                    'permanent_pincode', 'father_email', 'father_mobile', 'mother_email', 'mother_mobile',
                                    'progress_reports', 'documents', 'updated_at'])
             is distinct from
             (to_jsonb(old) - array['email', 'mobile_number', 'current_address', 'permanent_address', 'current_pincode',
                                    'permanent_pincode', 'father_email', 'father_mobile', 'mother_email', 'mother_mobile',
                                    'progress_reports', 'documents', 'updated_at']) then
        raise exception 'Your application has been decided: only contact details, documents and progress reports can change'
          using errcode = '42501', hint = 'approval_status';
      end if;
    end if;
  end if;
  return new;
end
$$;
grant execute on function app.validate_student_details() to authenticated, service_role;
create trigger student_details_validate before insert or update on public.student_details
  for each row execute function app.validate_student_details();

create function app.validate_matrimony_details() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  privileged boolean := app.is_admin() or app.is_trusted_code(tg_relid);
  years int;
begin
  new.first_name := btrim(new.first_name);
  new.surname := btrim(new.surname);
  new.mobile_no := btrim(new.mobile_no);
  if coalesce(new.first_name, '') = '' then
    perform app.refuse('first_name', 'First name is required');
  end if;
  if coalesce(new.surname, '') = '' then
    perform app.refuse('surname', 'Surname is required');
  end if;
  if new.gender is null then
    perform app.refuse('gender', 'Gender is required');
  elsif new.gender not in ('male', 'female') then
    perform app.refuse('gender', 'Gender must be male or female');
  end if;
  if new.date_of_birth is null then
    perform app.refuse('date_of_birth', 'Date of birth is required');
  end if;
  years := app.age_on(new.date_of_birth, current_date);
  if not (years between 18 and 100) then
    perform app.refuse('date_of_birth', 'Age must be between 18 and 100');
  end if;
  if new.email is not null and not app.is_email(new.email) then
    perform app.refuse('email', 'Please enter a valid email address');
  end if;
  if length(coalesce(new.mobile_no, '')) < 10 then
    perform app.refuse('mobile_no', 'Mobile number is required');
  elsif not app.is_phone(new.mobile_no) then
    perform app.refuse('mobile_no', 'Please enter a valid phone number');
  end if;
  if new.tel_no is not null and not app.is_phone(new.tel_no) then
    perform app.refuse('tel_no', 'Please enter a valid phone number');
  end if;
  if new.contact_no is not null and not app.is_phone(new.contact_no) then
    perform app.refuse('contact_no', 'Please enter a valid phone number');
  end if;
  if new.preferred_age_from is not null and not (new.preferred_age_from between 18 and 100) then
    perform app.refuse('preferred_age_from', 'Age must be between 18 and 100');
  end if;
  if new.preferred_age_to is not null and not (new.preferred_age_to between 18 and 100) then
    perform app.refuse('preferred_age_to', 'Age must be between 18 and 100');
  end if;
  if new.preferred_age_from > new.preferred_age_to then
    perform app.refuse('preferred_age_to', 'Preferred age to must not be less than preferred age from');
  end if;
  if new.monthly_income > 100000000 then
    perform app.refuse('monthly_income', 'Monthly income must not exceed 100,000,000');
  end if;
  if new.preferred_income_above > 100000000 then
    perform app.refuse('preferred_income_above', 'Preferred income must not exceed 100,000,000');
  end if;
  if new.blood_group is not null and new.blood_group !~ '^(A|B|AB|O)[+-]$' then
    perform app.refuse('blood_group', 'Blood group format is invalid');
  end if;
  if new.marital_status is not null and new.marital_status not in ('never_married', 'divorced', 'widowed', 'separated') then
    perform app.refuse('marital_status', 'Marital status format is invalid');
  end if;
  if not privileged then
    if not app.is_own_file(new.photo_url, 'matrimony-photos', new.user_id) then
      perform app.refuse('photo_url', 'Access denied - insufficient permissions');
    end if;
    if not app.is_own_file(new.biodata_url, 'matrimony-pdfs', new.user_id) then
      perform app.refuse('biodata_url', 'Access denied - insufficient permissions');
    end if;
    -- Who the person is was checked at approval: the trust changes it.
    if tg_op = 'UPDATE' and old.approval_status = 'approved'
       and (new.first_name, new.surname, new.gender, new.date_of_birth, new.member_of_trust, new.membership_no,
            new.registration_date, new.registration_place)
           is distinct from
           (old.first_name, old.surname, old.gender, old.date_of_birth, old.member_of_trust, old.membership_no,
            old.registration_date, old.registration_place) then
      raise exception 'Name, gender and date of birth of an approved profile are changed by the trust'
        using errcode = '42501', hint = 'approval_status';
    end if;
  end if;
  return new;
end
$$;
grant execute on function app.validate_matrimony_details() to authenticated, service_role;
create trigger matrimony_details_validate before insert or update on public.matrimony_details
  for each row execute function app.validate_matrimony_details();

create function app.validate_members() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.first_name := btrim(new.first_name);
  if coalesce(new.first_name, '') = '' then
    perform app.refuse('first_name', 'First name is required');
  end if;
  if new.email is not null and not app.is_email(new.email) then
    perform app.refuse('email', 'Please enter a valid email address');
  end if;
  if new.phone is not null and app.mobile_error(new.phone) is not null then
    perform app.refuse('phone', app.mobile_error(new.phone));
  end if;
  if new.pincode is not null and not app.is_pincode(new.pincode) then
    perform app.refuse('pincode', 'Pincode format is invalid');
  end if;
  if new.date_of_birth > current_date then
    perform app.refuse('date_of_birth', 'Date of birth must be a past date');
  end if;
  return new;
end
$$;
grant execute on function app.validate_members() to authenticated, service_role;
create trigger members_validate before insert or update on public.members
  for each row execute function app.validate_members();

-- A second application of one account is refused before it draws an HWT- number (a refused
-- insert must not burn the member's number for life).
create function app.one_directory_entry_per_account() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.user_id is not null
     and exists (select from public.member_directory d where d.user_id = new.user_id and d.id <> new.id) then
    raise exception 'Duplicate entry - this record already exists' using errcode = '23505',
      detail = 'this account already has a register entry';
  end if;
  return new;
end
$$;
revoke execute on function app.one_directory_entry_per_account() from public;
-- Named to run before member_directory_prepare (triggers of one kind fire in name order).
create trigger member_directory_a_one_per_account before insert on public.member_directory
  for each row execute function app.one_directory_entry_per_account();

-- A registration notification opens the admin list of its audience.
create or replace function app.announce_user_registration() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'pending' and new.type in ('member', 'student', 'matrimony') then
    perform app.notify_users(app.users_of_type('admin', 'super_admin'), 'registration',
      'New ' || new.type || ' registration', coalesce(app.plain_name(new.full_name), 'A new applicant') || ' is waiting for approval.',
      jsonb_build_object('user_id', new.id),
      case new.type when 'student' then '/admin/students' when 'matrimony' then '/admin/matrimony' else '/admin/members' end,
      'registration-' || new.id);
  end if;
  return null;
end
$$;
