-- Database lints (after Supabase's splinter): each query lists what is wrong, and must list
-- nothing. Its first column names the object, its second says how to fix it (`server db lint`
-- prints both). Exposed schema: public (DB_SCHEMAS); the storage schema is checked too, its
-- bookkeeping tables included.
begin;
select plan(8);

select is_empty($$
  select format('%I.%I', n.nspname, c.relname),
         format('alter table %I.%I enable row level security; in the migration that made it, and its policies in policies/',
                n.nspname, c.relname)
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname in ('public', 'storage') and c.relkind in ('r', 'p') and not c.relrowsecurity
$$, 'every table of public and storage has row-level security on, reachable by an API role or not');

select is_empty($$
  select format('%I.%I', n.nspname, c.relname),
         'add its policies in policies/ (create policy … for select to …), or revoke the API roles'' grants on it'
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname in ('public', 'storage') and c.relkind in ('r', 'p') and c.relrowsecurity
     and not exists (select from pg_policy p where p.polrelid = c.oid)
$$, 'every table with row-level security has a policy');

select is_empty($$
  select p.oid::regprocedure::text, 'add set search_path = '''' to its definition in functions/ (and qualify every name)'
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where p.prosecdef and n.nspname in ('public', 'app', 'auth', 'storage', 'push')
     and not exists (select from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')
$$, 'every security definer function fixes its search_path');

select is_empty($$
  select format('%s on %s (%s)', pol.polname, pol.polrelid::regclass, pol.polcmd),
         'give it a real condition (an owner, a staff helper); a write open to everyone is a policy for no one'
    from pg_policy pol
   where pol.polcmd in ('a', 'w', 'd', '*')
     and (pg_get_expr(pol.polwithcheck, pol.polrelid) = 'true' or pg_get_expr(pol.polqual, pol.polrelid) = 'true')
     and not (pol.polroles <@ array(select oid from pg_roles where rolname in ('storage_admin', 'push_admin', 'auth_admin')))
$$, 'no write policy for an API role is always true');

select is_empty($$
  select format('%I.%I', n.nspname, c.relname),
         format('create or replace view %I.%I with (security_invoker = on) as …', n.nspname, c.relname)
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname in ('public', 'storage') and c.relkind = 'v'
     and not coalesce('security_invoker=true' = any (c.reloptions) or 'security_invoker=on' = any (c.reloptions), false)
$$, 'every view in an exposed schema runs as the invoker');

select is_empty($$
  select r, format('revoke create on schema public from %I;', r)
    from unnest(array['anon', 'authenticated', 'service_role', 'authenticator']) r
   where has_schema_privilege(r, 'public', 'create')
$$, 'no API role may create objects in public');

-- A call that does not depend on the row (no argument, or constant ones) of auth.uid(),
-- auth.jwt(), auth.role() or an app.* helper (app.is_admin(), app.current_user_type(), …) is
-- worth one evaluation per statement: wrapped in (select …), PostgreSQL runs it once as an
-- init plan instead of once per row. A set-returning helper in the FROM of a sub-select
-- (`x in (select o from app.listed_matrimony_owners() o)`) runs once per statement already.
select is_empty($$
  select format('%s on %s', pol.polname, pol.polrelid::regclass),
         'wrap each call that does not depend on the row in (select …): (select auth.uid()), (select app.is_admin())'
    from pg_policy pol
   where regexp_replace(coalesce(pg_get_expr(pol.polqual, pol.polrelid), '') || ' ' ||
                        coalesce(pg_get_expr(pol.polwithcheck, pol.polrelid), ''),
                        '\(\s*SELECT\s+(auth|app)\.[a-z_]+\([^()]*\)\s+AS\s+[a-z_]+\s*\)|\mFROM\s+(auth|app)\.[a-z_]+\([^()]*\)', '', 'gi')
         ~* '(auth|app)\.[a-z_]+\((\s|,|VARIADIC|ARRAY|\[|\]|''[^'']*''(::[a-z ]+(\[\])?)?)*\)'
$$, 'policies call auth.uid(), auth.jwt(), auth.role() and the app.* helpers once per statement: (select app.is_admin())');

select is_empty($$
  select format('%s on %s', pol.polname, pol.polrelid::regclass),
         'decide from public.users (app.current_user_type()) or app_metadata, which users cannot edit'
    from pg_policy pol
   where coalesce(pg_get_expr(pol.polqual, pol.polrelid), '') || coalesce(pg_get_expr(pol.polwithcheck, pol.polrelid), '')
         ~* '(user_metadata|raw_user_meta_data|raw_app_meta_data)'
$$, 'no policy reads user-editable metadata');

select * from finish();
rollback;
