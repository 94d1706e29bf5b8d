-- Events (spec §3 Event) and registrations. Registration rules live in one trigger so a
-- direct insert through the API and the app's own code obey the same limits, atomically.

create table public.events (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(btrim(title)) between 1 and 200),
  description text not null check (length(btrim(description)) between 1 and 5000),
  event_date date not null,
  event_time time,
  location text check (length(location) <= 200),
  event_type text not null check (event_type in ('cultural', 'educational', 'social', 'religious', 'health', 'sports', 'business', 'other')),
  status text not null default 'upcoming' check (status in ('upcoming', 'published', 'completed', 'cancelled')),
  registration_required boolean not null default false,
  registration_deadline timestamptz,
  max_attendees int check (max_attendees > 0),
  featured_image_url text check (featured_image_url is null or app.is_url(featured_image_url)),
  organizer text check (length(organizer) <= 100),
  contact_person text check (length(contact_person) <= 100),
  contact_phone text check (length(contact_phone) <= 20 and app.is_phone(contact_phone)),
  contact_email text check (contact_email is null or app.is_email(contact_email)),
  venue_details text check (length(venue_details) <= 500),
  created_by uuid references public.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Spec §5: without registration there is no deadline and no limit.
  check (registration_required or (registration_deadline is null and max_attendees is null))
);
comment on table public.events is 'Community events; every status but cancelled is public.';
create index events_status_date on public.events (status, event_date);
create index events_date on public.events (event_date desc);
-- Upcoming events (status upcoming or published, from today, soonest first).
create index events_upcoming on public.events (event_date, event_time) where status in ('upcoming', 'published');
create index events_event_type on public.events (event_type);
create index events_created_by on public.events (created_by);
create trigger events_updated_at before update on public.events
  for each row execute function app.touch_updated_at();

create table public.event_registrations (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  user_id uuid not null references public.users (id) on delete cascade default auth.uid(),
  attendance_status text not null default 'registered' check (attendance_status in ('registered', 'attended', 'absent', 'cancelled')),
  registration_date timestamptz not null default now(),
  guests int not null default 0 check (guests between 0 and 20),
  notes text check (length(notes) <= 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (event_id, user_id)
);
comment on table public.event_registrations is 'Who registered for which event; cancelling sets attendance_status = cancelled.';
create index event_registrations_user_id on public.event_registrations (user_id, registration_date desc);
create index event_registrations_event_status on public.event_registrations (event_id, attendance_status);
create trigger event_registrations_updated_at before update on public.event_registrations
  for each row execute function app.touch_updated_at();

-- A registration (a new row, or a cancelled one taken up again) needs an event that takes
-- registrations, before its deadline, with a place left. The event row is locked first, so
-- concurrent registrations for one event queue here and the count they see is exact: 50
-- requests for the last 5 places give exactly 5 registrations. Security definer: the caller
-- cannot see others' registrations, but the count must include them.
create function app.check_event_registration() returns trigger
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
    if not (old.attendance_status = 'cancelled' and new.attendance_status <> 'cancelled') then
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
    select count(*) into taken from public.event_registrations
     where event_id = new.event_id and attendance_status <> 'cancelled' and id <> new.id;
    if taken >= event.max_attendees then
      raise exception 'This event is full' using errcode = '23514',
        detail = format('all %s places are taken', event.max_attendees);
    end if;
  end if;
  return new;
end
$$;
revoke execute on function app.check_event_registration() from public;
create trigger event_registrations_rules before insert or update on public.event_registrations
  for each row execute function app.check_event_registration();

-- A user edits only the attendance of their own registration, and only to cancel or take
-- it up again; event staff set attended/absent.
create function app.guard_registration_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if app.can_manage_events() or app.is_trusted_code(tg_relid) then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.attendance_status <> 'registered' then
      raise exception 'Access denied - insufficient permissions' using errcode = '42501',
        detail = 'a new registration starts as registered';
    end if;
    new.registration_date := now();
    return new;
  end if;
  if new.attendance_status not in ('registered', 'cancelled')
     or (to_jsonb(new) - 'attendance_status' - 'notes' - 'guests' - 'updated_at')
        is distinct from (to_jsonb(old) - 'attendance_status' - 'notes' - 'guests' - 'updated_at') then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501',
      detail = 'a registrant may only cancel, register again, or change notes and guests';
  end if;
  return new;
end
$$;
grant execute on function app.guard_registration_update() to authenticated, service_role;
create trigger event_registrations_guard before insert or update on public.event_registrations
  for each row execute function app.guard_registration_update();
