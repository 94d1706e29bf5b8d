-- Issue 21 (hardening from the outside): records and counters a caller could bend.
--   - create_user_record stored whatever e-mail the caller sent: the record now takes the
--     account's own address from auth.users (no squatting on someone else's address).
--   - get_public_members searched the never-returned membership_no with wildcards (an oracle
--     for it): it searches what it shows (name, HWT number), and the search is literal.
--   - A profile view counted every time: one viewer counts once per profile per day.
--   - A signed-in reader's Sandesha download counted every call: once per issue per day.
--     (Visitors have no identity in SQL: their calls are bounded by the per-address limits of
--     the REST engine; see docs/security.md.)
--   - Cancelling and registering again re-announced the registration to the registrant and
--     every admin each time: at most once a day per registration.
--   - A sign-up's full name went verbatim into admins' notifications and pushes, links
--     included: what is announced is the name without links, shortened.
--   - A visitor could set contact_messages.status on insert: a new message starts as new.
--   - Event capacity ignored guests: a registration takes 1 + guests places.

-- The account's own address; user_email is kept for the signature (spec §7) and used only
-- for an account without one.
create or replace function public.create_user_record(
  user_id uuid,
  user_email text,
  user_type text default 'member',
  user_status text default 'pending',
  user_full_name text default null
) returns public.users
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  account_email text;
  created public.users;
begin
  if user_id is null or user_email is null or user_type is null then
    raise exception 'Missing required fields: id, email, or type' using errcode = '22023';
  end if;
  if not (user_type = any (app.user_types())) then
    raise exception 'Validation error - please check your input' using errcode = '23514',
      detail = format('unknown user type %s', user_type);
  end if;
  user_status := coalesce(user_status, 'pending');
  if auth.role() = 'service_role' or app.is_super_admin() then
    null;
  elsif app.is_admin() then
    if user_type = any (app.staff_types()) then
      raise exception 'Access denied - insufficient permissions' using errcode = '42501',
        detail = 'only a super_admin creates staff accounts';
    end if;
  elsif caller is not null and caller = user_id then
    if user_type not in ('member', 'student', 'matrimony') or user_status <> 'pending' then
      raise exception 'Access denied - insufficient permissions' using errcode = '42501',
        detail = 'sign-up creates a pending member, student or matrimony record';
    end if;
  else
    raise exception 'Access denied - insufficient permissions' using errcode = '42501',
      detail = 'a user creates only their own record';
  end if;
  select a.email into account_email from auth.users a where a.id = user_id;
  if not found then
    raise exception 'Failed to create user: no such account' using errcode = '23503';
  end if;
  insert into public.users (id, email, type, status, full_name, approval_status)
  values (user_id, lower(coalesce(account_email, user_email)), user_type, user_status, nullif(btrim(user_full_name), ''),
          case when user_status = 'approved' then 'approved' else 'pending' end)
  returning * into created;
  return created;
end
$$;

