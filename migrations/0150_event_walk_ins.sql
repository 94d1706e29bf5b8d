-- Events, issue 37: walk-in guests without an account, recorded by event staff at the door
-- (name, phone, seats), counted against the capacity under the event row's lock
-- (public.add_walk_in, functions/43_event_day.sql) and listed in the attendees' CSV.
create table public.event_walk_ins (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  full_name text not null check (length(btrim(full_name)) between 1 and 100),
  phone text check (phone is null or (length(phone) <= 20 and app.is_phone(phone))),
  seats int not null default 1 check (seats between 1 and 50),
  checked_in_at timestamptz not null default now(),
  recorded_by uuid references public.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now()
);
comment on table public.event_walk_ins is 'Walk-in guests without an account, recorded by event staff; their seats count against the capacity.';
create index event_walk_ins_event on public.event_walk_ins (event_id, checked_in_at);
create index event_walk_ins_recorded_by on public.event_walk_ins (recorded_by);

-- Read by event staff (policies/41_event_waitlist.sql); written only by the functions.
revoke all on public.event_walk_ins from anon, authenticated;
grant select on public.event_walk_ins to authenticated;
grant all on public.event_walk_ins to service_role;

-- The registrations screen's counts follow walk-ins live.
select realtime.enable('public.event_walk_ins');

-- The day's counts gain walk-ins, offered seats and every seat taken (a new return type: the
-- definition in functions/43_event_day.sql creates it again).
drop function if exists public.event_day_counts(uuid);

-- An event's own calendar file carries reminders (VALARM): app.ics_event gains `alarms`
-- (functions/42_event_calendar.sql creates it again).
drop function if exists app.ics_event(public.events);
