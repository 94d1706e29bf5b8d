-- Matrimony: profiles (spec §3, stored side), interests, messages and profile views. Approved
-- profiles see each other; interests and messages stay between their two parties.

create table public.matrimony_details (
  id uuid primary key default gen_random_uuid(),
  -- Null for a profile registered before accounts existed; admins sync those into auth.
  user_id uuid unique references public.users (id) on delete cascade,
  first_name text not null check (length(first_name) between 1 and 100),
  surname text not null check (length(surname) between 1 and 100),
  gender text not null check (gender in ('male', 'female')),
  date_of_birth date not null check (date_of_birth between date '1900-01-01' and current_date),
  height text check (length(height) <= 20),
  weight text check (length(weight) <= 20),
  qualification text check (length(qualification) <= 200),
  occupation text check (length(occupation) <= 200),
  organization text check (length(organization) <= 200),
  designation text check (length(designation) <= 200),
  place text check (length(place) <= 100),
  monthly_income numeric(14, 2) check (monthly_income >= 0 and monthly_income <= 100000000),
  blood_group text check (blood_group ~ '^(A|B|AB|O)[+-]$'),
  marital_status text check (marital_status in ('never_married', 'divorced', 'widowed', 'separated')),
  smoking boolean,
  horoscope_matching boolean,
  sagotra_alliance boolean,
  vegetarian_brahmin boolean,
  handicaps boolean,
  handicap_details text check (length(handicap_details) <= 1000),
  achievements text check (length(achievements) <= 2000),
  hobby text check (length(hobby) <= 500),
  native_place text check (length(native_place) <= 100),
  -- Partner preferences.
  preferred_age_from int check (preferred_age_from between 18 and 100),
  preferred_age_to int check (preferred_age_to between 18 and 100),
  preferred_occupation text check (length(preferred_occupation) <= 200),
  preferred_height text check (length(preferred_height) <= 50),
  preferred_weight text check (length(preferred_weight) <= 50),
  preferred_qualification text check (length(preferred_qualification) <= 200),
  preferred_income_above numeric(14, 2) check (preferred_income_above >= 0 and preferred_income_above <= 100000000),
  preferred_complexion text check (length(preferred_complexion) <= 50),
  other_expectations text check (length(other_expectations) <= 2000),
  preferred_work_location text check (length(preferred_work_location) <= 200),
  preferred_stay_location text check (length(preferred_stay_location) <= 200),
  -- Parents.
  father_name text check (length(father_name) <= 200),
  mother_name text check (length(mother_name) <= 200),
  parent_organization text check (length(parent_organization) <= 200),
  parent_designation text check (length(parent_designation) <= 200),
  reference1_name text check (length(reference1_name) <= 200),
  reference1_contact text check (length(reference1_contact) <= 200),
  reference2_name text check (length(reference2_name) <= 200),
  reference2_contact text check (length(reference2_contact) <= 200),
  -- Contact.
  email text check (email is null or app.is_email(email)),
  tel_no text check (tel_no is null or app.is_phone(tel_no)),
  mobile_no text not null check (length(mobile_no) >= 10 and app.is_phone(mobile_no)),
  contact_person text check (length(contact_person) <= 200),
  contact_no text check (contact_no is null or app.is_phone(contact_no)),
  address text check (length(address) <= 500),
  signature text check (length(signature) <= 200),
  declaration_date date,
  place_field text check (length(place_field) <= 100),
  amount numeric(12, 2) check (amount >= 0),
  photo_url text check (photo_url is null or app.is_url(photo_url)),
  -- Stored-side fields.
  member_of_trust boolean not null default false,
  membership_no text check (length(membership_no) <= 50),
  relation text check (length(relation) <= 100),
  havyaka_brahmin boolean,
  gotra_nakshatra text check (length(gotra_nakshatra) <= 200),
  wears_spectacles boolean,
  registration_date date not null default current_date,
  registration_place text check (length(registration_place) <= 100),
  approval_status text not null default 'pending' check (approval_status in ('pending', 'approved', 'rejected')),
  approved_by uuid references public.users (id) on delete set null,
  approved_at timestamptz,
  profile_views_count int not null default 0 check (profile_views_count >= 0),
  last_active timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (preferred_age_from is null or preferred_age_to is null or preferred_age_from <= preferred_age_to)
);
comment on table public.matrimony_details is 'Matrimony profiles; approved profiles browse each other.';
create index matrimony_details_approval_status on public.matrimony_details (approval_status, gender);
create index matrimony_details_approved_by on public.matrimony_details (approved_by);
create index matrimony_details_created_at on public.matrimony_details (created_at desc);
create index matrimony_details_last_active on public.matrimony_details (last_active desc);
create trigger matrimony_details_updated_at before update on public.matrimony_details
  for each row execute function app.touch_updated_at();
create trigger matrimony_details_approval before insert or update on public.matrimony_details
  for each row execute function app.guard_approval();

