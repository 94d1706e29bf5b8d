-- Documents the app declares in SQL: PDFs rendered by the server from a template in the app's
-- templates folder, one per row of a source view, stored in a bucket. The engine knows nothing
-- of what they say (server/src/documents).
--
-- The worker reads rows of `source_view` whose `target_column` is null (the view shows the
-- target table's column under the same name), renders `template` with the row as JSON, writes
-- the bytes to the storage backend, then in ONE transaction sets `target_table.target_column`
-- to the object's name (only while it is still null: a row rendered twice is stored once) and
-- records the object in `bucket` at the name in the row's `path_column` (replacing an older
-- version there), and, when `mail_template` is set and the row's `mail_to` column is not null,
-- queues that mail (templates/mail/<mail_template>[.kn].txt, the row's `mail_language`,
-- `{{ .Reference }}` = the row's `mail_reference`, `{{ .ConfirmationURL }}` = the site URL and
-- `link_path`). A crash before that transaction leaves bytes in storage.pending_uploads, which
-- the storage sweeper removes. The app re-renders a row by setting its column back to null.

create table ops.documents (
  name text primary key check (name ~ '^[a-z][a-z0-9_]{0,62}$'),
  source_view text not null,
  key_column text not null,
  template text not null check (template ~ '^[A-Za-z0-9_-]+\.typ$'),
  bucket text not null,
  path_column text not null,
  target_table text not null,
  target_column text not null,
  owner_column text,
  mail_template text check (mail_template ~ '^[a-z][a-z0-9_]{0,62}$'),
  link_path text check (link_path ~ '^/'),
  declared_at timestamptz not null default now()
);
comment on table ops.documents is 'PDF documents the app declares (ops.declare_document): source view, template, bucket, column set when stored.';

-- Wakes the documents worker of every replica.
create function ops.documents_notify() returns trigger language plpgsql set search_path = '' as $$
begin
  perform pg_notify('ops_documents', tg_argv[0]);
  return null;
end $$;
revoke all on function ops.documents_notify() from public;

-- Declares (or changes) a document; idempotent, for files re-applied at every start. Checks that
-- the view and table have the columns named, and adds a trigger on the table that wakes the
-- worker when rows are added or changed (a column set back to null).
create function ops.declare_document(
  document_name text, source_view text, key_column text, template text, bucket text, path_column text,
  target_table text, target_column text, owner_column text default null, mail_template text default null,
  link_path text default null
) returns void language plpgsql set search_path = '' as $$
declare
  view_oid regclass := to_regclass(source_view);
  table_oid regclass := to_regclass(target_table);
  wanted text;
begin
  if view_oid is null then
    raise exception 'ops.declare_document: % is not a view or table', source_view using errcode = 'undefined_table';
  end if;
  if table_oid is null or (select relkind from pg_catalog.pg_class where oid = table_oid) not in ('r', 'p') then
    raise exception 'ops.declare_document: % is not a table', target_table using errcode = 'undefined_table';
  end if;
  foreach wanted in array array_remove(array[key_column, path_column, target_column, owner_column], null) loop
    if not exists (select from pg_catalog.pg_attribute where attrelid = view_oid and attname = wanted and attnum > 0 and not attisdropped) then
      raise exception 'ops.declare_document: % has no column %', source_view, wanted using errcode = 'undefined_column';
    end if;
  end loop;
  foreach wanted in array array[key_column, target_column] loop
    if not exists (select from pg_catalog.pg_attribute where attrelid = table_oid and attname = wanted and attnum > 0 and not attisdropped) then
      raise exception 'ops.declare_document: % has no column %', target_table, wanted using errcode = 'undefined_column';
    end if;
  end loop;
  if not exists (select from storage.buckets b where b.id = bucket) then
    raise exception 'ops.declare_document: no bucket %', bucket using errcode = 'invalid_parameter_value';
  end if;
  insert into ops.documents (name, source_view, key_column, template, bucket, path_column, target_table, target_column,
                             owner_column, mail_template, link_path)
  values (document_name, view_oid::text, key_column, template, bucket, path_column, table_oid::text, target_column,
          owner_column, mail_template, link_path)
  on conflict (name) do update
    set source_view = excluded.source_view, key_column = excluded.key_column, template = excluded.template,
        bucket = excluded.bucket, path_column = excluded.path_column, target_table = excluded.target_table,
        target_column = excluded.target_column, owner_column = excluded.owner_column,
        mail_template = excluded.mail_template, link_path = excluded.link_path, declared_at = now()
    where (ops.documents.source_view, ops.documents.key_column, ops.documents.template, ops.documents.bucket,
           ops.documents.path_column, ops.documents.target_table, ops.documents.target_column,
           ops.documents.owner_column, ops.documents.mail_template, ops.documents.link_path)
          is distinct from (excluded.source_view, excluded.key_column, excluded.template, excluded.bucket,
           excluded.path_column, excluded.target_table, excluded.target_column, excluded.owner_column,
           excluded.mail_template, excluded.link_path);
  -- Any update (not only of the column: a BEFORE trigger clearing it is not in the SET list),
  -- once per statement; NOTIFY folds repeats within a transaction.
  execute format('create or replace trigger %I after insert or update on %s for each statement execute function ops.documents_notify(%L)',
                 'documents_' || document_name, table_oid, document_name);
  perform pg_notify('ops_documents', document_name);
end $$;
comment on function ops.declare_document(text, text, text, text, text, text, text, text, text, text, text) is
  'Declares a PDF document: source view, key, template file, bucket, object name column, the table column set when stored.';

-- Removes a document the app no longer has (its files stay).
create function ops.forget_document(document_name text) returns void language plpgsql set search_path = '' as $$
declare
  target text;
begin
  delete from ops.documents where name = document_name returning target_table into target;
  if target is not null and to_regclass(target) is not null then
    execute format('drop trigger if exists %I on %s', 'documents_' || document_name, target);
  end if;
end $$;

revoke all on ops.documents from public;
revoke all on function ops.declare_document(text, text, text, text, text, text, text, text, text, text, text),
  ops.forget_document(text) from public;
