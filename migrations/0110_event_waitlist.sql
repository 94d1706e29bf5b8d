-- Events, issue 37: a fair waitlist with timed offers, reminders sent once, calendar files.
-- Tables, columns and grants only; the functions and triggers live in functions/41_event_waitlist.sql
-- and functions/42_event_calendar.sql, the policies in policies/41_event_waitlist.sql.

-- How long an offered seat is held (pretix's waiting_list_hours: 48 by default, at least 6),
-- the event's length (for a calendar's DTEND; none: an instant), and the calendar SEQUENCE,
-- bumped on every change a calendar shows.
alter table public.events
  add column waitlist_offer_hours int not null default 48 check (waitlist_offer_hours between 6 and 720),
  add column duration_minutes int check (duration_minutes between 5 and 10080),
  add column calendar_sequence int not null default 0;

-- One place per person per event. Order: priority (staff moving an entry up, recorded in
-- moved_by / moved_at), then time of joining. An offer holds 1 + guests seats until
-- offer_expires_at.
create table public.event_waitlist (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  user_id uuid not null references public.users (id) on delete cascade default auth.uid(),
  guests int not null default 0 check (guests between 0 and 20),
  status text not null default 'waiting'
    check (status in ('waiting', 'offered', 'accepted', 'declined', 'expired', 'left')),
  joined_at timestamptz not null default clock_timestamp(),
  priority int not null default 0,
  moved_by uuid references public.users (id) on delete set null,
  moved_at timestamptz,
  offered_at timestamptz,
  offer_expires_at timestamptz,
  decided_at timestamptz,
  updated_at timestamptz not null default now(),
  unique (event_id, user_id),
  check (status <> 'offered' or offer_expires_at is not null)
);
comment on table public.event_waitlist is 'Waitlists of full events: one place per person and event, offers held until offer_expires_at.';
create index event_waitlist_queue on public.event_waitlist (event_id, priority desc, joined_at, id) where status = 'waiting';
create index event_waitlist_offers on public.event_waitlist (offer_expires_at) where status = 'offered';
create index event_waitlist_user on public.event_waitlist (user_id);

-- Reminders sent (once per registration and kind).
create table app.event_reminders_sent (
  registration_id uuid not null references public.event_registrations (id) on delete cascade,
  kind text not null check (kind in ('day_before', 'two_hours')),
  sent_at timestamptz not null default now(),
  primary key (registration_id, kind)
);
comment on table app.event_reminders_sent is 'Event reminders already sent, so each goes once.';

-- Check-in on the day: when and by whom (attendance_status becomes attended).
alter table public.event_registrations
  add column checked_in_at timestamptz,
  add column checked_in_by uuid references public.users (id) on delete set null;

-- A member's personal calendar feed: a secret token in the feed's URL, revoked by deleting
-- the row (or replaced by a new one).
create table public.calendar_feeds (
  user_id uuid primary key references public.users (id) on delete cascade default auth.uid(),
  token text not null unique check (token ~ '^[A-Za-z0-9_-]{32,}$'),
  created_at timestamptz not null default now()
);
comment on table public.calendar_feeds is 'Personal calendar feed tokens (secret, revocable): the events a member registered for.';

-- Calendar files are served as text/calendar by the REST engine (docs/rest.md, media types).
create domain public."text/calendar" as text;

grant select on public.event_waitlist to authenticated;
grant select, delete on public.calendar_feeds to authenticated;
grant all on public.event_waitlist, public.calendar_feeds to service_role;

-- The registrations screen shows the waitlist live (each change read again under the reader's
-- policies: event staff see every place, a member their own).
select realtime.enable('public.event_waitlist');
