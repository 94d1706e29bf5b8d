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

-- Check-in and its undo (a tap on the wrong name): the registrant's attendance and who checked
-- them in, for event staff. The event row is locked first, as every writer of its seats does.
create or replace function app.set_checked_in(event_id uuid, user_id uuid, attended boolean)
returns public.event_registrations
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
  perform from public.events e where e.id = set_checked_in.event_id for update;
  update public.event_registrations r
     set attendance_status = case when attended then 'attended' else 'registered' end,
         checked_in_at = case when attended then coalesce(r.checked_in_at, now()) end,
         checked_in_by = case when attended then coalesce(r.checked_in_by, auth.uid()) end,
         checked_in_via = case when attended then coalesce(r.checked_in_via, 'list') end
   where r.event_id = set_checked_in.event_id and r.user_id = set_checked_in.user_id
     and r.attendance_status = any (case when attended then array['registered', 'attended', 'absent']
                                         else array['attended'] end)
  returning * into registration;
  if registration.id is null then
    raise exception '%', case when attended then 'No registration to check in' else 'Nobody to undo: not checked in' end
      using errcode = 'PT404';
  end if;
  return registration;
end
$$;
revoke execute on function app.set_checked_in(uuid, uuid, boolean) from public;

-- Check-in of a registrant (from the list today; the membership card's scanner calls the same).
create or replace function public.check_in_attendee(event_id uuid, user_id uuid) returns public.event_registrations
language sql
security definer
set search_path = ''
as $$ select app.set_checked_in(check_in_attendee.event_id, check_in_attendee.user_id, true) $$;
comment on function public.check_in_attendee(uuid, uuid) is 'Event staff: marks a registrant as attended (from the list, or a scanned membership card).';
revoke execute on function public.check_in_attendee(uuid, uuid) from public;
grant execute on function public.check_in_attendee(uuid, uuid) to authenticated;

-- Check-in by the membership card (issue 36 item 8): the scanner checked the card's signature
-- and expiry on its device (offline too) and sends the member number and the card's version,
-- with the time of the scan when the check-in waited in the device's queue. Event staff only;
-- the card must not be revoked (a version older than the member's, or a holder no longer in
-- good standing) and its holder must be registered for the event. Idempotent: scanning again
-- (or a queued check-in sent twice) keeps the first time and who, and says `already`. The
-- scan's time is believed when it lies within the last two days and not in the future, else
-- the server's time is recorded. The event row is locked first, as every writer of its seats.
create or replace function public.check_in_member(event_id uuid, member_no text, card_version int default null,
  scanned_at timestamptz default null)
returns table (user_id uuid, full_name text, guests int, checked_in_at timestamptz, checked_in_by uuid, already boolean)
language plpgsql
security definer
set search_path = ''
as $$
declare
  event public.events;
  holder record;
  registration public.event_registrations;
  was_in boolean;
  seen timestamptz := case when check_in_member.scanned_at between now() - interval '2 days' and now()
                           then check_in_member.scanned_at else now() end;
begin
  if not app.can_manage_events() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  select * into event from public.events e where e.id = check_in_member.event_id for update;
  if not found then
    raise exception 'Resource not found' using errcode = 'PT404', detail = 'no such event';
  end if;
  if event.status = 'cancelled' then
    raise exception 'This event is cancelled' using errcode = '23514';
  end if;
  select d.user_id as account, d.full_name as name, m.card_version as version,
         d.approval_status = 'approved' and m.approval_status = 'approved' and u.status = 'approved' as good
    into holder
    from public.member_directory d
    join public.members m on m.user_id = d.user_id
    join public.users u on u.id = d.user_id
   where d.membership_no = btrim(check_in_member.member_no)
   order by d.approved_at desc nulls last
   limit 1;
  if not found then
    raise exception 'No member has this number' using errcode = 'PT404';
  end if;
  if not holder.good or check_in_member.card_version < holder.version then
    raise exception 'This card is revoked' using errcode = '23514',
      detail = 'a newer card was issued, or the holder is no longer an approved member';
  end if;
  select * into registration from public.event_registrations r
   where r.event_id = event.id and r.user_id = holder.account;
  if not found or registration.attendance_status = 'cancelled' then
    raise exception 'Not registered for this event' using errcode = 'PT404',
      detail = format('%s has no registration for %s', holder.name, event.title);
  end if;
  was_in := registration.attendance_status = 'attended';
  update public.event_registrations r
     set attendance_status = 'attended',
         checked_in_at = coalesce(r.checked_in_at, seen),
         checked_in_by = coalesce(r.checked_in_by, auth.uid()),
         checked_in_via = coalesce(r.checked_in_via, 'card')
   where r.id = registration.id
  returning * into registration;
  return query select holder.account, holder.name::text, registration.guests, registration.checked_in_at,
    registration.checked_in_by, was_in;
end
$$;
comment on function public.check_in_member(uuid, text, int, timestamptz) is
  'Event staff: checks in the registrant holding a scanned membership card (member number, card version, time of the scan); idempotent.';
revoke execute on function public.check_in_member(uuid, text, int, timestamptz) from public;
grant execute on function public.check_in_member(uuid, text, int, timestamptz) to authenticated;

-- Undoes a check-in: the registrant is registered again, not yet arrived.
create or replace function public.undo_check_in(event_id uuid, user_id uuid) returns public.event_registrations
language sql
security definer
set search_path = ''
as $$ select app.set_checked_in(undo_check_in.event_id, undo_check_in.user_id, false) $$;
comment on function public.undo_check_in(uuid, uuid) is 'Event staff: undoes a check-in (the registrant is registered, not arrived).';
revoke execute on function public.undo_check_in(uuid, uuid) from public;
grant execute on function public.undo_check_in(uuid, uuid) to authenticated;

-- A walk-in guest without an account (name, phone, seats), recorded by event staff at the
-- door and counted against the capacity under the event row's lock: never oversold, however
-- many doors record at once. A cancelled event takes none.
create or replace function public.add_walk_in(event_id uuid, full_name text, phone text default null, seats int default 1)
returns public.event_walk_ins
language plpgsql
security definer
set search_path = ''
as $$
declare
  event public.events;
  walk_in public.event_walk_ins;
begin
  if not app.can_manage_events() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  if seats is null or seats not between 1 and 50 then
    raise exception 'Validation error - please check your input' using errcode = '23514', detail = 'seats: 1 to 50';
  end if;
  select * into event from public.events e where e.id = add_walk_in.event_id for update;
  if not found then
    raise exception 'Resource not found' using errcode = 'PT404', detail = 'no such event';
  end if;
  if event.status = 'cancelled' then
    raise exception 'Registration is closed for this event' using errcode = '23514', detail = 'the event is cancelled';
  end if;
  perform app.check_event_capacity(event, seats);
  insert into public.event_walk_ins (event_id, full_name, phone, seats, recorded_by)
  values (event.id, btrim(full_name), nullif(btrim(phone), ''), seats, auth.uid())
  returning * into walk_in;
  return walk_in;
end
$$;
comment on function public.add_walk_in(uuid, text, text, int) is 'Event staff: records a walk-in guest without an account (counted against the capacity).';
revoke execute on function public.add_walk_in(uuid, text, text, int) from public;
grant execute on function public.add_walk_in(uuid, text, text, int) to authenticated;

-- Removes a walk-in recorded by mistake; the seats go to the waitlist.
create or replace function public.remove_walk_in(walk_in_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  target uuid;
begin
  if not app.can_manage_events() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  select k.event_id into target from public.event_walk_ins k where k.id = walk_in_id;
  if target is null then
    raise exception 'Resource not found' using errcode = 'PT404', detail = 'no such walk-in';
  end if;
  perform from public.events e where e.id = target for update;
  delete from public.event_walk_ins k where k.id = walk_in_id;
  perform app.promote_waitlist(target);
end
$$;
comment on function public.remove_walk_in(uuid) is 'Event staff: removes a walk-in recorded by mistake (its seats are freed).';
revoke execute on function public.remove_walk_in(uuid) from public;
grant execute on function public.remove_walk_in(uuid) to authenticated;

-- The counts of an event's day for its staff: registrations and their seats, checked in,
-- walk-ins, waiting, offers held and their seats, every seat taken against the maximum.
create or replace function public.event_day_counts(event_id uuid)
returns table (registrations int, people int, checked_in int, people_checked_in int, walk_ins int, walk_in_seats int,
  waiting int, offered int, offered_seats int, seats_taken int, max_attendees int)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if not app.can_manage_events() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  return query
  select r.registrations, r.people, r.checked_in, r.people_checked_in, k.walk_ins, k.walk_in_seats,
         w.waiting, w.offered, w.offered_seats, app.event_seats_taken(e.id), e.max_attendees
    from public.events e,
    lateral (select count(*) filter (where x.attendance_status <> 'cancelled')::int as registrations,
                    coalesce(sum(1 + x.guests) filter (where x.attendance_status <> 'cancelled'), 0)::int as people,
                    count(*) filter (where x.attendance_status = 'attended')::int as checked_in,
                    coalesce(sum(1 + x.guests) filter (where x.attendance_status = 'attended'), 0)::int as people_checked_in
               from public.event_registrations x where x.event_id = e.id) r,
    lateral (select count(*)::int as walk_ins, coalesce(sum(x.seats), 0)::int as walk_in_seats
               from public.event_walk_ins x where x.event_id = e.id) k,
    lateral (select count(*) filter (where x.status = 'waiting')::int as waiting,
                    count(*) filter (where x.status = 'offered' and x.offer_expires_at > now())::int as offered,
                    coalesce(sum(1 + x.guests) filter (where x.status = 'offered' and x.offer_expires_at > now()), 0)::int
                      as offered_seats
               from public.event_waitlist x where x.event_id = e.id) w
   where e.id = event_day_counts.event_id;
end
$$;
comment on function public.event_day_counts(uuid) is 'Event staff: registrations, check-ins, walk-ins, waitlist and offers of an event, and every seat taken.';
revoke execute on function public.event_day_counts(uuid) from public;
grant execute on function public.event_day_counts(uuid) to authenticated;
