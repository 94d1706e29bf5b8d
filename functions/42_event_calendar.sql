-- Calendar files (issue 37): an event's .ics and a member's personal feed, RFC 5545 (CRLF line
-- ends, lines folded at 75 octets without splitting a character, TEXT escaped, a stable UID,
-- DTSTAMP, METHOD:PUBLISH, Asia/Kolkata times with their VTIMEZONE, all-day events ending the
-- next day (DTEND is exclusive), SEQUENCE bumped on every change, STATUS:CANCELLED). Served as
-- text/calendar by the REST engine: the functions return the "text/calendar" domain.

-- A TEXT value escaped (backslash, semicolon, comma, line breaks).
create or replace function app.ics_text(value text) returns text
language sql immutable
set search_path = ''
as $$
  select replace(replace(replace(replace(replace(replace(coalesce(value, ''), '\', '\\'), ';', '\;'), ',', '\,'),
    E'\r\n', '\n'), E'\r', '\n'), E'\n', '\n')
$$;
revoke execute on function app.ics_text(text) from public;

-- A content line folded at 75 octets (continuations start with a space), ended by CRLF. A
-- character is never split: the octets of UTF-8 (Kannada takes three each) stay together.
create or replace function app.ics_line(line text) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  folded text := '';
  part text := '';
  room int := 75;
  ch text;
begin
  foreach ch in array regexp_split_to_array(line, '') loop
    if octet_length(part) + octet_length(ch) > room then
      folded := folded || part || E'\r\n ';
      part := '';
      room := 74;
    end if;
    part := part || ch;
  end loop;
  return folded || part || E'\r\n';
end
$$;
revoke execute on function app.ics_line(text) from public;

-- Rich text (sanitized HTML) as plain text for a calendar.
create or replace function app.ics_plain(html text) returns text
language sql immutable
set search_path = ''
as $$
  select btrim(replace(replace(replace(replace(replace(replace(
    regexp_replace(regexp_replace(coalesce(html, ''), '<(br|/p|/li|/h[1-6])[^>]*>', E'\n', 'gi'), '<[^>]*>', '', 'g'),
    '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'), E' \n\r\t')
$$;
revoke execute on function app.ics_plain(text) from public;

-- One VEVENT. The UID is the event's id: the same event in every file and feed. With
-- `alarms`, reminders the day before and two hours before (VALARM DISPLAY), for the file a
-- person adds by hand; a subscribed feed carries none (the calendar app's own choice).
create or replace function app.ics_event(event public.events, alarms boolean default false) returns text
language plpgsql stable
set search_path = ''
as $$
declare
  local_start timestamp := event.event_date + coalesce(event.event_time, time '00:00');
  lines text[];
begin
  lines := array[
    'BEGIN:VEVENT',
    'UID:event-' || event.id || '@havyaka-community',
    'DTSTAMP:' || to_char(now() at time zone 'UTC', 'YYYYMMDD"T"HH24MISS"Z"'),
    'LAST-MODIFIED:' || to_char(event.updated_at at time zone 'UTC', 'YYYYMMDD"T"HH24MISS"Z"'),
    'SEQUENCE:' || event.calendar_sequence,
    'STATUS:' || case when event.status = 'cancelled' then 'CANCELLED' else 'CONFIRMED' end,
    'SUMMARY:' || app.ics_text(event.title)];
  if event.event_time is null then
    lines := lines || array['DTSTART;VALUE=DATE:' || to_char(event.event_date, 'YYYYMMDD'),
                            'DTEND;VALUE=DATE:' || to_char(event.event_date + 1, 'YYYYMMDD')];
  else
    lines := lines || ('DTSTART;TZID=Asia/Kolkata:' || to_char(local_start, 'YYYYMMDD"T"HH24MISS'));
    if event.duration_minutes is not null then
      lines := lines || ('DTEND;TZID=Asia/Kolkata:'
        || to_char(local_start + make_interval(mins => event.duration_minutes), 'YYYYMMDD"T"HH24MISS'));
    end if;
  end if;
  if nullif(btrim(coalesce(event.location, '') || ' ' || coalesce(event.venue_details, '')), '') is not null then
    lines := lines || ('LOCATION:' || app.ics_text(concat_ws(', ', event.location, event.venue_details)));
  end if;
  lines := lines || ('DESCRIPTION:' || app.ics_text(app.ics_plain(event.description)));
  if alarms then
    lines := lines || array['BEGIN:VALARM', 'ACTION:DISPLAY', 'DESCRIPTION:' || app.ics_text(event.title),
                            'TRIGGER:-P1D', 'END:VALARM',
                            'BEGIN:VALARM', 'ACTION:DISPLAY', 'DESCRIPTION:' || app.ics_text(event.title),
                            'TRIGGER:-PT2H', 'END:VALARM'];
  end if;
  lines := lines || 'END:VEVENT'::text;
  return (select string_agg(app.ics_line(l), '' order by n) from unnest(lines) with ordinality as t(l, n));
end
$$;
revoke execute on function app.ics_event(public.events, boolean) from public;

-- A whole calendar around `events` (VEVENTs), with the Asia/Kolkata VTIMEZONE (IST, no
-- daylight saving).
create or replace function app.ics_calendar(name text, events text) returns "text/calendar"
language sql immutable
set search_path = ''
as $$
  select (app.ics_line('BEGIN:VCALENDAR') || app.ics_line('VERSION:2.0')
    || app.ics_line('PRODID:-//Havyaka Community//Events//EN') || app.ics_line('CALSCALE:GREGORIAN')
    || app.ics_line('METHOD:PUBLISH') || app.ics_line('X-WR-CALNAME:' || app.ics_text(name))
    || app.ics_line('X-WR-TIMEZONE:Asia/Kolkata')
    || app.ics_line('BEGIN:VTIMEZONE') || app.ics_line('TZID:Asia/Kolkata') || app.ics_line('BEGIN:STANDARD')
    || app.ics_line('DTSTART:19700101T000000') || app.ics_line('TZOFFSETFROM:+0530')
    || app.ics_line('TZOFFSETTO:+0530') || app.ics_line('TZNAME:IST') || app.ics_line('END:STANDARD')
    || app.ics_line('END:VTIMEZONE') || coalesce(events, '') || app.ics_line('END:VCALENDAR'))::public."text/calendar"
$$;
revoke execute on function app.ics_calendar(text, text) from public;

-- An event's calendar file, for anyone who may read the event; a cancelled one (STATUS:
-- CANCELLED) also for its registrants and waitlist, so their calendars drop it.
create or replace function public.event_calendar(event_id uuid) returns "text/calendar"
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  event public.events;
begin
  select * into event from public.events e where e.id = event_calendar.event_id;
  if not found or (event.status = 'cancelled' and not app.can_manage_events()
      and not exists (select from public.event_registrations r where r.event_id = event.id and r.user_id = auth.uid())
      and not exists (select from public.event_waitlist w where w.event_id = event.id and w.user_id = auth.uid())) then
    raise exception 'Resource not found' using errcode = 'PT404', detail = 'no such event';
  end if;
  return app.ics_calendar(event.title, app.ics_event(event, alarms => true));
end
$$;
comment on function public.event_calendar(uuid) is 'The event as an iCalendar file (Accept: text/calendar).';
revoke execute on function public.event_calendar(uuid) from public;
grant execute on function public.event_calendar(uuid) to anon, authenticated, service_role;

-- Any selection of events as one calendar, served by the REST engine as a media type handler
-- (an aggregate over the events' rows returning "text/calendar"): `GET /events?…` with
-- `Accept: text/calendar` is the selected events, read under the caller's policies, as one
-- .ics. The step and the end only format the rows the caller already read (security definer:
-- the calendar helpers are not granted to anyone).
create or replace function app.ics_collect(calendar text, event public.events) returns text
language sql stable
security definer
set search_path = ''
as $$ select calendar || app.ics_event(event) $$;
revoke execute on function app.ics_collect(text, public.events) from public;
grant execute on function app.ics_collect(text, public.events) to anon, authenticated, service_role;

create or replace function app.ics_close(calendar text) returns "text/calendar"
language sql stable
security definer
set search_path = ''
as $$ select app.ics_calendar('Havyaka events', calendar) $$;
revoke execute on function app.ics_close(text) from public;
grant execute on function app.ics_close(text) to anon, authenticated, service_role;

create or replace aggregate public.ics_calendar(public.events) (
  sfunc = app.ics_collect, stype = text, initcond = '', finalfunc = app.ics_close);
comment on aggregate public.ics_calendar(public.events) is 'The selected events as one iCalendar file (GET /events with Accept: text/calendar).';

-- A member's feed: the events they registered for (from 60 days back), by the secret token
-- of their feed URL; nothing else about them.
create or replace function public.event_calendar_feed(token text) returns "text/calendar"
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  owner uuid;
begin
  select f.user_id into owner from public.calendar_feeds f where f.token = event_calendar_feed.token;
  if owner is null then
    raise exception 'Resource not found' using errcode = 'PT404', detail = 'no such calendar feed';
  end if;
  return app.ics_calendar('Havyaka events',
    (select string_agg(app.ics_event(e), '' order by e.event_date, e.event_time, e.id)
       from public.events e join public.event_registrations r on r.event_id = e.id
      where r.user_id = owner and r.attendance_status <> 'cancelled' and e.event_date >= current_date - 60));
end
$$;
comment on function public.event_calendar_feed(text) is 'A member''s calendar feed (their registered events) by its secret token.';
revoke execute on function public.event_calendar_feed(text) from public;
grant execute on function public.event_calendar_feed(text) to anon, authenticated, service_role;

-- Creates (or replaces: the old URL stops working) the caller's feed token.
create or replace function public.create_calendar_feed() returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  made text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
begin
  if auth.uid() is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  insert into public.calendar_feeds as f (user_id, token) values (auth.uid(), made)
  on conflict (user_id) do update set token = excluded.token, created_at = now();
  return made;
end
$$;
comment on function public.create_calendar_feed() is 'Creates or replaces the caller''s secret calendar feed token (revoke: delete the row).';
revoke execute on function public.create_calendar_feed() from public;
grant execute on function public.create_calendar_feed() to authenticated;

-- A change a calendar shows bumps SEQUENCE; registrants and the waitlist are told of a
-- cancellation or a new date, time or place.
create or replace function app.event_calendar_sequence() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.title, new.event_date, new.event_time, new.duration_minutes, new.location, new.venue_details,
      new.description, new.status = 'cancelled')
     is distinct from (old.title, old.event_date, old.event_time, old.duration_minutes, old.location,
      old.venue_details, old.description, old.status = 'cancelled') then
    new.calendar_sequence := old.calendar_sequence + 1;
  else
    new.calendar_sequence := old.calendar_sequence;
  end if;
  return new;
end
$$;
revoke execute on function app.event_calendar_sequence() from public;
create or replace trigger events_calendar_sequence before update on public.events
  for each row execute function app.event_calendar_sequence();

create or replace function app.announce_event_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  people uuid[];
  kind text;
begin
  if new.status = 'cancelled' and old.status <> 'cancelled' then
    kind := 'cancelled';
  elsif new.status <> 'cancelled' and (new.event_date, new.event_time, new.location)
        is distinct from (old.event_date, old.event_time, old.location) then
    kind := 'changed';
  else
    return null;
  end if;
  select array_agg(distinct p) into people from (
    select r.user_id from public.event_registrations r where r.event_id = new.id and r.attendance_status <> 'cancelled'
    union
    select w.user_id from public.event_waitlist w where w.event_id = new.id and w.status in ('waiting', 'offered')) as t(p);
  perform app.tell_about_event(people, kind, new, true, null, kind || '-' || new.id || '-' || new.calendar_sequence);
  return null;
end
$$;
revoke execute on function app.announce_event_change() from public;
create or replace trigger events_announce_change after update on public.events
  for each row execute function app.announce_event_change();
