-- Web push: browsers' subscriptions, an outbox of notifications and one delivery record per
-- device and notification.
--
-- Nothing here is reachable over REST: the schema `push` is never exposed (the server refuses
-- it in DB_SCHEMAS), every table has row-level security on and no policy, and the API roles
-- get no privilege on any table. Requests write subscriptions only through the two
-- `security definer` functions below (called by the server in the request transaction, so
-- `auth.uid()` is the caller); the delivery worker works as the role `push_admin`.
--
-- Product code addresses notifications with `push.enqueue_to_user`, `push.enqueue_broadcast`
-- and `push.enqueue_topic` (from its own `security definer` functions and triggers, or with
-- the service role); each insert wakes the worker with NOTIFY push_outbox.

create schema push;
comment on schema push is 'Web push subscriptions, the notification outbox and deliveries. Never exposed over REST.';

-- The worker's role (like auth_admin for the auth service). Roles are cluster-wide: another
-- database of the cluster may have created it already.
do $$
begin
  if not exists (select from pg_roles where rolname = 'push_admin') then
    create role push_admin nologin noinherit;
  end if;
end
$$;
grant push_admin to authenticator;
alter role push_admin set statement_timeout = '30s';

-- One row per browser (push endpoint). user_id is null for visitors, who receive broadcasts
-- only; a signed-in user's devices receive their own notifications, topics and broadcasts.
create table push.subscriptions (
  id bigint generated always as identity primary key,
  endpoint text not null unique check (length(endpoint) <= 1024),
  -- The browser's P-256 public key (65 bytes, uncompressed) and auth secret (16 bytes),
  -- base64url without padding.
  p256dh text not null,
  auth text not null,
  user_id uuid references auth.users (id) on delete cascade,
  user_agent text check (length(user_agent) <= 512),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_delivered_at timestamptz
);
create index subscriptions_user_id on push.subscriptions (user_id, updated_at) where user_id is not null;

-- Users who receive a topic's notifications (on every device of theirs). Product code keeps
-- it with push.add_to_topic / push.remove_from_topic.
create table push.topic_members (
  topic text not null check (length(topic) between 1 and 200),
  user_id uuid not null references auth.users (id) on delete cascade,
  primary key (topic, user_id)
);
create index topic_members_user_id on push.topic_members (user_id);

-- The outbox: one row per notification. `pending` rows are fanned out (one delivery per
-- device of the audience, exactly once) when next_attempt_at comes; `fanned_out` rows wait for
-- their deliveries; `done` rows have no delivery left to try and are removed after the
-- retention period.
create table push.outbox (
  id bigint generated always as identity primary key,
  audience text not null check (audience in ('user', 'everyone', 'topic')),
  user_id uuid,
  topic text,
  title text not null check (length(title) between 1 and 500),
  body text not null default '' check (length(body) <= 4000),
  -- Opened when the notification is clicked: a path of the app or an http(s) URL.
  url text check (url is null or (length(url) <= 2000 and url ~ '^(/|https?://)')),
  -- Notifications with the same tag replace each other on the device.
  tag text check (tag is null or length(tag) <= 200),
  data jsonb not null default '{}',
  created_at timestamptz not null default now(),
  status text not null default 'pending' check (status in ('pending', 'fanned_out', 'done')),
  attempts int not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  fanned_out_at timestamptz,
  finished_at timestamptz,
  check ((audience = 'user') = (user_id is not null)),
  check ((audience = 'topic') = (topic is not null))
);
create index outbox_due on push.outbox (next_attempt_at) where status = 'pending';
create index outbox_finished on push.outbox (finished_at) where status = 'done';

-- One notification to one device. `sending` rows are claimed by a worker until
-- next_attempt_at (their lease); `sent`, `gone` (the push service no longer knows the device,
-- which is then deleted) and `failed` are final.
create table push.deliveries (
  id bigint generated always as identity primary key,
  message_id bigint not null references push.outbox (id) on delete cascade,
  subscription_id bigint references push.subscriptions (id) on delete set null,
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'gone', 'failed')),
  attempts int not null default 0,
  next_attempt_at timestamptz not null default now(),
  http_status int,
  last_error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  unique (message_id, subscription_id)
);
create index deliveries_due on push.deliveries (next_attempt_at) where status in ('pending', 'sending');
create index deliveries_subscription on push.deliveries (subscription_id);

alter table push.subscriptions enable row level security;
alter table push.topic_members enable row level security;
alter table push.outbox enable row level security;
alter table push.deliveries enable row level security;

revoke all on all tables in schema push from public, anon, authenticated, service_role;
grant usage on schema push to anon, authenticated, service_role, push_admin;
grant select, insert, update, delete on all tables in schema push to push_admin;
-- The worker reads and writes every row: its policies say so explicitly.
create policy "The delivery worker manages subscriptions" on push.subscriptions for all to push_admin using (true) with check (true);
create policy "The delivery worker manages topic members" on push.topic_members for all to push_admin using (true) with check (true);
create policy "The delivery worker manages the outbox" on push.outbox for all to push_admin using (true) with check (true);
create policy "The delivery worker manages deliveries" on push.deliveries for all to push_admin using (true) with check (true);

