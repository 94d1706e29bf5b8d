-- Notifications and web push for what the community should hear about (spec §3 notification
-- types): a new event, a newly published album, a newly published Sandesha issue, a new
-- registration. Each writes a row per recipient into public.notifications (the bell) and
-- queues a push message through push.enqueue_* (the device). Public news goes to every
-- approved account and, as a broadcast, to every subscribed device; a registration goes to
-- the registrant and to the staff who handle it.
--
-- Security definer, owned by the migrating role: the enqueue functions are executable only
-- by service_role, push_admin and such code, and the writer of an event may not write other
-- users' notifications.

-- One notification row per approved account, one broadcast push.
create function app.announce(kind text, title text, message text, data jsonb, url text, tag text) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.notifications (user_id, type, title, message, data)
  select u.id, kind, left(title, 200), left(message, 2000), data
    from public.users u
   where u.status = 'approved';
  perform push.enqueue_broadcast(left(title, 500), left(message, 4000), url, tag, data);
end
$$;
revoke execute on function app.announce(text, text, text, jsonb, text, text) from public;

-- One notification and one push to each of the given users.
create function app.notify_users(recipients uuid[], kind text, title text, message text, data jsonb, url text, tag text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  recipient uuid;
begin
  for recipient in select distinct r from unnest(recipients) r where r is not null loop
    insert into public.notifications (user_id, type, title, message, data)
    values (recipient, kind, left(title, 200), left(message, 2000), data);
    perform push.enqueue_to_user(recipient, left(title, 500), left(message, 4000), url, tag, data);
  end loop;
end
$$;
revoke execute on function app.notify_users(uuid[], text, text, text, jsonb, text, text) from public;

-- Approved accounts of the given types.
create function app.users_of_type(variadic types text[]) returns uuid[]
language sql stable
security definer
set search_path = ''
as $$ select coalesce(array_agg(id), '{}') from public.users where type = any (types) and status = 'approved' $$;
revoke execute on function app.users_of_type(text[]) from public;

create function app.announce_event() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status in ('upcoming', 'published') then
    perform app.announce('event', 'New event: ' || new.title,
      to_char(new.event_date, 'DD Mon YYYY') || coalesce(' at ' || new.location, ''),
      jsonb_build_object('event_id', new.id), '/events/' || new.id, 'event-' || new.id);
  end if;
  return null;
end
$$;
revoke execute on function app.announce_event() from public;
create trigger events_announce after insert on public.events
  for each row execute function app.announce_event();

create function app.announce_album() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.is_published and (tg_op = 'INSERT' or not old.is_published) then
    perform app.announce('photo', 'New photos: ' || new.title,
      coalesce(left(new.description, 200), 'A new album is in the gallery.'),
      jsonb_build_object('album_id', new.id), '/media/album/' || new.id, 'album-' || new.id);
  end if;
  return null;
end
$$;
revoke execute on function app.announce_album() from public;
create trigger media_albums_announce after insert or update of is_published on public.media_albums
  for each row execute function app.announce_album();
create trigger photo_albums_announce after insert or update of is_published on public.photo_albums
  for each row execute function app.announce_album();

create function app.announce_sandesha_issue() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.is_published and (tg_op = 'INSERT' or not old.is_published) then
    perform app.announce('sandesha', 'Havyaka Sandesha: ' || new.title,
      'The ' || to_char(make_date(new.issue_year, new.issue_month, 1), 'FMMonth YYYY') || ' issue is out.',
      jsonb_build_object('issue_id', new.id), '/havyaka-sandesha', 'sandesha-' || new.id);
  end if;
  return null;
end
$$;
revoke execute on function app.announce_sandesha_issue() from public;
create trigger havyaka_sandesha_issues_announce after insert or update of is_published on public.havyaka_sandesha_issues
  for each row execute function app.announce_sandesha_issue();

-- An event registration: the registrant gets a confirmation, event staff hear of it.
create function app.announce_event_registration() returns trigger
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
  select * into event from public.events where id = new.event_id;
  select coalesce(full_name, email) into who from public.users where id = new.user_id;
  perform app.notify_users(array[new.user_id], 'event', 'Registered: ' || event.title,
    'You are registered for ' || event.title || ' on ' || to_char(event.event_date, 'DD Mon YYYY') || '.',
    jsonb_build_object('event_id', event.id), '/events/' || event.id, 'registration-' || new.id);
  perform app.notify_users(app.users_of_type('admin', 'super_admin', 'event_manager'), 'event',
    'New registration: ' || event.title, coalesce(who, 'Someone') || ' registered.',
    jsonb_build_object('event_id', event.id), '/admin/events/' || event.id || '/registrations', 'registrations-' || event.id);
  return null;
end
$$;
revoke execute on function app.announce_event_registration() from public;
create trigger event_registrations_announce after insert or update of attendance_status on public.event_registrations
  for each row execute function app.announce_event_registration();

-- A new account waiting for approval (spec §6: a registration notification opens
-- /admin/members, for admins only).
create function app.announce_user_registration() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'pending' and new.type in ('member', 'student', 'matrimony') then
    perform app.notify_users(app.users_of_type('admin', 'super_admin'), 'registration',
      'New ' || new.type || ' registration', coalesce(new.full_name, new.email) || ' is waiting for approval.',
      jsonb_build_object('user_id', new.id), '/admin/members', 'registration-' || new.id);
  end if;
  return null;
end
$$;
revoke execute on function app.announce_user_registration() from public;
create trigger users_announce_registration after insert on public.users
  for each row execute function app.announce_user_registration();
