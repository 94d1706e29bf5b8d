-- Events and their registrations: capacity (seats held by waitlist offers included,
-- functions/41_event_waitlist.sql) and deadlines checked under a lock, what a
-- registrant may change, and the attendance count staff and visitors read.

-- Refuses `seats` more when they do not fit the event's capacity: every seat given counts
-- (registrations with their guests, walk-ins, seats held by offers; `except_user`'s own left
-- out, for a registrant changing theirs). The caller holds the event row's lock.
create or replace function app.check_event_capacity(event public.events, seats int, except_user uuid default null)
returns void
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  taken int;
begin
  if event.max_attendees is null then
    return;
  end if;
  taken := app.event_seats_taken(event.id, except_user);
  if taken + seats > event.max_attendees then
    raise exception 'This event is full' using errcode = '23514',
      detail = format('%s of %s places are taken', taken, event.max_attendees);
  end if;
end
$$;
revoke execute on function app.check_event_capacity(public.events, int, uuid) from public;

-- A registration (a new row, or a cancelled one taken up again) needs an event that takes
-- registrations, before its deadline, with a place left; a registration takes 1 + guests
-- places, and a registrant who adds guests to a live registration is checked again (before the
-- deadline, while the event takes registrations; event staff also afterwards). The event
-- row is locked first, so concurrent registrations for one event queue here and the count they
-- see is exact: 50 requests for the last 5 places give exactly 5 registrations. Security
-- definer: the caller cannot see others' registrations, but the count must include them.
create or replace function app.check_event_registration() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  event public.events%rowtype;
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
      -- A live registration: only more guests need a check. Registrants add them while the
      -- event takes registrations; event staff also afterwards (walk-ins at the door).
      if new.guests <= old.guests then
        return new;
      end if;
      select * into event from public.events where id = new.event_id for update;
      if not app.can_manage_events() then
        if event.status not in ('upcoming', 'published') then
          raise exception 'Registration is closed for this event' using errcode = '23514',
            detail = format('the event is %s', event.status);
        end if;
        if event.registration_deadline is not null and now() > event.registration_deadline then
          raise exception 'The registration deadline has passed' using errcode = '23514',
            detail = 'guests are added before the deadline';
        end if;
      end if;
      perform app.check_event_capacity(event, 1 + new.guests, new.user_id);
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
  perform app.check_event_capacity(event, 1 + new.guests, new.user_id);
  -- Registered: a waitlist place or offer of theirs is done with.
  update public.event_waitlist set status = 'accepted', decided_at = now(), updated_at = now()
   where event_id = new.event_id and user_id = new.user_id and status in ('waiting', 'offered');
  return new;
end
$$;
revoke execute on function app.check_event_registration() from public;

-- A user edits only the attendance of their own registration, and only to cancel or take
-- it up again; event staff set attended/absent.
create or replace function app.guard_registration_update() returns trigger
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

-- The places an event has given, for its staff's registrations screen and anyone reading the
-- event: a count, never who. `people` is every seat taken (registrants and their guests,
-- walk-ins, and seats held by waitlist offers: "3 places left" leaves out held seats), the
-- same count the capacity check uses.
create or replace function public.event_attendance(event_id uuid) returns table (registrations int, people int, max_attendees int)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  -- plpgsql: app.can_manage_events() is defined with the policies, after the migrations.
  return query
  select (select count(*)::int from public.event_registrations r
           where r.event_id = e.id and r.attendance_status <> 'cancelled'),
         app.event_seats_taken(e.id), e.max_attendees
    from public.events e
   where e.id = event_attendance.event_id
     and (e.status <> 'cancelled' or app.can_manage_events());
end
$$;
comment on function public.event_attendance(uuid) is
  'Registrations, and places taken (registrants and guests, walk-ins, seats held by offers) against the maximum; cancelled events only for event staff.';
revoke execute on function public.event_attendance(uuid) from public;

-- Triggers on public.events.
create or replace trigger events_updated_at before update on public.events
  for each row execute function app.touch_updated_at();
create or replace trigger events_sanitize_html before insert or update of description on public.events
  for each row execute function app.sanitize_html_columns('description');

-- Triggers on public.event_registrations.
create or replace trigger event_registrations_updated_at before update on public.event_registrations
  for each row execute function app.touch_updated_at();
create or replace trigger event_registrations_rules before insert or update on public.event_registrations
  for each row execute function app.check_event_registration();
create or replace trigger event_registrations_guard before insert or update on public.event_registrations
  for each row execute function app.guard_registration_update();

-- Seats left: after any change to an event's registrations, waitlist offers or walk-ins, its
-- counts (the same as public.event_attendance, which any visitor may call: a count, never who)
-- go to the private realtime channel `event:<id>`. Security definer: the writer cannot read others'
-- registrations, and only the platform may broadcast.
create or replace function app.broadcast_event_attendance() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  event_id uuid;
  counts record;
begin
  if tg_op = 'DELETE' then
    event_id := old.event_id;
  else
    event_id := new.event_id;
  end if;
  select a.registrations, a.people, a.max_attendees into counts from public.event_attendance(event_id) as a;
  if found then
    perform realtime.send(
      jsonb_build_object('event_id', event_id, 'registrations', counts.registrations, 'people', counts.people,
                         'max_attendees', counts.max_attendees),
      'attendance', 'event:' || event_id, true);
  end if;
  return null;
end
$$;
revoke execute on function app.broadcast_event_attendance() from public;
create or replace trigger event_registrations_attendance after insert or update or delete on public.event_registrations
  for each row execute function app.broadcast_event_attendance();
create or replace trigger event_waitlist_attendance after insert or update or delete on public.event_waitlist
  for each row execute function app.broadcast_event_attendance();
create or replace trigger event_walk_ins_attendance after insert or update or delete on public.event_walk_ins
  for each row execute function app.broadcast_event_attendance();
