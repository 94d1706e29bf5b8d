-- The foundation every later migration and policy stands on.
--
-- The API roles (anon, authenticated, service_role, authenticator) are cluster-wide and are
-- created by the server before any migration runs. This file defines, once and for all, how
-- SQL reads the caller: the server sets `request.jwt.claims` (the verified JWT claims as
-- JSON, `role` included) transaction-locally before every request's first query.

create schema if not exists auth;
create schema if not exists extensions;
comment on schema auth is 'Accounts, sessions and the helpers that read the caller''s JWT claims.';
comment on schema extensions is 'Extensions live here, out of the exposed public schema.';

grant usage on schema auth to anon, authenticated, service_role;
grant usage on schema extensions to anon, authenticated, service_role;

-- The caller's verified claims. `request.jwt.claim` is read first for compatibility with
-- older PostgREST-style settings. After a transaction ends a reused connection reads '' (not
-- NULL), hence nullif.
create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;
comment on function auth.jwt() is 'The verified JWT claims of the current request, or NULL outside a request.';

-- The signed-in user's id (the `sub` claim), or NULL for anonymous callers and API keys.
create or replace function auth.uid() returns uuid
language sql stable
as $$
  select nullif(
    coalesce(
      nullif(current_setting('request.jwt.claim.sub', true), ''),
      nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'
    ),
    ''
  )::uuid
$$;
comment on function auth.uid() is 'The current user''s id (JWT sub), or NULL. In policies write (select auth.uid()) so it is evaluated once per statement.';

-- The database role the request runs as: anon, authenticated or service_role.
create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'
  )
$$;
comment on function auth.role() is 'The API role of the current request (anon, authenticated, service_role).';

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'
  )
$$;
comment on function auth.email() is 'The current user''s e-mail from the JWT, or NULL.';

grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email()
  to anon, authenticated, service_role;

-- The exposed schema: privileges are granted wide and row-level security decides every row
-- (each table in public must enable RLS; a lint in the test command checks it). Nobody but
-- the migrating role may create objects in it.
revoke create on schema public from public;
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public
  grant select, insert, update, delete on tables to anon, authenticated, service_role;
alter default privileges in schema public
  grant usage, select on sequences to anon, authenticated, service_role;
alter default privileges in schema public
  grant execute on functions to anon, authenticated, service_role;
