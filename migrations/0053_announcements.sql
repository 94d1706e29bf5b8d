-- Announcements (/admin/notifications): staff write one message to everyone or to one
-- audience (members, students, matrimony users). It becomes an in-app notification (the bell)
-- for each approved account of the audience and a push through the outbox: to every
-- subscribed device for everyone, to each recipient's own devices otherwise. A push reaches
-- only the devices whose owners allowed notifications (a subscription exists only then).
-- The history keeps each announcement with its recipients and the outbox rows it queued, so
-- delivery counts (queued, sent, failed) are read from the push deliveries.

create table public.announcements (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(btrim(title)) between 1 and 200),
  message text not null check (length(btrim(message)) between 1 and 2000),
  audience text not null check (audience in ('everyone', 'members', 'students', 'matrimony')),
  link text check (link is null or (app.is_url(link) and length(link) <= 2000)),
  recipients int not null default 0 check (recipients >= 0),
  outbox_ids bigint[] not null default '{}',
  sent_by uuid references public.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now()
);
comment on table public.announcements is 'Announcements staff sent (written only by send_announcement); the history of /admin/notifications.';
create index announcements_created on public.announcements (created_at desc);
create index announcements_sent_by on public.announcements (sent_by);
alter table public.announcements enable row level security;
-- No write grant: rows come only from send_announcement (security definer).
revoke insert, update, delete on public.announcements from anon, authenticated;

-- The account types of an audience.
create function app.audience_types(audience text) returns text[]
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

create function public.send_announcement(title text, message text, audience text default 'everyone', link text default null)
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
  -- plpgsql: the helpers are defined with the policies, after the migrations.
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
   where u.status = 'approved' and u.type = any (types);
  get diagnostics row.recipients = row_count;

  if row.audience = 'everyone' then
    ids := array[push.enqueue_broadcast(left(row.title, 500), left(row.message, 4000), coalesce(row.link, '/'), tag,
                                        jsonb_build_object('announcement_id', row.id))];
  else
    select coalesce(array_agg(push.enqueue_to_user(u.id, left(row.title, 500), left(row.message, 4000),
                                                   coalesce(row.link, '/'), tag,
                                                   jsonb_build_object('announcement_id', row.id))), '{}')
      into ids
      from public.users u
     where u.status = 'approved' and u.type = any (types)
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
grant execute on function public.send_announcement(text, text, text, text) to authenticated, service_role;

-- Push delivery counts of announcements, for the staff who read the history.
create function public.announcement_deliveries(announcement_ids uuid[])
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
grant execute on function public.announcement_deliveries(uuid[]) to authenticated, service_role;
