-- Notifications: the bell (public.notifications) and web push (push.enqueue_*) for what the
-- community should hear about. Each writes a row per recipient and queues a push message;
-- public news goes to every approved account and, as a broadcast, to every subscribed device;
-- everything honours each user's choices (notification_preferences: event, photo, sandesha,
-- registration, other; no row = all). Security definer, owned by the migrating role: the
-- enqueue functions are executable only by service_role, push_admin and such code, and the
-- writer of an event may not write other users' notifications.

-- The recipient changes is_read only.
create or replace function app.guard_notification_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not app.is_trusted_code(tg_relid) and (to_jsonb(new) - 'is_read') is distinct from (to_jsonb(old) - 'is_read') then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501',
      detail = 'only is_read changes';
  end if;
  return new;
end
$$;
grant execute on function app.guard_notification_update() to authenticated, service_role;

-- Public news: the bell of each approved account that wants the kind; one broadcast push,
-- which the worker delivers to visitors and to the signed-in devices whose owners want it.
create or replace function app.announce(kind text, title text, message text, data jsonb, url text, tag text) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.notifications (user_id, type, title, message, data)
  select u.id, kind, left(title, 200), left(message, 2000), data
    from public.users u
   where u.status = 'approved' and app.wants_notification(u.id, kind);
  perform push.enqueue_broadcast(left(title, 500), left(message, 4000), url, tag, data, kind);
end
$$;
revoke execute on function app.announce(text, text, text, jsonb, text, text) from public;

