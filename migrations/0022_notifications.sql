-- In-app notifications (the bell; spec §3, §7) and PWA analytics events.

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  type text not null default 'other' check (type in ('event', 'photo', 'sandesha', 'registration', 'other')),
  title text not null check (length(btrim(title)) between 1 and 200),
  message text not null check (length(message) <= 2000),
  -- {event_id} or {album_id}: where a click goes.
  data jsonb not null default '{}' check (jsonb_typeof(data) = 'object'),
  is_read boolean not null default false,
  created_at timestamptz not null default now()
);
comment on table public.notifications is 'A user''s notifications, newest first; the user marks them read or deletes them.';
-- A user's list, newest first, 50 at a time; and the unread badge.
create index notifications_user_created on public.notifications (user_id, created_at desc);
create index notifications_user_unread on public.notifications (user_id) where not is_read;

-- The recipient changes is_read only.
create function app.guard_notification_update() returns trigger
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
create trigger notifications_guard before update on public.notifications
  for each row execute function app.guard_notification_update();

-- Install and engagement events of the installable app (spec §7 Analytics); visitors write,
-- staff read.
create table public.pwa_analytics (
  id bigint generated always as identity primary key,
  event_type text not null check (event_type ~ '^[a-z][a-z0-9_.-]{0,63}$'),
  data jsonb not null default '{}' check (jsonb_typeof(data) = 'object' and pg_column_size(data) <= 8192),
  "timestamp" timestamptz not null default now(),
  user_id uuid references public.users (id) on delete set null default auth.uid(),
  session_id text check (length(session_id) <= 100),
  created_at timestamptz not null default now()
);
create index pwa_analytics_type_time on public.pwa_analytics (event_type, "timestamp" desc);
create index pwa_analytics_time on public.pwa_analytics ("timestamp" desc);
create index pwa_analytics_user_id on public.pwa_analytics (user_id);
