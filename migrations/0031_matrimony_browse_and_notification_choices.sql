-- Issue 16, the pages after registration:
--  * matrimony browsing filters by height and gotra: both are derived from what the form
--    stores (height as text, "Gotra / Nakshatra" as one field) into generated columns;
--  * a profile view counts once per viewer per day (spec §7 increments profile_views_count):
--    a counter anyone approved can bump must not be bumped by repeating the insert;
--  * an applicant hears when their application is decided (the committee's notifications);
--  * every user chooses which kinds of notification they want (event, photo, sandesha,
--    registration, other), honoured when notifications and personal pushes fan out.

-- Centimetres from a stored height: "175 cm …", "1.75 m", 5'9", 5.9 ft; null when unreadable.
create function app.height_cm(value text) returns int
language plpgsql immutable parallel safe
set search_path = ''
as $$
declare
  m text[];
  cm numeric;
begin
  if value is null then
    return null;
  end if;
  value := lower(btrim(value));
  m := regexp_match(value, '^([0-9]+)\s*(?:''|ft|feet|foot)\s*(?:([0-9]+(?:\.[0-9]+)?)\s*(?:"|''''|in|inch|inches)?)?');
  if m is not null then
    cm := (m[1]::numeric * 12 + coalesce(m[2]::numeric, 0)) * 2.54;
  else
    m := regexp_match(value, '^([0-9]+(?:\.[0-9]+)?)\s*(cm|m|ft)?');
    if m is null then
      return null;
    end if;
    cm := case
      when m[2] = 'cm' then m[1]::numeric
      when m[2] = 'm' then m[1]::numeric * 100
      when m[2] = 'ft' or m[1]::numeric between 3 and 8 then m[1]::numeric * 30.48
      when m[1]::numeric >= 100 then m[1]::numeric
      when m[1]::numeric between 1 and 2.99 then m[1]::numeric * 100
    end;
  end if;
  return case when cm between 90 and 260 then round(cm)::int end;
end
$$;
grant execute on function app.height_cm(text) to anon, authenticated, service_role;

alter table public.matrimony_details
  add column height_cm int generated always as (app.height_cm(height)) stored,
  add column gotra text generated always as (nullif(lower(btrim(split_part(gotra_nakshatra, '/', 1))), '')) stored;
comment on column public.matrimony_details.height_cm is 'Height in centimetres, read from height (browse filter).';
comment on column public.matrimony_details.gotra is 'The gotra part of gotra_nakshatra, lower case ("exclude my gotra").';
create index matrimony_details_browse on public.matrimony_details (approval_status, gender, date_of_birth);

-- One counted view per viewer, profile and (UTC) day.
create unique index matrimony_profile_views_once_a_day on public.matrimony_profile_views
  (viewer_id, viewed_profile_id, ((viewed_at at time zone 'UTC')::date));

-- Spec §7: records the caller's view of a profile (once a day), which counts it and marks the
-- viewer active. Runs as the caller: the insert policy admits approved profiles viewing
-- approved profiles only. True when this call counted.
create function public.record_profile_view(profile_id uuid) returns boolean
language plpgsql
set search_path = ''
as $$
declare
  counted int;
begin
  if exists (select from public.matrimony_details m where m.id = profile_id and m.user_id = auth.uid()) then
    return false;
  end if;
  insert into public.matrimony_profile_views (viewer_id, viewed_profile_id)
  values (auth.uid(), profile_id)
  on conflict do nothing;
  get diagnostics counted = row_count;
  return counted = 1;
end
$$;
revoke execute on function public.record_profile_view(uuid) from public, anon;
grant execute on function public.record_profile_view(uuid) to authenticated;

-- Which kinds of notification a user wants; no row means all of them.
create table public.notification_preferences (
  user_id uuid primary key references public.users (id) on delete cascade default auth.uid(),
  event boolean not null default true,
  photo boolean not null default true,
  sandesha boolean not null default true,
  registration boolean not null default true,
  other boolean not null default true,
  updated_at timestamptz not null default now()
);
comment on table public.notification_preferences is 'Per user: the kinds of notification (and personal push) they receive; no row = all.';
create trigger notification_preferences_updated_at before update on public.notification_preferences
  for each row execute function app.touch_updated_at();

-- The user wants notifications of this kind.
create function app.wants_notification(recipient uuid, kind text) returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select coalesce((select (to_jsonb(p) ->> kind)::boolean from public.notification_preferences p where p.user_id = recipient), true)
$$;
revoke execute on function app.wants_notification(uuid, text) from public;

-- 0025's fan-out, now honouring the choices: the bell rows of public news and each personal
-- notification with its push. (The broadcast push of public news reaches every subscribed
-- device, visitors' included; README, Registration.)
create or replace function app.announce(kind text, title text, message text, data jsonb, url text, tag text) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.notifications (user_id, type, title, message, data)
  select u.id, kind, left(title, 200), left(message, 2000), data
    from public.users u
   where u.status = 'approved' and app.wants_notification(u.id, kind);
  perform push.enqueue_broadcast(left(title, 500), left(message, 4000), url, tag, data);
end
$$;

create or replace function app.notify_users(recipients uuid[], kind text, title text, message text, data jsonb, url text, tag text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  recipient uuid;
begin
  for recipient in select distinct r from unnest(recipients) r where r is not null loop
    if app.wants_notification(recipient, kind) then
      insert into public.notifications (user_id, type, title, message, data)
      values (recipient, kind, left(title, 200), left(message, 2000), data);
      perform push.enqueue_to_user(recipient, left(title, 500), left(message, 4000), url, tag, data);
    end if;
  end loop;
end
$$;

-- The applicant hears the decision on their application (and where to see it).
create function app.announce_decision() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  what text := case tg_table_name when 'student_details' then 'educational aid application'
                                  when 'matrimony_details' then 'matrimony profile'
                                  else 'membership application' end;
  home text := case tg_table_name when 'student_details' then '/dashboard/student'
                                  when 'matrimony_details' then '/dashboard/matrimony'
                                  else '/dashboard/member' end;
begin
  if new.user_id is null or new.approval_status is not distinct from old.approval_status
     or new.approval_status not in ('approved', 'rejected') then
    return null;
  end if;
  perform app.notify_users(array[new.user_id], 'registration',
    case new.approval_status when 'approved' then 'Your ' || what || ' is approved'
                             else 'Your ' || what || ' was not approved' end,
    case new.approval_status when 'approved' then 'Welcome! Sign in to open your dashboard.'
         else coalesce(nullif(btrim(to_jsonb(new) ->> 'remarks'), ''), 'Please contact the trust office to know more.') end,
    jsonb_build_object('record_id', new.id), home, 'decision-' || new.id);
  return null;
end
$$;
revoke execute on function app.announce_decision() from public;
create trigger student_details_announce_decision after update of approval_status on public.student_details
  for each row execute function app.announce_decision();
create trigger matrimony_details_announce_decision after update of approval_status on public.matrimony_details
  for each row execute function app.announce_decision();
create trigger member_directory_announce_decision after update of approval_status on public.member_directory
  for each row execute function app.announce_decision();