-- Wakes the delivery workers (LISTEN push_outbox), once per inserting statement.
create function push.notify_outbox() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_notify('push_outbox', '');
  return null;
end
$$;
create trigger outbox_notify after insert on push.outbox
  for each statement execute function push.notify_outbox();

-- Stores the caller's browser subscription, once per endpoint: the same endpoint again
-- updates its keys and moves it to the caller (a signed-in user takes over a device stored
-- for a visitor or another user; a visitor's call detaches it from any user). A user keeps at
-- most p_max_per_user devices: the least recently saved are dropped. Returns the row's id,
-- its user and whether it is new.
create function push.save_subscription(
  p_endpoint text,
  p_p256dh text,
  p_auth text,
  p_user_agent text,
  p_max_per_user int
) returns table (id bigint, user_id uuid, created boolean)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_user uuid := auth.uid();
  v_id bigint;
  v_created boolean;
begin
  insert into push.subscriptions as s (endpoint, p256dh, auth, user_id, user_agent)
  values (p_endpoint, p_p256dh, p_auth, v_user, left(p_user_agent, 512))
  on conflict (endpoint) do update
    set p256dh = excluded.p256dh, auth = excluded.auth, user_id = excluded.user_id,
        user_agent = excluded.user_agent, updated_at = clock_timestamp()
  returning s.id, (s.xmax = 0) into v_id, v_created;
  if v_user is not null then
    delete from push.subscriptions d
    where d.id in (
      select s.id from push.subscriptions s
      where s.user_id = v_user
      order by s.updated_at desc, s.id desc
      offset greatest(p_max_per_user, 1)
    );
  end if;
  return query select v_id, v_user, v_created;
end
$$;

-- Forgets a browser subscription. The endpoint is the browser's secret capability (only it
-- and the push service know it), so whoever presents it may remove it. True when one was removed.
create function push.delete_subscription(p_endpoint text) returns boolean
language sql
security definer
set search_path = ''
as $$
  with gone as (delete from push.subscriptions where endpoint = p_endpoint returning 1)
  select exists (select from gone)
$$;

revoke execute on function push.save_subscription(text, text, text, text, int) from public;
revoke execute on function push.delete_subscription(text) from public;
grant execute on function push.save_subscription(text, text, text, text, int) to anon, authenticated, service_role;
grant execute on function push.delete_subscription(text) to anon, authenticated, service_role;

-- Enqueueing, for the product's migrations and triggers. Each returns the outbox row's id.

-- To every device of one user.
create function push.enqueue_to_user(
  p_user_id uuid,
  p_title text,
  p_body text,
  p_url text default null,
  p_tag text default null,
  p_data jsonb default '{}'
) returns bigint
language sql
security definer
set search_path = ''
as $$
  insert into push.outbox (audience, user_id, title, body, url, tag, data)
  values ('user', p_user_id, p_title, coalesce(p_body, ''), p_url, p_tag, coalesce(p_data, '{}'))
  returning id
$$;

-- To every subscribed device, visitors' included: public notices only.
create function push.enqueue_broadcast(
  p_title text,
  p_body text,
  p_url text default null,
  p_tag text default null,
  p_data jsonb default '{}'
) returns bigint
language sql
security definer
set search_path = ''
as $$
  insert into push.outbox (audience, title, body, url, tag, data)
  values ('everyone', p_title, coalesce(p_body, ''), p_url, p_tag, coalesce(p_data, '{}'))
  returning id
$$;

-- To every device of the topic's members.
create function push.enqueue_topic(
  p_topic text,
  p_title text,
  p_body text,
  p_url text default null,
  p_tag text default null,
  p_data jsonb default '{}'
) returns bigint
language sql
security definer
set search_path = ''
as $$
  insert into push.outbox (audience, topic, title, body, url, tag, data)
  values ('topic', p_topic, p_title, coalesce(p_body, ''), p_url, p_tag, coalesce(p_data, '{}'))
  returning id
$$;

create function push.add_to_topic(p_user_id uuid, p_topic text) returns void
language sql
security definer
set search_path = ''
as $$
  insert into push.topic_members (topic, user_id) values (p_topic, p_user_id) on conflict do nothing
$$;

create function push.remove_from_topic(p_user_id uuid, p_topic text) returns void
language sql
security definer
set search_path = ''
as $$
  delete from push.topic_members where topic = p_topic and user_id = p_user_id
$$;

revoke execute on function push.enqueue_to_user(uuid, text, text, text, text, jsonb) from public;
revoke execute on function push.enqueue_broadcast(text, text, text, text, jsonb) from public;
revoke execute on function push.enqueue_topic(text, text, text, text, text, jsonb) from public;
revoke execute on function push.add_to_topic(uuid, text) from public;
revoke execute on function push.remove_from_topic(uuid, text) from public;
grant execute on function push.enqueue_to_user(uuid, text, text, text, text, jsonb) to service_role, push_admin;
grant execute on function push.enqueue_broadcast(text, text, text, text, jsonb) to service_role, push_admin;
grant execute on function push.enqueue_topic(text, text, text, text, text, jsonb) to service_role, push_admin;
grant execute on function push.add_to_topic(uuid, text) to service_role, push_admin;
grant execute on function push.remove_from_topic(uuid, text) to service_role, push_admin;
revoke execute on function push.notify_outbox() from public;
