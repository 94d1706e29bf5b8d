-- Realtime (Supabase Realtime's protocol, `/realtime/v1/websocket`): the change queue the
-- server reads, how a table opts in, the messages whose policies authorise private channels,
-- and `realtime.send()` for broadcasts written by SQL.
--
-- Capture needs no `wal_level=logical` and no restart: a table opts in with
-- `select realtime.enable('public.notes')` (or by joining the publication `supabase_realtime`,
-- as on Supabase), which attaches three statement-level triggers. Each writes one queue row per
-- changed row (the primary key only; a deleted row's image too, never sent) and wakes the
-- servers with a payload-free `NOTIFY realtime` (realtime.wake()). Every server replica reads the queue by
-- transaction visibility (the rows that became visible between two snapshots), so each change
-- is read once by each replica whatever order transactions commit in; rows every live replica
-- has passed are deleted. What a subscriber receives is decided when it is read, as the
-- subscriber: its role and JWT claims select the row again by primary key under row-level
-- security, with the columns that role may read (server/src/realtime/changes/).

do $$
begin
  -- The server's realtime role: it reads and trims the queue and the replica registry.
  if not exists (select from pg_roles where rolname = 'realtime_admin') then
    create role realtime_admin nologin noinherit;
  end if;
end
$$;
grant realtime_admin to authenticator;
alter role realtime_admin set statement_timeout = '10s';

create schema if not exists realtime;
comment on schema realtime is 'Realtime: the change queue, opted-in tables, channel authorisation (messages).';
revoke all on schema realtime from public;
grant usage on schema realtime to anon, authenticated, service_role, realtime_admin;

-- The queue. `kind`: I, U, D (a row change of `relid`, its key in `pk`), B (a broadcast
-- written by SQL or relayed between replicas), P (a presence change relayed between replicas).
create table realtime.queue (
  id bigint generated always as identity,
  xid xid8 not null default pg_current_xact_id(),
  kind "char" not null check (kind in ('I', 'U', 'D', 'B', 'P')),
  relid oid,
  -- I, U: the row's primary key now; D: the deleted row's.
  pk jsonb,
  -- U: the key the row had before, when the update changed it.
  old_pk jsonb,
  -- D: the deleted row, to decide who could read it; never sent to anyone.
  old_row jsonb,
  -- B, P: the channel topic, whether it is private, the message and the replica that sent it
  -- (null: written by SQL).
  topic text,
  private boolean,
  message jsonb,
  origin uuid,
  -- The change's time (commit_timestamp of the payload).
  at timestamptz not null default clock_timestamp(),
  check ((kind in ('I', 'U', 'D')) = (relid is not null and pk is not null)),
  check ((kind in ('B', 'P')) = (topic is not null and message is not null)),
  -- Read in this order (one index: every write pays for each).
  primary key (xid, id)
);
comment on table realtime.queue is 'Row changes of realtime-enabled tables and relayed broadcasts, read by every server replica; trimmed once all have passed them.';
grant select on realtime.queue to realtime_admin;

-- The server replicas reading the queue: how far each has read (the oldest transaction its
-- cursor may still wait for) and when it last said so. Rows below every live replica's
-- cursor are deleted.
create table realtime.replicas (
  id uuid primary key,
  cursor_xmin xid8 not null,
  seen_at timestamptz not null default now()
);
comment on table realtime.replicas is 'Live server replicas and how far each has read realtime.queue.';
grant select on realtime.replicas to realtime_admin;

-- A presence tracked on some replica, for replicas whose clients join the topic later.
create table realtime.presences (
  replica uuid not null,
  topic text not null,
  private boolean not null,
  key text not null,
  ref text not null,
  meta jsonb not null,
  primary key (replica, topic, private, key, ref)
);
comment on table realtime.presences is 'Presences tracked on each replica (a joining client on another replica receives them).';
grant select on realtime.presences to realtime_admin;

-- Capture: statement-level triggers with transition tables. The trigger arguments are the
-- primary key's columns. Rows are named `new_rows.*`, never by an alias, which a column of
-- the same name would shadow.
-- (No SET clause: it stays inlinable into the triggers' statements; it names nothing but
-- pg_catalog's functions.)
create or replace function realtime.key_of(rec jsonb, keys text[]) returns jsonb
language sql immutable
as $$
  -- (TG_ARGV counts from 0: the first key is keys[array_lower(keys, 1)].)
  select case when cardinality(keys) = 1 then jsonb_build_object(keys[array_lower(keys, 1)], rec -> keys[array_lower(keys, 1)])
              else (select coalesce(pg_catalog.jsonb_object_agg(k, rec -> k), '{}'::jsonb) from pg_catalog.unnest(keys) as k) end
$$;

-- Wakes the servers' readers: a payload-free NOTIFY, at most once per 200 ms per session.
-- NOTIFY serialises the commits of the transactions that send one (PostgreSQL takes a
-- database-wide lock from the notification until the commit is flushed): one per change
-- divided concurrent writers' throughput by five here. A reader woken polls every 20 ms for a
-- second after the last change it read, so changes made between a session's notifications
-- are read as soon.
create or replace function realtime.wake() returns void
language plpgsql
set search_path = ''
as $$
declare
  last text := current_setting('realtime.woke_at', true);
begin
  if last is null or last = '' or clock_timestamp() - last::timestamptz > interval '200 milliseconds' then
    -- Session-wide (not transaction-local): a pooled connection remembers it.
    perform set_config('realtime.woke_at', clock_timestamp()::text, false);
    perform pg_notify('realtime', '');
  end if;
end
$$;

create or replace function realtime.capture_insert() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  written bigint;
begin
  insert into realtime.queue (kind, relid, pk)
    select 'I', tg_relid, realtime.key_of(to_jsonb(new_rows.*), tg_argv) from new_rows;
  get diagnostics written = row_count;
  if written > 0 then
    perform realtime.wake();
  end if;
  return null;
end
$$;

create or replace function realtime.capture_update() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  olds jsonb[];
  news jsonb[];
begin
  olds := array(select realtime.key_of(to_jsonb(old_rows.*), tg_argv) from old_rows);
  news := array(select realtime.key_of(to_jsonb(new_rows.*), tg_argv) from new_rows);
  if cardinality(news) = 0 then
    return null;
  end if;
  if cardinality(news) = 1 and cardinality(olds) = 1 then
    -- One row: its key change (if any) is known.
    insert into realtime.queue (kind, relid, pk, old_pk)
      values ('U', tg_relid, news[1], case when olds[1] <> news[1] then olds[1] end);
  else
    insert into realtime.queue (kind, relid, pk)
      select 'U', tg_relid, k from unnest(news) as k;
    -- Keys that several rows changed at once cannot be paired: the rows that left a key are
    -- told as deleted.
    insert into realtime.queue (kind, relid, pk, old_row)
      select 'D', tg_relid, realtime.key_of(to_jsonb(old_rows.*), tg_argv), to_jsonb(old_rows.*)
        from old_rows
       where not realtime.key_of(to_jsonb(old_rows.*), tg_argv) = any (news);
  end if;
  perform realtime.wake();
  return null;
end
$$;

create or replace function realtime.capture_delete() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  written bigint;
begin
  insert into realtime.queue (kind, relid, pk, old_row)
    select 'D', tg_relid, realtime.key_of(to_jsonb(old_rows.*), tg_argv), to_jsonb(old_rows.*) from old_rows;
  get diagnostics written = row_count;
  if written > 0 then
    perform realtime.wake();
  end if;
  return null;
end
$$;

revoke all on function realtime.key_of(jsonb, text[]), realtime.wake(), realtime.capture_insert(),
  realtime.capture_update(), realtime.capture_delete() from public;

-- The tables whose changes are published, and how each joined (a call or the publication).
create table realtime.tables (
  relid oid primary key,
  via text not null check (via in ('call', 'publication'))
);
comment on table realtime.tables is 'Tables whose row changes reach realtime subscribers (realtime.enable, or the supabase_realtime publication).';
grant select on realtime.tables to realtime_admin;

-- Attaches the capture triggers to `entity` (it must have a primary key). Idempotent.
create or replace function realtime.enable(entity regclass) returns void
language plpgsql
set search_path = ''
as $$
begin
  perform realtime.attach(entity, 'call');
end
$$;
comment on function realtime.enable(regclass) is 'Publishes the row changes of a table to realtime subscribers (postgres_changes), each read again under row-level security as the subscriber.';

create or replace function realtime.attach(entity regclass, via text) returns void
language plpgsql
set search_path = ''
as $$
declare
  keys text;
begin
  if (select relkind from pg_catalog.pg_class where oid = entity) not in ('r', 'p') then
    raise exception 'realtime: % is not a table', entity using errcode = '42809';
  end if;
  select string_agg(quote_literal(a.attname), ', ' order by k.ord)
    into keys
    from pg_catalog.pg_index i
    cross join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, ord)
    join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
   where i.indrelid = entity and i.indisprimary;
  if keys is null then
    raise exception 'realtime: % has no primary key', entity
      using errcode = '55000', hint = 'Changes are read again by primary key; add one.';
  end if;
  execute format('drop trigger if exists realtime_insert on %s', entity);
  execute format('drop trigger if exists realtime_update on %s', entity);
  execute format('drop trigger if exists realtime_delete on %s', entity);
  execute format('create trigger realtime_insert after insert on %s referencing new table as new_rows '
                 'for each statement execute function realtime.capture_insert(%s)', entity, keys);
  execute format('create trigger realtime_update after update on %s referencing old table as old_rows new table as new_rows '
                 'for each statement execute function realtime.capture_update(%s)', entity, keys);
  execute format('create trigger realtime_delete after delete on %s referencing old table as old_rows '
                 'for each statement execute function realtime.capture_delete(%s)', entity, keys);
  insert into realtime.tables (relid, via) values (entity, via)
    on conflict (relid) do update set via = case when realtime.tables.via = 'call' then 'call' else excluded.via end;
  perform pg_notify('realtime', 'tables');
end
$$;

-- Stops publishing a table's changes.
create or replace function realtime.disable(entity regclass) returns void
language plpgsql
set search_path = ''
as $$
begin
  execute format('drop trigger if exists realtime_insert on %s', entity);
  execute format('drop trigger if exists realtime_update on %s', entity);
  execute format('drop trigger if exists realtime_delete on %s', entity);
  delete from realtime.tables where relid = entity;
  perform pg_notify('realtime', 'tables');
end
$$;
comment on function realtime.disable(regclass) is 'Stops publishing the row changes of a table to realtime subscribers.';

-- Supabase's way to opt in: `alter publication supabase_realtime add table ...`. A
-- publication needs no logical decoding to exist; its tables are attached by
-- realtime.sync_publication(), which an event trigger runs after ALTER PUBLICATION (when the
-- migrating role may create one) and the server runs at start and every minute.
do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

create or replace function realtime.sync_publication() returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  entity regclass;
begin
  for entity in
    select format('%I.%I', p.schemaname, p.tablename)::regclass
      from pg_catalog.pg_publication_tables p
     where p.pubname = 'supabase_realtime'
       and not exists (select from realtime.tables t where t.relid = format('%I.%I', p.schemaname, p.tablename)::regclass)
  loop
    begin
      perform realtime.attach(entity, 'publication');
    exception when others then
      raise warning 'realtime: % stays unpublished: %', entity, sqlerrm;
    end;
  end loop;
  for entity in
    select t.relid::regclass from realtime.tables t
     where t.via = 'publication'
       and not exists (select from pg_catalog.pg_publication_tables p
                        where p.pubname = 'supabase_realtime'
                          and format('%I.%I', p.schemaname, p.tablename)::regclass = t.relid)
  loop
    perform realtime.disable(entity);
  end loop;
  -- Tables dropped since they were enabled.
  delete from realtime.tables t where not exists (select from pg_catalog.pg_class c where c.oid = t.relid);
end
$$;
revoke all on function realtime.sync_publication(), realtime.attach(regclass, text), realtime.enable(regclass),
  realtime.disable(regclass) from public;
grant execute on function realtime.sync_publication() to realtime_admin;

create or replace function realtime.on_publication_change() returns event_trigger
language plpgsql
set search_path = ''
as $$
begin
  perform realtime.sync_publication();
end
$$;

do $$
begin
  create event trigger realtime_publication on ddl_command_end
    when tag in ('ALTER PUBLICATION', 'CREATE PUBLICATION')
    execute function realtime.on_publication_change();
exception when insufficient_privilege then
  raise notice 'realtime: no event trigger (not a superuser); the server syncs the publication every minute';
end
$$;

-- Private channels (`config.private`): a client may join a topic when, as its role and
-- claims, it could read a message of that topic from realtime.messages (broadcast, presence),
-- and send when it could insert one, as on Supabase. Policies read the topic with
-- realtime.topic(). Rows written by realtime.send() are kept here a few days.
create table realtime.messages (
  id uuid primary key default gen_random_uuid(),
  topic text not null,
  extension text not null check (extension in ('broadcast', 'presence')),
  event text,
  payload jsonb,
  private boolean not null default true,
  inserted_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table realtime.messages is 'Channel messages; policies on it decide who may join (SELECT) and send on (INSERT) private channels.';
create index messages_topic on realtime.messages (topic, inserted_at);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;

create or replace function realtime.topic() returns text
language sql stable
set search_path = ''
as $$
  select nullif(current_setting('realtime.topic', true), '')
$$;
comment on function realtime.topic() is 'The channel topic being authorised (in realtime.messages policies).';
grant execute on function realtime.topic() to anon, authenticated, service_role, realtime_admin;

-- Broadcasts a message to a channel's subscribers from SQL (a trigger, a function): stored in
-- realtime.messages and relayed by every replica. `private` reaches private channels of the
-- topic (the default, as on Supabase), else public ones. A message gets an `id` when its
-- payload has none. Errors are warnings: a broadcast never fails the caller's transaction.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  message_id uuid := gen_random_uuid();
  body jsonb;
begin
  begin
    body := case when payload ? 'id' then payload else jsonb_set(payload, '{id}', to_jsonb(message_id)) end;
    insert into realtime.messages (id, topic, extension, event, payload, private)
      values (message_id, send.topic, 'broadcast', send.event, body, send.private);
    insert into realtime.queue (kind, topic, private, message)
      values ('B', send.topic, send.private,
              jsonb_build_object('type', 'broadcast', 'event', send.event, 'payload', body,
                                 'meta', jsonb_build_object('id', message_id)));
    perform realtime.wake();
  exception when others then
    raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;
comment on function realtime.send(jsonb, text, text, boolean) is 'Broadcasts a message to the subscribers of a channel topic (private channels unless private is false).';
revoke all on function realtime.send(jsonb, text, text, boolean) from public;
grant execute on function realtime.send(jsonb, text, text, boolean) to service_role;

-- The server's side: each replica says it is alive every few seconds and how far it has read
-- (`snapshot`: the snapshot its cursor stands at); the replicas silent for a minute are
-- forgotten with their presences; queue rows every live replica has passed (and older than
-- 30 s, so a replica starting now cannot miss them) are deleted, any older than an hour too,
-- and messages older than three days. Returns the live replicas.
create or replace function realtime.heartbeat(replica uuid, snapshot pg_snapshot) returns setof uuid
language plpgsql security definer
set search_path = ''
as $$
begin
  update realtime.replicas r set cursor_xmin = pg_snapshot_xmin(snapshot), seen_at = now() where r.id = replica;
  if not found then
    insert into realtime.replicas (id, cursor_xmin, seen_at) values (replica, pg_snapshot_xmin(snapshot), now())
      on conflict (id) do nothing;
    -- The others learn at once that a replica joined (and start relaying to it).
    perform pg_notify('realtime', 'replicas');
  end if;
  delete from realtime.replicas r where r.seen_at < now() - interval '60 seconds';
  delete from realtime.presences p where not exists (select from realtime.replicas r where r.id = p.replica);
  delete from realtime.queue q
   where (q.xid < (select min(r.cursor_xmin) from realtime.replicas r) and q.at < now() - interval '30 seconds')
      or q.at < now() - interval '1 hour';
  delete from realtime.messages m where m.inserted_at < now() - interval '3 days';
  return query select r.id from realtime.replicas r;
end
$$;

-- A replica stopping: its presences leave with it, and the others are told at once.
create or replace function realtime.farewell(replica uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  delete from realtime.replicas r where r.id = replica;
  delete from realtime.presences p where p.replica = farewell.replica;
  perform pg_notify('realtime', 'replicas');
end
$$;

-- Relays a broadcast (kind B) or a presence change (kind P) to the other replicas.
create or replace function realtime.relay(kind "char", topic text, private boolean, message jsonb, origin uuid)
returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into realtime.queue (kind, topic, private, message, origin)
    values (relay.kind, relay.topic, relay.private, relay.message, relay.origin);
  perform realtime.wake();
end
$$;

-- A presence tracked (or untracked: meta null) on a replica, for clients joining elsewhere.
create or replace function realtime.keep_presence(replica uuid, topic text, private boolean, key text, ref text, meta jsonb)
returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if meta is null then
    delete from realtime.presences p
     where p.replica = keep_presence.replica and p.topic = keep_presence.topic and p.private = keep_presence.private
       and p.key = keep_presence.key and p.ref = keep_presence.ref;
  else
    insert into realtime.presences (replica, topic, private, key, ref, meta)
      values (keep_presence.replica, keep_presence.topic, keep_presence.private, keep_presence.key, keep_presence.ref, keep_presence.meta)
      on conflict do nothing;
  end if;
end
$$;

revoke all on function realtime.heartbeat(uuid, pg_snapshot), realtime.farewell(uuid),
  realtime.relay("char", text, boolean, jsonb, uuid),
  realtime.keep_presence(uuid, text, boolean, text, text, jsonb) from public;
grant execute on function realtime.heartbeat(uuid, pg_snapshot), realtime.farewell(uuid),
  realtime.relay("char", text, boolean, jsonb, uuid),
  realtime.keep_presence(uuid, text, boolean, text, text, jsonb) to realtime_admin;
