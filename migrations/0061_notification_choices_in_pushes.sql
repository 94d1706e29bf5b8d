-- Issue 16: every user's notification choices (notification_preferences: event, photo,
-- sandesha, registration, other; no row = all) are honoured wherever notifications fan out.
--
-- 0031 kept the bell rows of public news and personal notifications to those who want their
-- kind, but the broadcast push of public news (a new event, album or Sandesha issue) still
-- reached every subscribed device, its owner's choice notwithstanding, and staff announcements
-- (kind "other") ignored the choices altogether. Now each queued push names its kind, and the
-- platform's worker asks push.wants (server/migrations/0016) for every signed-in device when it
-- fans the push out; this migration answers with the user's choice. Visitors' devices (no
-- account, no choices) still receive the broadcasts of public news.

-- The platform's hook: a user's devices receive a push of a kind they want.
create or replace function push.wants(p_user_id uuid, p_kind text) returns boolean
language sql stable
security definer
set search_path = ''
as $$ select app.wants_notification(p_user_id, p_kind) $$;

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

-- 0053's announcements, now of kind "other" for the choices: the bell of each approved
-- account of the audience that wants it, and its pushes (a broadcast for everyone, filtered
-- per device at fan-out; each wanting recipient's devices otherwise).
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
