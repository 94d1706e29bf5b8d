-- A per-user storage quota: the bytes of the objects a signed-in user owns, across buckets.
-- storage.user_quota_bytes() says how many the current caller may own (NULL: no limit); the
-- platform's default is 1 GiB for a signed-in user and no limit for the service role and the
-- storage service itself. An app replaces the function (for example: none for its staff, less
-- for its members). Writing a row that would pass the quota fails with SQLSTATE 53400, which
-- the storage API answers as 413 QuotaExceeded; concurrent uploads of one owner queue on an
-- advisory lock, so two of them cannot both slip under the quota.
create or replace function storage.user_quota_bytes() returns bigint
language sql stable
as $$ select case when auth.uid() is null or auth.role() = 'service_role' then null else 1073741824 end $$;
comment on function storage.user_quota_bytes() is
  'Bytes of objects the current caller may own across buckets (NULL: no limit). Replaced by the app''s policies.';
grant execute on function storage.user_quota_bytes() to anon, authenticated, service_role, storage_admin;

create or replace function storage.enforce_user_quota() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  quota bigint;
  owned bigint;
  incoming bigint := coalesce((new.metadata ->> 'size')::bigint, 0);
begin
  if new.owner is null or new.owner is distinct from auth.uid() then
    return new;
  end if;
  if tg_op = 'UPDATE' and incoming <= coalesce((old.metadata ->> 'size')::bigint, 0) then
    return new;
  end if;
  quota := storage.user_quota_bytes();
  if quota is null then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('storage.quota:' || new.owner::text, 0));
  select coalesce(sum((o.metadata ->> 'size')::bigint), 0) into owned
    from storage.objects o
   where o.owner = new.owner and o.id <> new.id
     -- an overwrite (insert on conflict, or update) replaces the object of the same name
     and not (o.bucket_id = new.bucket_id and o.name = new.name);
  if owned + incoming > quota then
    raise exception 'The storage quota of this account is used up' using errcode = '53400',
      detail = format('%s of %s bytes are in use', owned, quota);
  end if;
  return new;
end
$$;
revoke execute on function storage.enforce_user_quota() from public;
create trigger objects_user_quota before insert or update of metadata, owner on storage.objects
  for each row execute function storage.enforce_user_quota();
