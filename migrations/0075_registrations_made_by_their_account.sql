-- Second hardening round (issue 31, items 2 and 10).
-- A registration for an account is made by that account: event staff no longer insert
-- registrations for others (policies/40_events.sql), so registering someone no longer shows
-- staff that account (policy "Event managers read the accounts registered for events"), and
-- the registrant is told only of a registration they made themselves.
-- Guests are added to a live registration only while the event takes registrations (before
-- its deadline); event staff may still add them afterwards (walk-ins at the door).

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
  -- Only the registrant who made the registration is told of it.
  if new.user_id = auth.uid() then
    perform app.notify_users(array[new.user_id], 'event', 'Registered: ' || event.title,
      'You are registered for ' || event.title || ' on ' || to_char(event.event_date, 'DD Mon YYYY') || '.',
      jsonb_build_object('event_id', event.id), '/events/' || event.id, 'registration-' || new.id);
  end if;
  perform app.notify_users(app.users_of_type('admin', 'super_admin', 'event_manager'), 'event',
    'New registration: ' || event.title, coalesce(who, 'Someone') || ' registered.',
    jsonb_build_object('event_id', event.id), '/admin/events/' || event.id || '/registrations', 'registrations-' || event.id);
  return null;
end
$$;
