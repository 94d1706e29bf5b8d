-- The membership registration: the stored function the form calls, and the form's rules on
-- the membership form for every other writer (one directory entry per account).

-- Membership registration (form rules "not shown": docs/registration.md). The application
-- is the member's form (members) and their register entry (member_directory: status Check,
-- approval pending, the next HWT- number; an upgradation keeps the existing membership number,
-- spec §7), and their directory visibility (listed, contact details hidden until they choose).
-- Called again it returns the application made, unless that was rejected: then it is an
-- application again, on the same register entry.
create or replace function public.register_member(application jsonb)
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
  reapplying boolean;
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
  if found and existing.approval_status is distinct from 'rejected' then
    return existing;
  end if;
  -- A rejected applicant applies again (issue 40): the same register entry (the HWT- number is
  -- theirs for life) takes the new answers and waits for a decision again.
  reapplying := existing.id is not null;

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

  if reapplying then
    delete from public.members m where m.user_id = account.id;
    perform app.reopen_application(account.id);
  end if;
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

  if reapplying then
    update public.member_directory d
       set (membership_no, full_name, email, mobile_number, member_type, date_of_birth, gotra, profession,
            address_line1, address_line2, city, state, pincode, native_place, status, approval_status, approved_by,
            approved_at, remarks, approval_notes, sandesha_delivery_method, sandesha_delivery_enabled)
         = (case when upgrading then form ->> 'existing_membership_no'
                 when d.membership_no like 'NEW-%' then d.membership_no
                 else 'NEW-' || (extract(epoch from clock_timestamp()) * 1000)::bigint::text end,
            btrim(concat_ws(' ', form ->> 'first_name', form ->> 'surname')),
            coalesce(form ->> 'email', account.email), form ->> 'mobile_number', form ->> 'member_type', born,
            form ->> 'gotra', form ->> 'profession', form ->> 'address_line1', form ->> 'address_line2', form ->> 'city',
            form ->> 'state', form ->> 'pincode', form ->> 'native_place', 'Check', 'pending', null, null, null, null,
            nullif(delivery, 'none'), delivery <> 'none')
     where d.id = existing.id
    returning * into created;
    insert into public.member_directory_visibility (member_id, user_id, show_in_directory, show_contact_details)
    values (created.id, account.id, (form ->> 'show_in_directory')::boolean, false)
    on conflict (member_id) do update set show_in_directory = excluded.show_in_directory;
    return created;
  end if;

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
comment on function public.register_member(jsonb) is
  'Registers the signed-in account''s membership application: users record, membership form and register entry (Check), once; again after a rejection.';
revoke execute on function public.register_member(jsonb) from public, anon;

-- The Membership form's rules on the member's form, for any writer but an admin or the app's
-- own code.
create or replace function app.validate_members() returns trigger
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

-- A second application of one account is refused before it draws an HWT- number (a refused
-- insert must not burn the member's number for life).
create or replace function app.one_directory_entry_per_account() returns trigger
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

-- Triggers on public.members.
create or replace trigger members_validate before insert or update on public.members
  for each row execute function app.validate_members();

-- Triggers on public.member_directory.
create or replace trigger member_directory_a_one_per_account before insert on public.member_directory
  for each row execute function app.one_directory_entry_per_account();
