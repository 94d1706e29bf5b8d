-- An event's maximum attendees counts people, not rows: a registration brings its registrant
-- and their guests. The rule of 0017 counted rows and was only checked when a registration was
-- made or taken up again, so a registrant could raise their guests past the limit afterwards.
-- Now every write that adds people (a new registration, a cancelled one taken up again, more
-- guests on a live one) is checked against the places left, under the same lock on the event
-- row, so concurrent writes still queue and the count stays exact.

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
    -- Only a write that adds people needs a place: taking up a cancelled registration again,
    -- or more guests on a live one.
    if new.attendance_status = 'cancelled'
       or (old.attendance_status <> 'cancelled' and new.guests <= old.guests) then
      return new;
    end if;
  end if;
  select * into event from public.events where id = new.event_id for update;
  if not found then
    raise exception 'Resource not found' using errcode = '23503', detail = 'no such event';
  end if;
  -- More guests on a live registration: only the places count, not the deadline or status.
  if not (tg_op = 'UPDATE' and old.attendance_status <> 'cancelled') then
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
  end if;
  if event.max_attendees is not null then
    select coalesce(sum(1 + guests), 0) into taken from public.event_registrations
     where event_id = new.event_id and attendance_status <> 'cancelled' and id <> new.id;
    if taken + 1 + new.guests > event.max_attendees then
      raise exception 'This event is full' using errcode = '23514',
        detail = format('%s of %s places are taken', taken, event.max_attendees);
    end if;
  end if;
  return new;
end
$$;
revoke execute on function app.check_event_registration() from public;

-- The people an event expects (registrants and their guests, cancellations left out), for its
-- staff's registrations screen and anyone reading the event: a count, never who.
create function public.event_attendance(event_id uuid) returns table (registrations int, people int, max_attendees int)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  -- plpgsql: app.can_manage_events() is defined with the policies, after the migrations.
  return query
  select count(r.id)::int, coalesce(sum(1 + r.guests), 0)::int, e.max_attendees
    from public.events e
    left join public.event_registrations r on r.event_id = e.id and r.attendance_status <> 'cancelled'
   where e.id = event_attendance.event_id
     and (e.status <> 'cancelled' or app.can_manage_events())
   group by e.id, e.max_attendees;
end
$$;
comment on function public.event_attendance(uuid) is
  'Registrations and people (registrants plus guests) an event expects, against its maximum; cancelled events only for event staff.';
revoke execute on function public.event_attendance(uuid) from public;
grant execute on function public.event_attendance(uuid) to anon, authenticated, service_role;
