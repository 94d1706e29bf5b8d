-- The access matrix of policies/README.md as data (tests.matrix, filled by the test command
-- from the README), what each scope means per table (tests.matrix_tables), and the engine
-- that checks one cell against the database (tests.check_cell).
create table if not exists tests.matrix (
  table_name text not null,
  op text not null check (op in ('select', 'insert', 'update', 'delete')),
  role_column text not null,
  cell text not null,
  primary key (table_name, op, role_column)
);

-- key: the primary key column. scopes: scope name → predicate on the row `t` ($1 is the
-- actor). owner: which row is "the actor's own" for writes ($1), per operation or for all
-- ('*'); null means the table has no owner and writes target any row. touch: a column an
-- update sets to itself.
create table if not exists tests.matrix_tables (
  table_name text primary key,
  key text not null default 'id',
  scopes jsonb not null default '{}',
  owner jsonb,
  touch text not null default 'updated_at',
  -- Which row of an ownerless table (or another's row) a write targets, per operation or
  -- for all ('*'), when not any row.
  other_target jsonb,
  -- Columns an insert leaves to their defaults (a copied row's answered status, say).
  insert_defaults text[] not null default '{}'
);

truncate tests.matrix_tables;
insert into tests.matrix_tables (table_name, key, scopes, owner, touch, other_target) values
  ('users', 'id', '{"own": "t.id = $1", "registrants": "exists (select from public.event_registrations r where r.user_id = t.id)"}', '{"*": "t.id = $1"}', 'full_name', null),
  ('roles', 'id', '{}', null, 'description', null),
  ('user_roles', 'id', '{"own": "t.user_id = $1"}', '{"*": "t.user_id = $1"}', 'assigned_at', null),
  ('members', 'id', '{"own": "t.user_id = $1"}', '{"*": "t.user_id = $1"}', 'updated_at', null),
  ('student_details', 'id', '{"own": "t.user_id = $1"}', '{"*": "t.user_id = $1"}', 'updated_at', null),
  ('matrimony_details', 'id', '{"own": "t.user_id = $1", "peers": "t.approval_status = ''approved''"}', '{"*": "t.user_id = $1"}', 'updated_at', null),
  ('matrimony_interests', 'id', '{"own": "$1 in (t.sender_id, t.receiver_id)"}', '{"*": "t.sender_id = $1", "update": "t.receiver_id = $1"}', 'updated_at', null),
  ('matrimony_messages', 'id', '{"own": "$1 in (t.sender_id, t.receiver_id)"}', '{"*": "t.sender_id = $1", "update": "t.receiver_id = $1"}', 'is_read', null),
  ('matrimony_profile_views', 'id', '{"own": "t.viewer_id = $1 or t.viewed_profile_id in (select m.id from public.matrimony_details m where m.user_id = $1)"}', '{"*": "t.viewer_id = $1"}', 'viewed_at', null),
  ('member_directory', 'id', '{"own": "t.user_id = $1", "contact": "t.approval_status = ''approved'' and exists (select from public.member_directory_visibility v where v.member_id = t.id and v.show_contact_details and v.show_in_directory)"}', '{"*": "t.user_id = $1"}', 'updated_at', '{"delete": "t.user_id is null"}'),
  ('member_directory_visibility', 'member_id', '{"own": "t.user_id = $1"}', '{"*": "t.user_id = $1"}', 'updated_at', null),
  ('member_connections', 'id', '{"own": "$1 in (t.requester_id, t.requested_id)"}', '{"*": "t.requester_id = $1", "update": "t.requested_id = $1"}', 'updated_at', null),
  ('financial_ledger', 'id', '{"own": "t.member_id in (select d.id from public.member_directory d where d.user_id = $1)"}', '{"*": "t.member_id in (select d.id from public.member_directory d where d.user_id = $1)"}', 'updated_at', null),
  ('events', 'id', '{"public": "t.status <> ''cancelled''"}', null, 'updated_at', null),
  ('event_registrations', 'id', '{"own": "t.user_id = $1"}', '{"*": "t.user_id = $1"}', 'notes', null),
  ('photo_albums', 'id', '{"public": "t.is_published"}', null, 'updated_at', null),
  ('photos_new', 'id', '{"public": "t.album_id in (select a.id from public.photo_albums a where a.is_published)"}', null, 'updated_at', null),
  ('videos', 'id', '{"public": "t.status = ''published''"}', null, 'updated_at', null),
  ('media_albums', 'id', '{"public": "t.is_published"}', null, 'updated_at', null),
  ('media_items', 'id', '{"public": "t.album_id in (select a.id from public.media_albums a where a.is_published)"}', null, 'updated_at', null),
  ('organization_info', 'id', '{"public": "t.is_published"}', null, 'updated_at', null),
  ('board_members', 'id', '{"public": "t.is_active"}', null, 'updated_at', null),
  ('achievements', 'id', '{"public": "t.status = ''published''"}', null, 'updated_at', null),
  ('activities', 'id', '{"public": "t.is_published"}', null, 'updated_at', null),
  ('website_images', 'id', '{"public": "t.is_active"}', null, 'updated_at', null),
  ('homepage_slider', 'id', '{"public": "t.is_active"}', null, 'updated_at', null),
  ('business_listings', 'id', '{"public": "t.is_active", "own": "t.user_id = $1"}', null, 'updated_at', null),
  ('contact_messages', 'id', '{"own": "t.user_id = $1"}', null, 'updated_at', '{"*": "t.user_id is null"}'),
  ('havyaka_sandesha_issues', 'id', '{"public": "t.is_published"}', null, 'updated_at', null),
  ('magazine_advertisements', 'id', '{"public": "t.is_active"}', null, 'updated_at', null),
  ('payments', 'id', '{"own": "t.user_id = $1"}', '{"*": "t.user_id = $1"}', 'updated_at', null),
  ('notifications', 'id', '{"own": "t.user_id = $1"}', '{"*": "t.user_id = $1"}', 'is_read', null),
  ('pwa_analytics', 'id', '{}', null, 'event_type', null);

update tests.matrix_tables set insert_defaults = '{status,responded_at}' where table_name in ('matrimony_interests', 'member_connections');

create or replace function tests.bind(predicate text, actor uuid) returns text
language sql immutable
as $$ select replace(predicate, '$1', coalesce(quote_literal(actor::text) || '::uuid', 'null::uuid')) $$;

-- The keys of table_name's rows the current role sees.
create or replace function tests.visible_keys(table_name text) returns text[]
language plpgsql
as $$
declare
  meta tests.matrix_tables;
  result text[];
begin
  select * into meta from tests.matrix_tables m where m.table_name = visible_keys.table_name;
  execute format('select coalesce(array_agg(%I::text order by %I::text), ''{}'') from public.%I', meta.key, meta.key, table_name)
    into result;
  return result;
end
$$;

-- The keys a cell's scopes name, for an actor (as superuser).
create or replace function tests.expected_keys(table_name text, cell text, actor uuid) returns text[]
language plpgsql
as $$
declare
  meta tests.matrix_tables;
  predicate text;
  scope text;
  result text[];
begin
  select * into meta from tests.matrix_tables m where m.table_name = expected_keys.table_name;
  if cell = 'all' then
    predicate := 'true';
  elsif cell = 'none' then
    predicate := 'false';
  else
    predicate := 'false';
    foreach scope in array string_to_array(cell, '+') loop
      if not meta.scopes ? scope then
        raise exception 'table % has no scope %', table_name, scope;
      end if;
      predicate := predicate || ' or (' || tests.bind(meta.scopes ->> scope, actor) || ')';
    end loop;
  end if;
  execute format('select coalesce(array_agg(t.%I::text order by t.%I::text), ''{}'') from public.%I t where %s',
                 meta.key, meta.key, table_name, predicate)
    into result;
  return result;
end
$$;

-- The row a write targets: the owner's (actor's or stranger's) row, or any row of an
-- ownerless table; as jsonb.
create or replace function tests.target_row(table_name text, op text, owner uuid, exclude uuid default null) returns jsonb
language plpgsql
as $$
declare
  meta tests.matrix_tables;
  predicate text;
  result jsonb;
begin
  select * into meta from tests.matrix_tables m where m.table_name = target_row.table_name;
  predicate := coalesce(meta.owner ->> op, meta.owner ->> '*');
  if predicate is null or owner is null then
    predicate := coalesce(meta.other_target ->> op, meta.other_target ->> '*', 'true');
  elsif owner = tests.actor('stranger') and coalesce(meta.other_target ->> op, meta.other_target ->> '*') is not null then
    predicate := coalesce(meta.other_target ->> op, meta.other_target ->> '*');
  else
    predicate := tests.bind(predicate, owner);
  end if;
  -- Another's row must not be the excluded actor's too (a two-party row they are part of).
  if exclude is not null and meta.scopes ? 'own' then
    predicate := format('(%s) and not coalesce((%s), false)', predicate, tests.bind(meta.scopes ->> 'own', exclude));
  end if;
  execute format('select to_jsonb(t) from public.%I t where %s order by t.%I::text limit 1', table_name, predicate, meta.key)
    into result;
  if result is null then
    raise exception 'no % row of % to %', table_name, coalesce(owner::text, 'anyone'), op;
  end if;
  return result;
end
$$;

-- Whether the role (acting as actor) may write the row: true when the statement succeeds and
-- touches it. Everything is undone.
create or replace function tests.try_write(table_name text, op text, role_column text, actor uuid, target jsonb)
returns boolean
language plpgsql
as $$
declare
  meta tests.matrix_tables;
  touched bigint := 0;
  key_value text;
begin
  select * into meta from tests.matrix_tables m where m.table_name = try_write.table_name;
  key_value := target ->> meta.key;
  begin
    if op = 'insert' then
      -- Free the row's unique values (without cascades or rules), then insert it again as the role.
      perform set_config('session_replication_role', 'replica', true);
      execute format('delete from public.%I where %I::text = %L', table_name, meta.key, key_value);
      perform set_config('session_replication_role', 'origin', true);
    end if;
    if role_column = 'anon' then perform tests.act_as_anon(); else perform tests.act_as(actor); end if;
    if op = 'insert' then
      target := target - meta.insert_defaults;
      execute format('insert into public.%I (%s) overriding system value select %2$s from jsonb_populate_record(null::public.%1$I, $1)',
                     table_name, (select string_agg(quote_ident(k), ', ') from jsonb_object_keys(target) k)) using target;
    elsif op = 'update' then
      execute format('update public.%I set %I = %I where %I::text = %L', table_name, meta.touch, meta.touch, meta.key, key_value);
    else
      execute format('delete from public.%I where %I::text = %L', table_name, meta.key, key_value);
    end if;
    get diagnostics touched = row_count;
    raise exception using errcode = 'P0001', message = 'undo', detail = touched::text;
  exception
    when raise_exception then
      perform tests.act_as_superuser();
      if sqlerrm = 'undo' then
        return touched > 0;
      end if;
      return false;
    when others then
      perform tests.act_as_superuser();
      return false;
  end;
end
$$;

-- One cell: true when the database does what it says; why not in `detail`.
create or replace function tests.check_cell(table_name text, op text, role_column text, cell text, out passed boolean, out detail text)
language plpgsql
as $$
declare
  actor uuid := tests.actor(role_column);
  stranger uuid := tests.actor('stranger');
  meta tests.matrix_tables;
  seen text[];
  wanted text[];
  own_ok boolean;
  other_ok boolean;
begin
  select * into meta from tests.matrix_tables m where m.table_name = check_cell.table_name;
  if meta is null then
    passed := false; detail := 'no test metadata for table ' || table_name; return;
  end if;
  if op = 'select' then
    wanted := tests.expected_keys(table_name, cell, actor);
    if role_column = 'anon' then perform tests.act_as_anon(); else perform tests.act_as(actor); end if;
    seen := tests.visible_keys(table_name);
    perform tests.act_as_superuser();
    passed := seen = wanted and (cell = 'none' or cardinality(wanted) > 0);
    detail := format('sees %s rows, expected %s', cardinality(seen), cardinality(wanted));
    return;
  end if;
  if meta.owner is not null and actor is not null then
    own_ok := tests.try_write(table_name, op, role_column, actor, tests.target_row(table_name, op, actor));
  end if;
  other_ok := tests.try_write(table_name, op, role_column, actor, tests.target_row(table_name, op, stranger, actor));
  passed := case cell
    when 'yes' then other_ok
    when 'own' then coalesce(own_ok, false) and not other_ok
    when 'no' then not coalesce(own_ok, false) and not other_ok
  end;
  detail := format('own row: %s, another''s row: %s', coalesce(own_ok::text, 'n/a'), other_ok);
end
$$;

-- The engine reads its metadata while acting as the role under test.
grant select on tests.matrix_tables to anon, authenticated, service_role;