-- A LIKE pattern that matches `value` literally, anywhere.
create or replace function app.contains_pattern(value text) returns text
language sql immutable parallel safe
set search_path = ''
as $$ select '%' || replace(replace(replace(value, '\', '\\'), '%', '\%'), '_', '\_') || '%' $$;
grant execute on function app.contains_pattern(text) to anon, authenticated, service_role;

create or replace function public.get_public_members(search text default null, city_filter text default null,
                                                     page_limit int default 50, page_offset int default 0)
returns table (id uuid, unique_id text, full_name text, member_type text, city text, native_place text, profession text)
language sql stable
security definer
set search_path = ''
as $$
  select d.id, d.unique_id, d.full_name, d.member_type, d.city, d.native_place, d.profession
    from public.member_directory d
   where d.approval_status = 'approved'
     and not exists (select from public.member_directory_visibility v where v.member_id = d.id and not v.show_in_directory)
     and (nullif(btrim(search), '') is null
          or d.full_name ilike app.contains_pattern(btrim(search))
          or d.unique_id ilike app.contains_pattern(btrim(search)))
     and (nullif(btrim(city_filter), '') is null or d.city ilike app.contains_pattern(btrim(city_filter)))
   order by d.full_name
   limit least(greatest(coalesce(page_limit, 50), 1), 200) offset greatest(coalesce(page_offset, 0), 0)
$$;

-- Profile views: the counter moves once per viewer, profile and day.
create or replace function app.count_profile_view() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (
    select from public.matrimony_profile_views v
     where v.viewer_id = new.viewer_id and v.viewed_profile_id = new.viewed_profile_id
       and v.viewed_at > new.viewed_at - interval '1 day'
       -- Of the views in one statement (one viewed_at), the lowest id counts.
       and (v.viewed_at < new.viewed_at or (v.viewed_at = new.viewed_at and v.id < new.id))
  ) then
    update public.matrimony_details
       set profile_views_count = profile_views_count + 1
     where id = new.viewed_profile_id and user_id <> new.viewer_id;
  end if;
  update public.matrimony_details set last_active = now() where user_id = new.viewer_id;
  return null;
end
$$;

-- Sandesha downloads by signed-in readers: once per issue and day.
create table app.sandesha_downloads (
  issue_id uuid not null references public.havyaka_sandesha_issues (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  day date not null default current_date,
  primary key (issue_id, user_id, day)
);
alter table app.sandesha_downloads enable row level security;
alter table app.sandesha_downloads force row level security;
revoke all on app.sandesha_downloads from public, anon, authenticated, service_role;

create or replace function public.increment_sandesha_download_count(issue_id uuid) returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  issue public.havyaka_sandesha_issues%rowtype;
  reader uuid := auth.uid();
  first_today boolean := true;
begin
  select * into issue from public.havyaka_sandesha_issues i where i.id = issue_id and i.is_published;
  if not found then
    return null;
  end if;
  if reader is not null then
    insert into app.sandesha_downloads (issue_id, user_id) values (issue.id, reader) on conflict do nothing;
    first_today := found;
  end if;
  if not first_today then
    return issue.download_count;
  end if;
  update public.havyaka_sandesha_issues i set download_count = download_count + 1
   where i.id = issue.id returning i.download_count into issue.download_count;
  return issue.download_count;
end
$$;

-- Registrations announced: taking a cancelled registration up again announces it once a day.
create table app.registration_announcements (
  registration_id uuid primary key references public.event_registrations (id) on delete cascade,
  announced_at timestamptz not null default now()
);
alter table app.registration_announcements enable row level security;
alter table app.registration_announcements force row level security;
revoke all on app.registration_announcements from public, anon, authenticated, service_role;

-- A person's name as it may appear in a notification or a push: no links or addresses, no
-- markup characters, at most 60 characters; NULL when nothing is left.
create or replace function app.plain_name(name text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select nullif(left(btrim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(coalesce(name, ''),
    '[a-z][a-z0-9+.-]*:\S*', ' ', 'gi'),                -- scheme:anything (https://, mailto:, javascript:)
    '\S*(www\.|\.[a-z]{2,}(/|\y))\S*', ' ', 'gi'),      -- www.… and domain-like words
    '[<>"{}\[\]\\|`@/]', ' ', 'g'),                      -- markup and address characters
    '\s+', ' ', 'g')), 60), '')
$$;
grant execute on function app.plain_name(text) to anon, authenticated, service_role;

create or replace function app.announce_event_registration() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  event public.events;
  who text;
begin
  if tg_op = 'UPDATE' and not (old.attendance_status = 'cancelled' and new.attendance_status = 'registered') then
    return null;
  end if;
  insert into app.registration_announcements as a (registration_id) values (new.id)
  on conflict (registration_id) do update set announced_at = now()
    where a.announced_at < now() - interval '1 day';
  if not found then
    return null;
  end if;
  select * into event from public.events where id = new.event_id;
  select app.plain_name(full_name) into who from public.users where id = new.user_id;
  perform app.notify_users(array[new.user_id], 'event', 'Registered: ' || event.title,
    'You are registered for ' || event.title || ' on ' || to_char(event.event_date, 'DD Mon YYYY') || '.',
    jsonb_build_object('event_id', event.id), '/events/' || event.id, 'registration-' || new.id);
  perform app.notify_users(app.users_of_type('admin', 'super_admin', 'event_manager'), 'event',
    'New registration: ' || event.title, coalesce(who, 'Someone') || ' registered.',
    jsonb_build_object('event_id', event.id), '/admin/events/' || event.id || '/registrations', 'registrations-' || event.id);
  return null;
end
$$;

create or replace function app.announce_user_registration() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'pending' and new.type in ('member', 'student', 'matrimony') then
    perform app.notify_users(app.users_of_type('admin', 'super_admin'), 'registration',
      'New ' || new.type || ' registration', coalesce(app.plain_name(new.full_name), 'A new applicant') || ' is waiting for approval.',
      jsonb_build_object('user_id', new.id), '/admin/members', 'registration-' || new.id);
  end if;
  return null;
end
$$;

-- Contact messages: the sender writes the message; its handling state is the staff's.
create or replace function app.prepare_contact_message() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not (app.is_admin() or app.is_trusted_code(tg_relid)) then
    new.status := 'new';
    new.created_at := now();
    new.updated_at := now();
  end if;
  return new;
end
$$;
grant execute on function app.prepare_contact_message() to anon, authenticated, service_role;
create trigger contact_messages_prepare before insert on public.contact_messages
  for each row execute function app.prepare_contact_message();

-- Capacity counts guests: a registration takes 1 + guests places. A registrant who adds
-- guests to a live registration is checked again.
create or replace function app.check_event_registration() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  event public.events%rowtype;
  taken int;
begin
  if tg_op = 'UPDATE' then
    if new.event_id is distinct from old.event_id or new.user_id is distinct from old.user_id then
      raise exception 'Validation error - please check your input' using errcode = '23514',
        detail = 'a registration keeps its event and user';
    end if;
    if new.attendance_status = 'cancelled' then
      return new;
    end if;
    if old.attendance_status <> 'cancelled' then
      -- A live registration: only more guests need a check (of capacity alone).
      if new.guests <= old.guests then
        return new;
      end if;
      select * into event from public.events where id = new.event_id for update;
      if event.max_attendees is not null then
        select coalesce(sum(1 + r.guests), 0) into taken from public.event_registrations r
         where r.event_id = new.event_id and r.attendance_status <> 'cancelled' and r.id <> new.id;
        if taken + 1 + new.guests > event.max_attendees then
          raise exception 'This event is full' using errcode = '23514',
            detail = format('%s of %s places are taken', taken, event.max_attendees);
        end if;
      end if;
      return new;
    end if;
  end if;
  select * into event from public.events where id = new.event_id for update;
  if not found then
    raise exception 'Resource not found' using errcode = '23503', detail = 'no such event';
  end if;
  if event.status not in ('upcoming', 'published') then
    raise exception 'Registration is closed for this event' using errcode = '23514',
      detail = format('the event is %s', event.status);
  end if;
  if not event.registration_required then
    raise exception 'This event does not take registrations' using errcode = '23514';
  end if;
  if event.registration_deadline is not null and now() > event.registration_deadline then
    raise exception 'The registration deadline has passed' using errcode = '23514';
  end if;
  if event.max_attendees is not null then
    select coalesce(sum(1 + r.guests), 0) into taken from public.event_registrations r
     where r.event_id = new.event_id and r.attendance_status <> 'cancelled' and r.id <> new.id;
    if taken + 1 + new.guests > event.max_attendees then
      raise exception 'This event is full' using errcode = '23514',
        detail = format('%s of %s places are taken', taken, event.max_attendees);
    end if;
  end if;
  return new;
end
$$;
