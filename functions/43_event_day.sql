-- The days around an event (issue 37): reminders the day before and two hours before (bell and
-- push, and e-mail for the day before), each once per registration, by an app job of the
-- scheduler; check-in on the day, and the counts staff watch.

-- When reminders are timed from: the start, or 09:00 for a day without a time.
create or replace function app.event_reminder_anchor(event public.events) returns timestamptz
language sql immutable
set search_path = ''
as $$ select (event.event_date + coalesce(event.event_time, time '09:00')) at time zone 'Asia/Kolkata' $$;
revoke execute on function app.event_reminder_anchor(public.events) from public;

-- Sends the reminders that are due and not sent yet. A registration made after the day-before
-- window gets only the two-hour one.
create or replace function app.event_reminders_job() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  event public.events;
  kind text;
  people uuid[];
  sent int := 0;
begin
  for event in
    select * from public.events e
     where e.status in ('upcoming', 'published') and e.event_date between current_date - 1 and current_date + 2
       and now() >= app.event_reminder_anchor(e) - interval '1 day' and now() < app.event_reminder_anchor(e)
     order by e.event_date, e.id
  loop
    kind := case when now() < app.event_reminder_anchor(event) - interval '2 hours' then 'day_before' else 'two_hours' end;
    with fresh as (
      insert into app.event_reminders_sent (registration_id, kind)
      select r.id, kind from public.event_registrations r
       where r.event_id = event.id and r.attendance_status = 'registered'
      on conflict do nothing
      returning registration_id)
    select array_agg(r.user_id) into people
      from fresh join public.event_registrations r on r.id = fresh.registration_id;
    perform app.tell_about_event(people, 'reminder_' || kind, event, kind = 'day_before', null,
      'reminder-' || kind || '-' || event.id);
    sent := sent + coalesce(cardinality(people), 0);
  end loop;
  return jsonb_build_object('reminded', sent);
end
$$;
revoke execute on function app.event_reminders_job() from public;
select ops.declare_job('event_reminders', '*/5 * * * *', 'app.event_reminders_job', 'Asia/Kolkata', 300);

-- Check-in of a registrant (from the list today; the membership card's scanner calls the same).
create or replace function public.check_in_attendee(event_id uuid, user_id uuid) returns public.event_registrations
language plpgsql
security definer
set search_path = ''
as $$
declare
  registration public.event_registrations;
begin
  if not app.can_manage_events() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  update public.event_registrations r
     set attendance_status = 'attended', checked_in_at = coalesce(r.checked_in_at, now()),
         checked_in_by = coalesce(r.checked_in_by, auth.uid())
   where r.event_id = check_in_attendee.event_id and r.user_id = check_in_attendee.user_id
     and r.attendance_status in ('registered', 'attended', 'absent')
  returning * into registration;
  if registration.id is null then
    raise exception 'No registration to check in' using errcode = 'PT404';
  end if;
  return registration;
end
$$;
comment on function public.check_in_attendee(uuid, uuid) is 'Event staff: marks a registrant as attended (from the list, or a scanned membership card).';
revoke execute on function public.check_in_attendee(uuid, uuid) from public;
grant execute on function public.check_in_attendee(uuid, uuid) to authenticated;

-- The counts of an event's day for its staff: registrations and people, checked in, waiting,
-- offers held.
create or replace function public.event_day_counts(event_id uuid)
returns table (registrations int, people int, checked_in int, people_checked_in int, waiting int, offered int,
  max_attendees int)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if not app.can_manage_events() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  return query
  select (select count(*)::int from public.event_registrations r where r.event_id = e.id and r.attendance_status <> 'cancelled'),
         (select coalesce(sum(1 + r.guests), 0)::int from public.event_registrations r
           where r.event_id = e.id and r.attendance_status <> 'cancelled'),
         (select count(*)::int from public.event_registrations r where r.event_id = e.id and r.attendance_status = 'attended'),
         (select coalesce(sum(1 + r.guests), 0)::int from public.event_registrations r
           where r.event_id = e.id and r.attendance_status = 'attended'),
         (select count(*)::int from public.event_waitlist w where w.event_id = e.id and w.status = 'waiting'),
         (select count(*)::int from public.event_waitlist w where w.event_id = e.id and w.status = 'offered'
             and w.offer_expires_at > now()),
         e.max_attendees
    from public.events e where e.id = event_day_counts.event_id;
end
$$;
comment on function public.event_day_counts(uuid) is 'Event staff: registrations, people, check-ins, waitlist and offers of an event.';
revoke execute on function public.event_day_counts(uuid) from public;
grant execute on function public.event_day_counts(uuid) to authenticated;
