-- Files: buckets and objects, as in Supabase Storage.
--
-- Rows live here; bytes live in the object store (a directory or S3), under a key derived from
-- the object's `version` (a fresh uuid for every write), so a name can be overwritten without
-- ever exposing half-written bytes. Who may read, upload, overwrite or remove an object is
-- decided by row-level security on `storage.objects`, under the caller's role and claims, as on
-- Supabase. Both tables start with RLS on and no policy for the API roles: nothing is allowed
-- until `policies/` says so.

create schema if not exists storage;
comment on schema storage is 'Buckets and objects of the file service; bytes are in the object store.';
grant usage on schema storage to anon, authenticated, service_role, storage_admin;

create table storage.buckets (
  -- Bucket ids appear in URLs and object-store keys: letters, digits, '.', '_' and '-'.
  id text primary key check (id ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$'),
  name text not null unique,
  owner uuid,
  owner_id text,
  public boolean not null default false,
  -- Bytes; NULL means only the server's global limit applies.
  file_size_limit bigint check (file_size_limit is null or file_size_limit > 0),
  -- MIME types or wildcards such as image/*; NULL means any type.
  allowed_mime_types text[],
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table storage.buckets is 'Containers of objects with their access (public) and upload limits.';

create table storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text not null references storage.buckets (id) on delete restrict,
  name text not null check (octet_length(name) between 1 and 1024),
  owner uuid,
  owner_id text,
  -- {eTag, size, mimetype, cacheControl, lastModified, contentLength, httpStatusCode}
  metadata jsonb,
  user_metadata jsonb,
  -- Names the stored bytes; a new write gets a new version.
  version text not null,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_accessed_at timestamptz not null default now(),
  unique (bucket_id, name)
);
comment on table storage.objects is 'One row per stored file; row-level security decides who may do what.';
-- Prefix listing (`name like 'a/b/%'`) and "my objects" policies.
create index objects_bucket_name_prefix on storage.objects (bucket_id, name text_pattern_ops);
create index objects_owner on storage.objects (owner);

-- Uploads whose bytes are being written: the bytes' version and the server instance writing
-- them. The row that makes an object visible is written in the same transaction that removes
-- this one; whatever is left belongs to an interrupted upload and its bytes are removed.
create table storage.pending_uploads (
  version text primary key,
  instance_id bigint not null,
  started_at timestamptz not null default now()
);
create index pending_uploads_instance on storage.pending_uploads (instance_id);

-- Versions no row refers to any more (removed or overwritten objects): their bytes, and any
-- rendered images of them, are removed by the server, then the entry.
create table storage.orphaned_versions (
  version text primary key,
  queued_at timestamptz not null default now()
);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- The storage service itself reads bucket settings and writes bookkeeping as storage_admin.
create policy "The storage service sees every bucket" on storage.buckets
  for all to storage_admin using (true) with check (true);
create policy "The storage service sees every object" on storage.objects
  for all to storage_admin using (true) with check (true);

grant select, insert, update, delete on storage.buckets, storage.objects
  to anon, authenticated, service_role, storage_admin;
revoke all on storage.pending_uploads, storage.orphaned_versions from public, anon, authenticated, service_role;
grant select, insert, update, delete on storage.pending_uploads, storage.orphaned_versions to storage_admin;

create or replace function storage.touch_updated_at() returns trigger
language plpgsql
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create trigger buckets_updated_at before update on storage.buckets
  for each row execute function storage.touch_updated_at();
create trigger objects_updated_at before update on storage.objects
  for each row execute function storage.touch_updated_at();

-- Removing or overwriting an object, from the API or from any SQL (a product function that
-- deletes an album's photos, say), queues the bytes it no longer needs. Security definer: the
-- caller has no rights on the queue.
create or replace function storage.queue_orphaned_version() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' or old.version is distinct from new.version then
    insert into storage.orphaned_versions (version) values (old.version) on conflict do nothing;
    perform pg_notify('storage_orphans', '');
  end if;
  return null;
end
$$;
revoke all on function storage.queue_orphaned_version() from public;

create trigger objects_queue_orphans after delete or update of version on storage.objects
  for each row execute function storage.queue_orphaned_version();

-- Path helpers for policies: `(storage.foldername(name))[1] = (select auth.uid())::text` says
-- "the first folder is the caller's id".
create or replace function storage.foldername(name text) returns text[]
language sql immutable strict
as $$
  select (string_to_array(name, '/'))[1:greatest(cardinality(string_to_array(name, '/')) - 1, 0)]
$$;
comment on function storage.foldername(text) is 'The folders of an object name, outermost first (every segment but the last).';

create or replace function storage.filename(name text) returns text
language sql immutable strict
as $$
  select (string_to_array(name, '/'))[cardinality(string_to_array(name, '/'))]
$$;
comment on function storage.filename(text) is 'The last segment of an object name.';

create or replace function storage.extension(name text) returns text
language sql immutable strict
as $$
  select case
    when storage.filename(name) like '%.%' then lower(reverse(split_part(reverse(storage.filename(name)), '.', 1)))
    else ''
  end
$$;
comment on function storage.extension(text) is 'The extension of an object''s file name, lower case, without the dot ('''' when none).';

-- The storage operation the current request performs (object.upload, object.get, ...), for
-- policies that treat operations differently.
create or replace function storage.operation() returns text
language sql stable
as $$ select nullif(current_setting('storage.operation', true), '') $$;
comment on function storage.operation() is 'The storage API operation of the current request, or NULL.';

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text),
  storage.operation() to anon, authenticated, service_role, storage_admin;
