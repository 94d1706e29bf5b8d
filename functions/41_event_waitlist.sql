-- The waitlist of a full event (issue 37), after pretix: join when full (guests count as
-- seats), offers that hold the seats for the event's offer time (48 h by default, at least 6,
-- never past the registration deadline nor the start), accept / decline, expiry passing the
-- seats on, staff moving an entry up (recorded) and running offers by hand. The event row is
-- the lock: every function here locks it first, as the registration trigger does, so seats
-- held by offers, registrations and the capacity agree under any concurrency.
--
-- Every notice text is in app.notice_texts (06_notice_texts.sql), in each language.

-- When an event starts (Asia/Kolkata; a day without a time starts at 00:00).
create or replace function app.event_starts_at(event public.events) returns timestamptz
language sql immutable
set search_path = ''
as $$ select (event.event_date + coalesce(event.event_time, time '00:00')) at time zone 'Asia/Kolkata' $$;
revoke execute on function app.event_starts_at(public.events) from public;

-- Seats an event has given: live registrations (1 + guests each), walk-ins and live offers.
create or replace function app.event_seats_taken(event_id uuid, except_user uuid default null) returns int
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  return (select coalesce(sum(1 + r.guests), 0) from public.event_registrations r
           where r.event_id = event_seats_taken.event_id and r.attendance_status <> 'cancelled'
             and r.user_id is distinct from except_user)
       + (select coalesce(sum(1 + w.guests), 0) from public.event_waitlist w
           where w.event_id = event_seats_taken.event_id and w.status = 'offered' and w.offer_expires_at > now()
             and w.user_id is distinct from except_user)
       + (select coalesce(sum(k.seats), 0) from public.event_walk_ins k where k.event_id = event_seats_taken.event_id);
end
$$;
revoke execute on function app.event_seats_taken(uuid, uuid) from public;

-- The values of an event's notices (their words: app.notice_texts, event_<kind>).
create or replace function app.event_notice_values(event public.events, until timestamptz default null) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object('title', event.title, 'event_date', event.event_date,
    'event_time', to_char(event.event_time, 'HH24:MI'), 'location', event.location, 'until_at', until)
$$;
revoke execute on function app.event_notice_values(public.events, timestamptz) from public;

-- An event's notice in English: title and message for a kind.
create or replace function app.event_notice(kind text, event public.events, until timestamptz default null,
  out title text, out message text)
language sql stable
set search_path = ''
as $$ select n.title, n.message from app.notice('event_' || kind, 'en', app.event_notice_values(event, until)) n $$;
revoke execute on function app.event_notice(text, public.events, timestamptz) from public;

