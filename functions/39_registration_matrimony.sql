-- The matrimony registration: the stored function the form calls, and the form's rules on the
-- profile and its contact details for every other writer.

-- Matrimony registration (spec §3 both sides, §5 Matrimony form): the profile and its contact
-- details from one flat form object.
create or replace function public.register_matrimony(application jsonb)
returns public.matrimony_details
language plpgsql
security definer
set search_path = ''
as $$
declare
  contact_keys constant text[] := array[
    'email', 'tel_no', 'mobile_no', 'contact_person', 'contact_no', 'address', 'reference1_name',
    'reference1_contact', 'reference2_name', 'reference2_contact', 'signature', 'biodata_url'];
  allowed constant text[] := array[
    'first_name', 'surname', 'gender', 'date_of_birth', 'height', 'weight', 'qualification', 'occupation',
    'organization', 'designation', 'place', 'monthly_income', 'blood_group', 'marital_status', 'smoking',
    'horoscope_matching', 'sagotra_alliance', 'vegetarian_brahmin', 'handicaps', 'handicap_details',
    'achievements', 'hobby', 'native_place', 'preferred_age_from', 'preferred_age_to', 'preferred_occupation',
    'preferred_height', 'preferred_weight', 'preferred_qualification', 'preferred_income_above',
    'preferred_complexion', 'other_expectations', 'preferred_work_location', 'preferred_stay_location',
    'father_name', 'mother_name', 'parent_organization', 'parent_designation', 'declaration_date', 'place_field',
    'amount', 'photo_url', 'member_of_trust', 'membership_no', 'relation', 'havyaka_brahmin',
    'gotra_nakshatra', 'wears_spectacles', 'registration_place'] || contact_keys;
  account public.users;
  existing public.matrimony_details;
  form jsonb;
  contacts jsonb;
  created public.matrimony_details;
begin
  -- The contact keys are all text: typed as such against either table.
  form := app.form_values('public.matrimony_details'::regclass, application, allowed);
  account := app.begin_registration('matrimony', form ->> 'first_name', form ->> 'surname', form ->> 'mobile_no');
  select * into existing from public.matrimony_details m where m.user_id = account.id;
  if found and existing.approval_status is distinct from 'rejected' then
    return existing;
  end if;
  if not app.is_own_file(form ->> 'photo_url', 'matrimony-photos', account.id) then
    perform app.refuse('photo_url', 'Access denied - insufficient permissions');
  end if;
  if not app.is_own_file(form ->> 'biodata_url', 'matrimony-pdfs', account.id) then
    perform app.refuse('biodata_url', 'Access denied - insufficient permissions');
  end if;
  contacts := (select coalesce(jsonb_object_agg(k, v), '{}') from jsonb_each(form) e(k, v) where k = any (contact_keys));
  form := (form - contact_keys) || jsonb_build_object(
    'id', gen_random_uuid(), 'user_id', account.id,
    'member_of_trust', coalesce((form ->> 'member_of_trust')::boolean, false),
    'registration_date', current_date, 'approval_status', 'pending', 'approved_by', null, 'approved_at', null,
    'profile_views_count', 0, 'last_active', now(), 'created_at', now(), 'updated_at', now());
  if existing.id is not null then
    -- A rejected applicant applies again (issue 40): the same record takes the new answers
    -- and waits for a decision again.
    form := form || jsonb_build_object('id', existing.id, 'profile_views_count', existing.profile_views_count);
    execute format('update public.matrimony_details set (%1$s) = (select %1$s from jsonb_populate_record(null::public.matrimony_details, $1)) where id = $2 returning *',
                   app.stored_columns('public.matrimony_details'::regclass))
      into created using form, existing.id;
    perform app.reopen_application(account.id);
  else
    execute format('insert into public.matrimony_details (%1$s) select %1$s from jsonb_populate_record(null::public.matrimony_details, $1) returning *',
                   app.stored_columns('public.matrimony_details'::regclass))
      into created using form;
  end if;
  contacts := contacts || jsonb_build_object(
    'profile_id', created.id, 'email', coalesce(contacts ->> 'email', account.email), 'created_at', now(), 'updated_at', now());
  delete from public.matrimony_contacts c where c.profile_id = created.id;
  execute format('insert into public.matrimony_contacts (%1$s) select %1$s from jsonb_populate_record(null::public.matrimony_contacts, $1)',
                 app.stored_columns('public.matrimony_contacts'::regclass))
    using contacts;
  return created;
end
$$;
comment on function public.register_matrimony(jsonb) is
  'Registers the signed-in account''s matrimony profile: its users record (pending) and its profile, once; a retry returns the first, a rejected applicant applies again.';
revoke execute on function public.register_matrimony(jsonb) from public, anon;

-- The Matrimony form's rules on the profile, for any writer but an admin or the app's own
-- code (plain REST writes included): the same answers as the registration function.
create or replace function app.validate_matrimony_details() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  privileged boolean := app.is_admin() or app.is_trusted_code(tg_relid);
  years int;
begin
  new.first_name := btrim(new.first_name);
  new.surname := btrim(new.surname);
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

-- The form's rules on the contact details, for any writer but an admin or the app's own code:
-- the same answers as the registration function.
create or replace function app.validate_matrimony_contacts() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  privileged boolean := app.is_admin() or app.is_trusted_code(tg_relid);
  owner uuid;
begin
  new.mobile_no := btrim(new.mobile_no);
  new.email := nullif(btrim(new.email), '');
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
  if not privileged then
    if tg_op = 'UPDATE' and new.profile_id is distinct from old.profile_id then
      raise exception 'Access denied - insufficient permissions' using errcode = '42501',
        detail = 'contact details stay with their profile';
    end if;
    select m.user_id into owner from public.matrimony_details m where m.id = new.profile_id;
    if not app.is_own_file(new.biodata_url, 'matrimony-pdfs', owner) then
      perform app.refuse('biodata_url', 'Access denied - insufficient permissions');
    end if;
  end if;
  return new;
end
$$;
grant execute on function app.validate_matrimony_contacts() to authenticated, service_role;

-- A profile has its contact details (a mobile number at least) by the end of the transaction
-- that creates it: register_matrimony writes both; a bare REST insert of a profile is refused.
create or replace function app.require_matrimony_contacts() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select from public.matrimony_details m where m.id = new.id)
     and not exists (select from public.matrimony_contacts c where c.profile_id = new.id) then
    perform app.refuse('mobile_no', 'Mobile number is required');
  end if;
  return null;
end
$$;
revoke execute on function app.require_matrimony_contacts() from public;

-- Triggers on public.matrimony_details.
create or replace trigger matrimony_details_validate before insert or update on public.matrimony_details
  for each row execute function app.validate_matrimony_details();
drop trigger if exists matrimony_details_require_contacts on public.matrimony_details;
create constraint trigger matrimony_details_require_contacts after insert on public.matrimony_details
  deferrable initially deferred
  for each row execute function app.require_matrimony_contacts();

-- Triggers on public.matrimony_contacts.
create or replace trigger matrimony_contacts_validate before insert or update on public.matrimony_contacts
  for each row execute function app.validate_matrimony_contacts();
