-- Stored files and the records they belong to. Files leave with their records (a matrimony
-- profile's photos and biodata, a student's documents, an album's photos, whatever private
-- files an account owned): removing the storage.objects rows is enough, the storage service's
-- sweeper removes the bytes (storage.orphaned_versions), and a signed URL issued before answers
-- 404 from then on, since every download reads the object's row first. The triggers that call
-- these are with their tables.

-- The stored object a URL of ours names: /storage/v1/object/{public|sign|authenticated}/bucket/name
-- (absolute or relative; a query string such as a signed URL's token is ignored).
create or replace function app.storage_object_of(url text) returns table (bucket_id text, name text)
language sql immutable
set search_path = ''
as $$
  select m[1], m[2]
  from regexp_match(url, '/storage/v1/(?:object|render/image)/(?:public/|sign/|authenticated/)?([A-Za-z0-9._-]+)/([^?#]+)') as m
  where m is not null
$$;
grant execute on function app.storage_object_of(text) to anon, authenticated, service_role;

-- Removes the objects the given URLs name. Security definer: whoever may delete the album or
-- item may remove its files, whatever their own storage rights.
create or replace function app.remove_stored_files(urls text[]) returns void
language sql
security definer
set search_path = ''
as $$
  delete from storage.objects o
  using unnest(urls) as u(url), app.storage_object_of(u.url) as f
  where o.bucket_id = f.bucket_id and o.name = f.name
$$;
revoke execute on function app.remove_stored_files(text[]) from public;

-- The objects of `bucket` in the user's own folder (`<user id>/…`, as policies/70_storage.sql
-- requires for uploads there).
create or replace function app.remove_user_folder(bucket text, account uuid) returns void
language sql
security definer
set search_path = ''
as $$
  delete from storage.objects o
   where o.bucket_id = bucket and o.name like account::text || '/%'
$$;
revoke execute on function app.remove_user_folder(text, uuid) from public;

-- A stored file's path names the owner's own folder of the given bucket.
create or replace function app.is_own_file(url text, bucket text, owner uuid) returns boolean
language sql immutable
set search_path = ''
as $$
  select url is null or exists (
    select from app.storage_object_of(url) f
     where f.bucket_id = bucket and f.name like owner::text || '/%' and f.name !~ '(^|/)\.\.?(/|$)')
$$;
grant execute on function app.is_own_file(text, text, uuid) to authenticated, service_role;
