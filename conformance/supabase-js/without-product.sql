-- The conformance suite checks the generic engine on its own fixture schema, whose tables
-- (events, roles, …) share names with the community app's. On its throwaway cluster, the
-- product's objects in public and app, its storage policies and its (empty) buckets are
-- dropped first; public itself (with its grants and default privileges) stays.
set client_min_messages = warning;
do $$
declare
  object record;
begin
  for object in select c.relname from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'v' loop
    execute format('drop view if exists public.%I cascade', object.relname);
  end loop;
  for object in select c.relname from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') loop
    execute format('drop table if exists public.%I cascade', object.relname);
  end loop;
  -- A cascade may have dropped a function already: check each one when its turn comes.
  for object in select p.oid from pg_proc p where p.pronamespace = 'public'::regnamespace loop
    if exists (select from pg_proc p where p.oid = object.oid) then
      execute format('drop function %s cascade', object.oid::regprocedure);
    end if;
  end loop;
end
$$;
-- The product's storage policies (policies/70_storage.sql); the storage service's own stay.
do $$
declare
  policy record;
begin
  for policy in
    select p.polname, p.polrelid::regclass as relation from pg_policy p
     where p.polrelid in ('storage.objects'::regclass, 'storage.buckets'::regclass)
       and not (p.polroles <@ array(select oid from pg_roles where rolname = 'storage_admin'))
  loop
    execute format('drop policy %I on %s', policy.polname, policy.relation);
  end loop;
end
$$;
delete from storage.buckets b
 where b.id in ('gallery', 'avatars', 'content', 'event-images', 'matrimony-photos', 'matrimony-pdfs', 'documents', 'havyaka-sandesh')
   and not exists (select from storage.objects o where o.bucket_id = b.id);
drop schema if exists app cascade;
drop schema if exists tests cascade;
-- The product's rule for the auth admin API reads public.users: back to the platform's default.
create or replace function auth.can_manage_users() returns boolean language sql stable as $$ select false $$;
-- Likewise the per-account rule (policies/00_helpers.sql, which reads app.*) and the storage
-- quota (policies/70_storage.sql): back to the platform's defaults (migrations 0005 and 0006).
create or replace function auth.can_manage_user(target uuid) returns boolean
language sql stable as $$ select auth.can_manage_users() $$;
create or replace function storage.user_quota_bytes() returns bigint
language sql stable
as $$ select case when auth.uid() is null or auth.role() = 'service_role' then null else 1073741824 end $$;
