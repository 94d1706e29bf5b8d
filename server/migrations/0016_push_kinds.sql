-- Kinds of notification, and each user's choice of them, at fan-out time.
--
-- A notification may name its kind (`push.outbox.kind`: the product's words, such as "event"
-- or "photo"). When the worker fans a notification with a kind out, a signed-in user's device
-- receives it only if `push.wants(user, kind)` says so; visitors' devices (no user) receive
-- broadcasts as before, and a notification without a kind reaches its whole audience.
--
-- `push.wants` is a hook: the default wants everything; a product replaces it (`create or
-- replace`, keeping the signature) with its own rule, such as a table of its users' choices.
-- It runs as the worker's role (`push_admin`) for every signed-in device of such a notification,
-- so a replacement reads the product's tables as `security definer` and stays cheap.

alter table push.outbox add column kind text check (kind is null or length(kind) between 1 and 100);
comment on column push.outbox.kind is
  'The kind of notification (the product''s word); a user''s devices receive it when push.wants(user, kind).';

create function push.wants(p_user_id uuid, p_kind text) returns boolean
language sql stable
security definer
set search_path = ''
as $$ select true $$;
comment on function push.wants(uuid, text) is
  'Whether user p_user_id wants notifications of kind p_kind (a hook the product replaces; default: yes).';
revoke execute on function push.wants(uuid, text) from public;
grant execute on function push.wants(uuid, text) to service_role, push_admin;

-- The enqueue functions take the kind (last, optional: existing calls keep working).
drop function push.enqueue_to_user(uuid, text, text, text, text, jsonb);
drop function push.enqueue_broadcast(text, text, text, text, jsonb);
drop function push.enqueue_topic(text, text, text, text, text, jsonb);

-- To every device of one user.
create function push.enqueue_to_user(
  p_user_id uuid,
  p_title text,
  p_body text,
  p_url text default null,
  p_tag text default null,
  p_data jsonb default '{}',
  p_kind text default null
) returns bigint
language sql
security definer
set search_path = ''
as $$
  insert into push.outbox (audience, user_id, title, body, url, tag, data, kind)
  values ('user', p_user_id, p_title, coalesce(p_body, ''), p_url, p_tag, coalesce(p_data, '{}'), p_kind)
  returning id
$$;

-- To every subscribed device, visitors' included: public notices only.
create function push.enqueue_broadcast(
  p_title text,
  p_body text,
  p_url text default null,
  p_tag text default null,
  p_data jsonb default '{}',
  p_kind text default null
) returns bigint
language sql
security definer
set search_path = ''
as $$
  insert into push.outbox (audience, title, body, url, tag, data, kind)
  values ('everyone', p_title, coalesce(p_body, ''), p_url, p_tag, coalesce(p_data, '{}'), p_kind)
  returning id
$$;

-- To every device of the topic's members.
create function push.enqueue_topic(
  p_topic text,
  p_title text,
  p_body text,
  p_url text default null,
  p_tag text default null,
  p_data jsonb default '{}',
  p_kind text default null
) returns bigint
language sql
security definer
set search_path = ''
as $$
  insert into push.outbox (audience, topic, title, body, url, tag, data, kind)
  values ('topic', p_topic, p_title, coalesce(p_body, ''), p_url, p_tag, coalesce(p_data, '{}'), p_kind)
  returning id
$$;

revoke execute on function push.enqueue_to_user(uuid, text, text, text, text, jsonb, text) from public;
revoke execute on function push.enqueue_broadcast(text, text, text, text, jsonb, text) from public;
revoke execute on function push.enqueue_topic(text, text, text, text, text, jsonb, text) from public;
grant execute on function push.enqueue_to_user(uuid, text, text, text, text, jsonb, text) to service_role, push_admin;
grant execute on function push.enqueue_broadcast(text, text, text, text, jsonb, text) to service_role, push_admin;
grant execute on function push.enqueue_topic(text, text, text, text, text, jsonb, text) to service_role, push_admin;
