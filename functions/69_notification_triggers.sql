-- What triggers a notification: new events, albums and Sandesha issues (public news), event
-- registrations, new accounts waiting for approval, and member connections. Their words are
-- in app.notice_texts (06_notice_texts.sql), in each recipient's language.

-- A new event (upcoming or published) is public news.
create or replace function app.announce_event() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status in ('upcoming', 'published') then
    perform app.announce_notice('event', 'event_new',
      jsonb_build_object('title', new.title, 'event_date', new.event_date, 'location', new.location),
      jsonb_build_object('event_id', new.id), '/events/' || new.id, 'event-' || new.id);
  end if;
  return null;
end
$$;
revoke execute on function app.announce_event() from public;

-- A newly published album is public news.
create or replace function app.announce_album() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.is_published and (tg_op = 'INSERT' or not old.is_published) then
    perform app.announce_notice('photo', 'album_new',
      jsonb_build_object('title', new.title, 'description', left(new.description, 200)),
      jsonb_build_object('album_id', new.id), '/media/album/' || new.id, 'album-' || new.id);
  end if;
  return null;
end
$$;
revoke execute on function app.announce_album() from public;

-- A newly published Sandesha issue is public news.
create or replace function app.announce_sandesha_issue() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.is_published and (tg_op = 'INSERT' or not old.is_published) then
    perform app.announce_notice('sandesha', 'sandesha_new',
      jsonb_build_object('title', new.title, 'issue_month', make_date(new.issue_year, new.issue_month, 1)),
      jsonb_build_object('issue_id', new.id), '/havyaka-sandesha', 'sandesha-' || new.id);
  end if;
  return null;
end
$$;
revoke execute on function app.announce_sandesha_issue() from public;

-- An event registration: the registrant who made it gets a confirmation and event staff hear of it, at
-- most once a day per registration (cancelling and registering again announces nothing new).
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
    perform app.notify_notice(array[new.user_id], 'event', 'event_registered',
      jsonb_build_object('title', event.title, 'event_date', event.event_date),
      jsonb_build_object('event_id', event.id), '/events/' || event.id, 'registration-' || new.id);
  end if;
  perform app.notify_notice(app.users_of_type('admin', 'super_admin', 'event_manager'), 'event',
    'event_registration_staff', jsonb_build_object('title', event.title, 'who', who),
    jsonb_build_object('event_id', event.id), '/admin/events/' || event.id || '/registrations', 'registrations-' || event.id);
  return null;
end
$$;
revoke execute on function app.announce_event_registration() from public;

-- A new account waiting for approval, or a rejected one applying again: its audience's admins
-- hear of it (spec §6), the click opening the admin list of that audience; the name is
-- announced without links, shortened.
create or replace function app.announce_user_registration() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'pending' and new.type in ('member', 'student', 'matrimony')
     and (tg_op = 'INSERT' or old.status = 'rejected') then
    perform app.notify_notice(app.users_of_type('admin', 'super_admin'), 'registration',
      'registration_pending_' || new.type, jsonb_build_object('who', app.plain_name(new.full_name)),
      jsonb_build_object('user_id', new.id),
      case new.type when 'student' then '/admin/students' when 'matrimony' then '/admin/matrimony' else '/admin/members' end,
      'registration-' || new.id || case when tg_op = 'UPDATE' then '-again' else '' end);
  end if;
  return null;
end
$$;
revoke execute on function app.announce_user_registration() from public;

-- A member hears of a connection request, and the requester of its acceptance: a bell row and
-- a push (type other), a click opening /dashboard/member (data.link). Declines and withdrawals
-- stay quiet. A request announces itself at most once a day per pair, in either direction
-- (app.connection_announcements): withdrawing and sending again does not ring the bell again.
create or replace function app.announce_member_connection() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := case when tg_op = 'INSERT' then new.requester_id else new.requested_id end;
  who text;
begin
  if not ((tg_op = 'INSERT' and new.status = 'pending')
          or (tg_op = 'UPDATE' and new.status = 'accepted' and old.status is distinct from 'accepted')) then
    return null;
  end if;
  if tg_op = 'INSERT' then
    insert into app.connection_announcements as a (first_id, second_id)
    values (least(new.requester_id, new.requested_id), greatest(new.requester_id, new.requested_id))
    on conflict (first_id, second_id) do update set announced_at = now()
      where a.announced_at < now() - interval '1 day';
    if not found then
      return null;
    end if;
  end if;
  select coalesce(
           (select d.full_name from public.member_directory d where d.user_id = actor order by d.approval_status = 'approved' desc limit 1),
           (select u.full_name from public.users u where u.id = actor))
    into who;
  if tg_op = 'INSERT' then
    perform app.notify_notice(array[new.requested_id], 'other', 'connection_request',
      jsonb_build_object('who', who), jsonb_build_object('link', '/dashboard/member'),
      '/dashboard/member', 'connection-' || new.id);
  else
    perform app.notify_notice(array[new.requester_id], 'other', 'connection_accepted',
      jsonb_build_object('who', who), jsonb_build_object('link', '/dashboard/member'),
      '/dashboard/member', 'connection-' || new.id);
  end if;
  return null;
end
$$;
revoke execute on function app.announce_member_connection() from public;

-- Triggers on public.events.
create or replace trigger events_announce after insert on public.events
  for each row execute function app.announce_event();

-- Triggers on public.media_albums.
create or replace trigger media_albums_announce after insert or update of is_published on public.media_albums
  for each row execute function app.announce_album();

-- Triggers on public.photo_albums.
create or replace trigger photo_albums_announce after insert or update of is_published on public.photo_albums
  for each row execute function app.announce_album();

-- Triggers on public.havyaka_sandesha_issues.
create or replace trigger havyaka_sandesha_issues_announce after insert or update of is_published on public.havyaka_sandesha_issues
  for each row execute function app.announce_sandesha_issue();

-- Triggers on public.event_registrations.
create or replace trigger event_registrations_announce after insert or update of attendance_status on public.event_registrations
  for each row execute function app.announce_event_registration();

-- Triggers on public.users.
create or replace trigger users_announce_registration after insert or update of status on public.users
  for each row execute function app.announce_user_registration();

-- Triggers on public.member_connections.
create or replace trigger member_connections_announce after insert or update of status on public.member_connections
  for each row execute function app.announce_member_connection();