-- Tells `recipients` of an event, each in their language: bell and push (their notification
-- choices decide), and when `by_mail`, an e-mail to those who want event notices, linking to
-- the event's page (where an offer is accepted or declined).
create or replace function app.tell_about_event(recipients uuid[], kind text, event public.events,
  by_mail boolean, until timestamptz default null, tag text default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  vals jsonb := app.event_notice_values(event, until);
begin
  if coalesce(cardinality(recipients), 0) = 0 then
    return;
  end if;
  perform app.notify_notice(recipients, 'event', 'event_' || kind, vals,
    jsonb_build_object('event_id', event.id, 'notice', kind), '/events/' || event.id,
    coalesce(tag, kind || '-' || event.id));
  if by_mail then
    insert into auth.mail_outbox (recipient, subject, body_text, kind, link)
    select u.email, n.title, n.message, 'event_' || kind, '/events/' || event.id
      from public.users u
     cross join lateral app.notice('event_' || kind, coalesce(u.preferred_language, 'en'), vals) n
     where u.id = any (recipients) and u.email is not null and app.wants_notification(u.id, 'event');
  end if;
end
$$;
revoke execute on function app.tell_about_event(uuid[], text, public.events, boolean, timestamptz, text) from public;

-- Expires stale offers and offers free seats to the first waiting entries that fit, in order
-- (priority, then time of joining). Locks the event row. Returns the offers made.
create or replace function app.promote_waitlist(target uuid) returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  event public.events;
  entry public.event_waitlist;
  free int;
  until timestamptz;
  offered int := 0;
  expired uuid[];
begin
  select * into event from public.events where id = target for update;
  if not found then
    return 0;
  end if;
  with gone as (
    update public.event_waitlist set status = 'expired', decided_at = now(), updated_at = now()
     where event_id = target and status = 'offered' and offer_expires_at <= now()
    returning user_id)
  select array_agg(user_id) into expired from gone;
  perform app.tell_about_event(expired, 'offer_expired', event, false);
  if event.status not in ('upcoming', 'published') or not event.registration_required
     or event.max_attendees is null
     or (event.registration_deadline is not null and event.registration_deadline <= now())
     or app.event_starts_at(event) <= now() then
    return 0;
  end if;
  free := event.max_attendees - app.event_seats_taken(target);
  until := least(now() + make_interval(hours => greatest(event.waitlist_offer_hours, 6)),
                 event.registration_deadline, app.event_starts_at(event));
  for entry in
    select * from public.event_waitlist
     where event_id = target and status = 'waiting'
     order by priority desc, joined_at, id
  loop
    exit when free <= 0;
    continue when 1 + entry.guests > free;
    update public.event_waitlist
       set status = 'offered', offered_at = now(), offer_expires_at = until, updated_at = now()
     where id = entry.id;
    free := free - 1 - entry.guests;
    offered := offered + 1;
    perform app.tell_about_event(array[entry.user_id], 'offer', event, true, until, 'offer-' || entry.id);
  end loop;
  return offered;
end
$$;
revoke execute on function app.promote_waitlist(uuid) from public;

-- Joins the waitlist of a full event (one place per person; joining again after leaving,
-- declining or an expired offer goes to the end).
create or replace function public.join_event_waitlist(event_id uuid, guests int default 0) returns public.event_waitlist
language plpgsql
security definer
set search_path = ''
as $$
declare
  event public.events;
  entry public.event_waitlist;
  me uuid := auth.uid();
begin
  if me is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  if guests is null or guests not between 0 and 20 then
    raise exception 'Validation error - please check your input' using errcode = '23514', detail = 'guests: 0 to 20';
  end if;
  select * into event from public.events e where e.id = join_event_waitlist.event_id for update;
  if not found or event.status = 'cancelled' and not app.can_manage_events() then
    raise exception 'Resource not found' using errcode = '23503', detail = 'no such event';
  end if;
  if event.status not in ('upcoming', 'published') or not event.registration_required or event.max_attendees is null then
    raise exception 'This event has no waitlist' using errcode = '23514';
  end if;
  if event.registration_deadline is not null and now() > event.registration_deadline then
    raise exception 'The registration deadline has passed' using errcode = '23514';
  end if;
  if exists (select from public.event_registrations r where r.event_id = event.id and r.user_id = me
              and r.attendance_status <> 'cancelled') then
    raise exception 'You are already registered' using errcode = '23505';
  end if;
  if event.max_attendees - app.event_seats_taken(event.id) >= 1 + guests
     and not exists (select from public.event_waitlist w where w.event_id = event.id and w.status = 'waiting') then
    raise exception 'Places are still free: register instead' using errcode = '23514';
  end if;
  insert into public.event_waitlist as w (event_id, user_id, guests)
  values (event.id, me, guests)
  on conflict on constraint event_waitlist_event_id_user_id_key do update
     set status = 'waiting', guests = excluded.guests, joined_at = clock_timestamp(), priority = 0, moved_by = null,
         moved_at = null, offered_at = null, offer_expires_at = null, decided_at = null, updated_at = now()
   where w.status in ('declined', 'expired', 'left', 'accepted')
  returning * into entry;
  if entry.id is null then
    raise exception 'You are already on the waitlist' using errcode = '23505';
  end if;
  return entry;
end
$$;
comment on function public.join_event_waitlist(uuid, int) is 'Joins the waitlist of a full event (guests count as seats); one place per person.';
revoke execute on function public.join_event_waitlist(uuid, int) from public;
grant execute on function public.join_event_waitlist(uuid, int) to authenticated;

-- Ends the caller's waitlist place of an event, when it is in one of `current` states, as
-- `ending` (left, declined), then passes the freed seats on; else `refusal`.
create or replace function app.end_waitlist_place(event_id uuid, ending text, current text[], refusal text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform from public.events e where e.id = end_waitlist_place.event_id for update;
  update public.event_waitlist w set status = ending, decided_at = now(), updated_at = now()
   where w.event_id = end_waitlist_place.event_id and w.user_id = auth.uid() and w.status = any (current);
  if not found then
    raise exception '%', refusal using errcode = 'P0001';
  end if;
  perform app.promote_waitlist(end_waitlist_place.event_id);
end
$$;
revoke execute on function app.end_waitlist_place(uuid, text, text[], text) from public;

-- Leaves the waitlist (an offer held is given up and passed on).
create or replace function public.leave_event_waitlist(event_id uuid) returns void
language sql
security definer
set search_path = ''
as $$
  select app.end_waitlist_place(leave_event_waitlist.event_id, 'left', array['waiting', 'offered'],
    'You are not on the waitlist')
$$;
revoke execute on function public.leave_event_waitlist(uuid) from public;
grant execute on function public.leave_event_waitlist(uuid) to authenticated;

-- Accepts the caller's offer: the held seats become a registration (with the guests of the
-- waitlist entry).
create or replace function public.accept_event_offer(event_id uuid) returns public.event_registrations
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry public.event_waitlist;
  registration public.event_registrations;
begin
  perform from public.events e where e.id = accept_event_offer.event_id for update;
  select * into entry from public.event_waitlist w
   where w.event_id = accept_event_offer.event_id and w.user_id = auth.uid();
  if not found or entry.status <> 'offered' then
    raise exception 'You have no offer for this event' using errcode = 'P0001';
  end if;
  if entry.offer_expires_at <= now() then
    raise exception 'This offer has expired' using errcode = '23514',
      detail = format('it was held until %s', entry.offer_expires_at);
  end if;
  update public.event_waitlist set status = 'accepted', decided_at = now(), updated_at = now() where id = entry.id;
  insert into public.event_registrations as r (event_id, user_id, guests)
  values (entry.event_id, entry.user_id, entry.guests)
  on conflict on constraint event_registrations_event_id_user_id_key do update
    set attendance_status = 'registered', guests = excluded.guests, registration_date = now()
   where r.attendance_status = 'cancelled'
  returning * into registration;
  if registration.id is null then
    raise exception 'You are already registered' using errcode = '23505';
  end if;
  return registration;
end
$$;
revoke execute on function public.accept_event_offer(uuid) from public;
grant execute on function public.accept_event_offer(uuid) to authenticated;

-- Declines the caller's offer: the seats go to the next who fit.
create or replace function public.decline_event_offer(event_id uuid) returns void
language sql
security definer
set search_path = ''
as $$
  select app.end_waitlist_place(decline_event_offer.event_id, 'declined', array['offered'],
    'You have no offer for this event')
$$;
revoke execute on function public.decline_event_offer(uuid) from public;
grant execute on function public.decline_event_offer(uuid) to authenticated;

-- Event staff move a waiting entry to the front (recorded), then offers run.
create or replace function public.move_waitlist_entry_up(entry_id uuid) returns public.event_waitlist
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry public.event_waitlist;
begin
  if not app.can_manage_events() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  select * into entry from public.event_waitlist where id = entry_id;
  if not found or entry.status <> 'waiting' then
    raise exception 'Only a waiting entry can be moved' using errcode = 'P0001';
  end if;
  perform from public.events e where e.id = entry.event_id for update;
  update public.event_waitlist w
     set priority = 1 + (select coalesce(max(o.priority), 0) from public.event_waitlist o
                          where o.event_id = entry.event_id and o.status = 'waiting'),
         moved_by = auth.uid(), moved_at = now(), updated_at = now()
   where w.id = entry_id
  returning * into entry;
  perform app.promote_waitlist(entry.event_id);
  select * into entry from public.event_waitlist where id = entry_id;
  return entry;
end
$$;
revoke execute on function public.move_waitlist_entry_up(uuid) from public;
grant execute on function public.move_waitlist_entry_up(uuid) to authenticated;

-- Expiries and offers of one event, or of every event with a waitlist; returns the offers made.
create or replace function app.run_waitlist_offers(target uuid default null) returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  one uuid;
  offered int := 0;
begin
  for one in
    select distinct w.event_id from public.event_waitlist w
     where w.status in ('waiting', 'offered') and (target is null or w.event_id = target)
     order by 1
  loop
    offered := offered + app.promote_waitlist(one);
  end loop;
  return offered;
end
$$;
revoke execute on function app.run_waitlist_offers(uuid) from public;

-- Offers by hand (event staff): one event, or every event with a waitlist.
create or replace function public.run_waitlist_offers(event_id uuid default null) returns int
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not app.can_manage_events() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  return app.run_waitlist_offers(run_waitlist_offers.event_id);
end
$$;
comment on function public.run_waitlist_offers(uuid) is 'Event staff: expire stale offers and offer free seats now (one event, or all).';
revoke execute on function public.run_waitlist_offers(uuid) from public;
grant execute on function public.run_waitlist_offers(uuid) to authenticated;

-- The scheduler's job (ops.declare_job below): expiries and offers of every event.
create or replace function app.waitlist_offers_job() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  return jsonb_build_object('offered', app.run_waitlist_offers());
end
$$;
revoke execute on function app.waitlist_offers_job() from public;

-- Seats freed: a registration cancelled or deleted, fewer guests; the capacity raised.
create or replace function app.waitlist_after_registration_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    perform app.promote_waitlist(old.event_id);
  elsif (new.attendance_status = 'cancelled' and old.attendance_status <> 'cancelled') or new.guests < old.guests then
    perform app.promote_waitlist(new.event_id);
  end if;
  return null;
end
$$;
revoke execute on function app.waitlist_after_registration_change() from public;
create or replace trigger event_registrations_waitlist after update or delete on public.event_registrations
  for each row execute function app.waitlist_after_registration_change();

create or replace function app.waitlist_after_capacity_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.max_attendees is distinct from old.max_attendees or new.waitlist_offer_hours <> old.waitlist_offer_hours then
    perform app.promote_waitlist(new.id);
  end if;
  return null;
end
$$;
revoke execute on function app.waitlist_after_capacity_change() from public;
create or replace trigger events_waitlist_capacity after update of max_attendees, waitlist_offer_hours on public.events
  for each row execute function app.waitlist_after_capacity_change();

create or replace trigger event_waitlist_updated_at before update on public.event_waitlist
  for each row execute function app.touch_updated_at();

select ops.declare_job('event_waitlist_offers', '0 * * * * *', 'app.waitlist_offers_job', 'Asia/Kolkata', 120);