-- A personal notification and its push, to each recipient who wants the kind (asked again at
-- fan-out: a choice made in between counts).
create or replace function app.notify_users(recipients uuid[], kind text, title text, message text, data jsonb, url text, tag text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  recipient uuid;
begin
  for recipient in select distinct r from unnest(recipients) r where r is not null loop
    if app.wants_notification(recipient, kind) then
      insert into public.notifications (user_id, type, title, message, data)
      values (recipient, kind, left(title, 200), left(message, 2000), data);
      perform push.enqueue_to_user(recipient, left(title, 500), left(message, 4000), url, tag, data, kind);
    end if;
  end loop;
end
$$;
revoke execute on function app.notify_users(uuid[], text, text, text, jsonb, text, text) from public;

-- A keyed notice (app.notice_texts) to each recipient, in the recipient's language: bell and
-- push as app.notify_users.
create or replace function app.notify_notice(recipients uuid[], kind text, key text, vals jsonb, data jsonb, url text, tag text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  recipient uuid;
  words record;
begin
  for recipient in select distinct r from unnest(recipients) r where r is not null loop
    select * into words from app.notice(key, app.user_language(recipient), vals);
    perform app.notify_users(array[recipient], kind, words.title, words.message, data, url, tag);
  end loop;
end
$$;
revoke execute on function app.notify_notice(uuid[], text, text, jsonb, jsonb, text, text) from public;

-- Keyed public news: each approved account's bell in its language; the pushes in the reader's
-- language too: each Kannada reader's devices get a push of their own in Kannada, and the one
-- broadcast (visitors' devices and English readers') is in English, of kind `<kind>:en`, which
-- push.wants withholds from Kannada readers' devices.
create or replace function app.announce_notice(kind text, key text, vals jsonb, data jsonb, url text, tag text) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  english record;
  kannada record;
begin
  insert into public.notifications (user_id, type, title, message, data)
  select u.id, kind, left(w.title, 200), left(w.message, 2000), data
    from public.users u
   cross join lateral app.notice(key, coalesce(u.preferred_language, 'en'), vals) w
   where u.status = 'approved' and app.wants_notification(u.id, kind);
  select * into kannada from app.notice(key, 'kn', vals);
  perform push.enqueue_to_user(u.id, left(kannada.title, 500), left(kannada.message, 4000), url, tag, data, kind)
     from public.users u
    where u.preferred_language = 'kn' and app.wants_notification(u.id, kind)
      and exists (select from push.subscriptions s where s.user_id = u.id);
  select * into english from app.notice(key, 'en', vals);
  perform push.enqueue_broadcast(left(english.title, 500), left(english.message, 4000), url, tag, data,
                                 kind || ':en');
end
$$;
revoke execute on function app.announce_notice(text, text, jsonb, jsonb, text, text) from public;

-- Approved accounts of the given types.
create or replace function app.users_of_type(variadic types text[]) returns uuid[]
language sql stable
security definer
set search_path = ''
as $$ select coalesce(array_agg(id), '{}') from public.users where type = any (types) and status = 'approved' $$;
revoke execute on function app.users_of_type(text[]) from public;

-- The user wants notifications of this kind.
create or replace function app.wants_notification(recipient uuid, kind text) returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select coalesce((select (to_jsonb(p) ->> kind)::boolean from public.notification_preferences p where p.user_id = recipient), true)
$$;
revoke execute on function app.wants_notification(uuid, text) from public;

-- The account types of an audience.
create or replace function app.audience_types(audience text) returns text[]
language sql immutable parallel safe
set search_path = ''
as $$
  select case audience
    when 'members' then array['member', 'member_viewer']
    when 'students' then array['student']
    when 'matrimony' then array['matrimony']
    else app.user_types()
  end
$$;
grant execute on function app.audience_types(text) to authenticated, service_role;

-- Staff announcements (kind "other"): the bell of each approved account of the audience that
-- wants it, and its pushes (a broadcast for everyone, filtered per device at fan-out; each
-- wanting recipient's devices otherwise).
create or replace function public.send_announcement(title text, message text, audience text default 'everyone', link text default null)
returns public.announcements
language plpgsql
security definer
set search_path = ''
as $$
declare
  row public.announcements%rowtype;
  types text[];
  ids bigint[] := '{}';
  tag text;
begin
  if not app.has_type('admin', 'super_admin', 'content_manager') then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501',
      detail = 'only administrators and content managers send announcements';
  end if;
  insert into public.announcements (title, message, audience, link, sent_by)
  values (btrim(send_announcement.title), btrim(send_announcement.message), send_announcement.audience,
          nullif(btrim(send_announcement.link), ''), auth.uid())
  returning * into row;
  types := app.audience_types(row.audience);
  tag := 'announcement-' || row.id;

  insert into public.notifications (user_id, type, title, message, data)
  select u.id, 'other', row.title, row.message,
         jsonb_build_object('announcement_id', row.id) || coalesce(jsonb_build_object('url', row.link), '{}')
    from public.users u
   where u.status = 'approved' and u.type = any (types) and app.wants_notification(u.id, 'other');
  get diagnostics row.recipients = row_count;

  if row.audience = 'everyone' then
    ids := array[push.enqueue_broadcast(left(row.title, 500), left(row.message, 4000), coalesce(row.link, '/'), tag,
                                        jsonb_build_object('announcement_id', row.id), 'other')];
  else
    select coalesce(array_agg(push.enqueue_to_user(u.id, left(row.title, 500), left(row.message, 4000),
                                                   coalesce(row.link, '/'), tag,
                                                   jsonb_build_object('announcement_id', row.id), 'other')), '{}')
      into ids
      from public.users u
     where u.status = 'approved' and u.type = any (types) and app.wants_notification(u.id, 'other')
       and exists (select from push.subscriptions s where s.user_id = u.id);
  end if;

  update public.announcements set recipients = row.recipients, outbox_ids = ids where id = row.id
  returning * into row;
  return row;
end
$$;
comment on function public.send_announcement(text, text, text, text) is
  'Staff (admins, content managers) announce to everyone or one audience: in-app notifications and pushes.';
revoke execute on function public.send_announcement(text, text, text, text) from public;

-- Push delivery counts of announcements, for the staff who read the history.
create or replace function public.announcement_deliveries(announcement_ids uuid[])
returns table (announcement_id uuid, queued int, sent int, failed int)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if not app.has_type('admin', 'super_admin', 'content_manager') then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  return query
  select a.id,
         count(d.id)::int,
         count(d.id) filter (where d.status = 'sent')::int,
         count(d.id) filter (where d.status in ('failed', 'gone'))::int
    from public.announcements a
    left join push.deliveries d on d.message_id = any (a.outbox_ids)
   where a.id = any (announcement_ids)
   group by a.id;
end
$$;
revoke execute on function public.announcement_deliveries(uuid[]) from public;

-- The admin test page (/admin/test) sends a test notification to the signed-in staff member:
-- one in-app notification and a push to each of their own subscribed devices. Returns how
-- many devices it was queued for (0: this account has no device that allows notifications).
create or replace function public.send_test_push() returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  devices int;
begin
  -- plpgsql: app.is_staff() is defined with the policies, after the migrations.
  if auth.uid() is null or not app.is_staff() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501',
      detail = 'the test notification is for staff';
  end if;
  select count(*)::int into devices from push.subscriptions where user_id = auth.uid();
  insert into public.notifications (user_id, type, title, message, data)
  values (auth.uid(), 'other', 'Test notification', 'Notifications reach this account.', '{"test": true}');
  if devices > 0 then
    perform push.enqueue_to_user(auth.uid(), 'Test notification', 'Push notifications reach this device.',
                                 '/admin/test', 'test-push', '{"test": true}');
  end if;
  return devices;
end
$$;
comment on function public.send_test_push() is 'Staff send themselves a test notification (in-app, and push to their own devices).';
revoke execute on function public.send_test_push() from public;

-- The platform's hook (server/migrations/0016): the push worker asks it for every signed-in
-- device when it fans a push out; a user's devices receive a push of a kind they want.
-- Visitors' devices (no account, no choices) receive the broadcasts of public news; the
-- English broadcast of keyed news (`<kind>:en`) skips Kannada readers' devices.
create or replace function push.wants(p_user_id uuid, p_kind text) returns boolean
language sql stable
security definer
set search_path = ''
as $$
  -- `<kind>:en`: an English broadcast (app.announce_notice), not for a Kannada reader's devices
  -- (they have their own push in Kannada).
  select case when p_kind like '%:en'
              then app.user_language(p_user_id) <> 'kn'
                   and app.wants_notification(p_user_id, left(p_kind, -3))
              else app.wants_notification(p_user_id, p_kind) end
$$;
revoke execute on function push.wants(uuid, text) from public;
grant execute on function push.wants(uuid, text) to push_admin, service_role;

-- Triggers on public.notifications.
create or replace trigger notifications_guard before update on public.notifications
  for each row execute function app.guard_notification_update();

-- Triggers on public.notification_preferences.
create or replace trigger notification_preferences_updated_at before update on public.notification_preferences
  for each row execute function app.touch_updated_at();
