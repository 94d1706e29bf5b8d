-- The community app's foundation: a private schema for helpers, the checks shared by many
-- tables, and the trigger that keeps updated_at true.
--
-- `app` is never exposed over REST (DB_SCHEMAS lists public only): it holds helpers that
-- policies call and tables nobody may read through the API (identity numbers, audit rows).
-- The API roles may use the schema so policies can call its functions; each function says
-- who may execute it.

create schema if not exists app;
comment on schema app is 'Private helpers and tables of the community app; never exposed over REST.';
grant usage on schema app to anon, authenticated, service_role;

-- Trigram indexes make the directory's free-text search (ilike '%…%') use an index.
create extension if not exists pg_trgm with schema extensions;

-- Formats of spec §5, kept in one place so every table checks them the same way.
create function app.is_email(value text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$ select value ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$' and length(value) <= 320 $$;
comment on function app.is_email(text) is 'Spec §5 e-mail format (something@domain.tld, at most 320 characters).';

-- 7-20 digits, with an optional plus, spaces, hyphens and brackets.
create function app.is_phone(value text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select value ~ '^\+?[0-9 ()-]+$'
     and length(regexp_replace(value, '[^0-9]', '', 'g')) between 7 and 20
$$;
comment on function app.is_phone(text) is 'Spec §5 phone format: 7-20 digits, optional plus, spaces, hyphens and brackets.';

create function app.is_url(value text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$ select value ~ '^(https?://|/)' and length(value) <= 2000 $$;
comment on function app.is_url(text) is 'An http(s) URL or a path on this site (stored files are addressed by path).';

create function app.is_pincode(value text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$ select value ~ '^[0-9]{6}$' $$;

grant execute on function app.is_email(text), app.is_phone(text), app.is_url(text), app.is_pincode(text)
  to anon, authenticated, service_role;

-- Every table's updated_at, whatever the client sends.
create function app.touch_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
comment on function app.touch_updated_at() is 'BEFORE UPDATE trigger: updated_at is the time of the last change.';

-- The user types of spec §3 and which of them are staff (they reach the admin area).
create function app.user_types() returns text[]
language sql immutable parallel safe
set search_path = ''
as $$
  select array['matrimony', 'student', 'member', 'admin', 'super_admin', 'content_manager',
               'event_manager', 'havyaka_sandesh_manager', 'member_viewer']
$$;

create function app.staff_types() returns text[]
language sql immutable parallel safe
set search_path = ''
as $$ select array['admin', 'super_admin', 'content_manager', 'event_manager', 'havyaka_sandesh_manager'] $$;

grant execute on function app.user_types(), app.staff_types() to anon, authenticated, service_role;
grant execute on function app.touch_updated_at() to anon, authenticated, service_role;