-- Counters move only through profile views (below), never through a client's update.
create function app.guard_matrimony_counters() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not (app.is_admin() or app.is_trusted_code(tg_relid)) then
    if tg_op = 'INSERT' then
      new.profile_views_count := 0;
    else
      new.profile_views_count := old.profile_views_count;
    end if;
  end if;
  return new;
end
$$;
grant execute on function app.guard_matrimony_counters() to authenticated, service_role;
create trigger matrimony_details_counters before insert or update on public.matrimony_details
  for each row execute function app.guard_matrimony_counters();

create table public.matrimony_interests (
  id uuid primary key default gen_random_uuid(),
  sender_id uuid not null references public.users (id) on delete cascade,
  receiver_id uuid not null references public.users (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'accepted', 'declined')),
  message text check (length(message) <= 1000),
  responded_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (sender_id <> receiver_id),
  unique (sender_id, receiver_id)
);
create index matrimony_interests_receiver on public.matrimony_interests (receiver_id, status);
create index matrimony_interests_status on public.matrimony_interests (status);
create trigger matrimony_interests_updated_at before update on public.matrimony_interests
  for each row execute function app.touch_updated_at();

-- Interests and connections: only the receiver answers, only the status (and the time it was
-- answered, set here) changes; the sender may only withdraw by deleting.
create function app.guard_response() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  sender uuid := (to_jsonb(old) ->> tg_argv[0])::uuid;
  receiver uuid := (to_jsonb(old) ->> tg_argv[1])::uuid;
begin
  if app.is_trusted_code(tg_relid) then
    if new.status is distinct from old.status then new.responded_at := now(); end if;
    return new;
  end if;
  if (to_jsonb(new) - 'status' - 'updated_at' - 'responded_at') is distinct from (to_jsonb(old) - 'status' - 'updated_at' - 'responded_at') then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501',
      detail = 'only the status of a request changes';
  end if;
  if new.status is distinct from old.status then
    if auth.uid() is distinct from receiver then
      raise exception 'Access denied - insufficient permissions' using errcode = '42501',
        detail = 'only the receiver responds';
    end if;
    new.responded_at := now();
  else
    new.responded_at := old.responded_at;
  end if;
  return new;
end
$$;
grant execute on function app.guard_response() to authenticated, service_role;
create trigger matrimony_interests_response before update on public.matrimony_interests
  for each row execute function app.guard_response('sender_id', 'receiver_id');
create trigger member_connections_response before update on public.member_connections
  for each row execute function app.guard_response('requester_id', 'requested_id');

create table public.matrimony_messages (
  id uuid primary key default gen_random_uuid(),
  sender_id uuid not null references public.users (id) on delete cascade,
  receiver_id uuid not null references public.users (id) on delete cascade,
  interest_id uuid references public.matrimony_interests (id) on delete cascade,
  message text not null check (length(message) between 1 and 2000),
  is_read boolean not null default false,
  created_at timestamptz not null default now(),
  check (sender_id <> receiver_id)
);
-- A conversation between two ids, oldest first (spec §7), from either side.
create index matrimony_messages_conversation on public.matrimony_messages
  (least(sender_id, receiver_id), greatest(sender_id, receiver_id), created_at);
create index matrimony_messages_receiver on public.matrimony_messages (receiver_id, is_read);
create index matrimony_messages_sender on public.matrimony_messages (sender_id);
create index matrimony_messages_interest_id on public.matrimony_messages (interest_id);

-- A message is read-marked by its receiver; its text and parties never change.
create function app.guard_message_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if app.is_trusted_code(tg_relid) then
    return new;
  end if;
  if (to_jsonb(new) - 'is_read') is distinct from (to_jsonb(old) - 'is_read') or auth.uid() is distinct from old.receiver_id then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501',
      detail = 'only the receiver marks a message read';
  end if;
  return new;
end
$$;
grant execute on function app.guard_message_update() to authenticated, service_role;
create trigger matrimony_messages_guard before update on public.matrimony_messages
  for each row execute function app.guard_message_update();

create table public.matrimony_profile_views (
  id uuid primary key default gen_random_uuid(),
  viewer_id uuid not null references public.users (id) on delete cascade,
  viewed_profile_id uuid not null references public.matrimony_details (id) on delete cascade,
  viewed_at timestamptz not null default now()
);
create index matrimony_profile_views_viewed on public.matrimony_profile_views (viewed_profile_id, viewed_at desc);
create index matrimony_profile_views_viewer on public.matrimony_profile_views (viewer_id, viewed_at desc);

-- Spec §7: a view increments the viewed profile's counter and marks the viewer active.
-- Security definer: the viewer may not update someone else's profile.
create function app.count_profile_view() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.matrimony_details
     set profile_views_count = profile_views_count + 1
   where id = new.viewed_profile_id;
  update public.matrimony_details set last_active = now() where user_id = new.viewer_id;
  return null;
end
$$;
revoke execute on function app.count_profile_view() from public;
create trigger matrimony_profile_views_count after insert on public.matrimony_profile_views
  for each row execute function app.count_profile_view();
