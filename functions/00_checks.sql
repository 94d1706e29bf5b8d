-- Checks and small helpers every table and function shares: the formats of spec §5, the user
-- types and which of them are staff, updated_at, literal LIKE patterns, names fit for a
-- notification, the forms' refusal (P0001 with the column in the hint), mobile numbers and ages.
--
-- Table definitions call some of these (check constraints): their signatures stay as they are.

-- Formats of spec §5, kept in one place so every table checks them the same way.
create or replace function app.is_email(value text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$ select value ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$' and length(value) <= 320 $$;
comment on function app.is_email(text) is 'Spec §5 e-mail format (something@domain.tld, at most 320 characters).';
grant execute on function app.is_email(text) to anon, authenticated, service_role;

-- 7-20 digits, with an optional plus, spaces, hyphens and brackets.
create or replace function app.is_phone(value text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select value ~ '^\+?[0-9 ()-]+$'
     and length(regexp_replace(value, '[^0-9]', '', 'g')) between 7 and 20
$$;
comment on function app.is_phone(text) is 'Spec §5 phone format: 7-20 digits, optional plus, spaces, hyphens and brackets.';
grant execute on function app.is_phone(text) to anon, authenticated, service_role;

-- Absolute http(s) with a host, or a path on this site: never `//host` (a scheme-relative URL
-- leaves the site) nor a backslash, which browsers read as a slash (`/\host`).
create or replace function app.is_url(value text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select value ~* '^(https?://[a-z0-9]|/($|[^/\\]))' and value !~ '[\\[:cntrl:]]' and length(value) <= 2000
$$;
comment on function app.is_url(text) is 'An absolute http(s) URL with a host, or a path on this site (stored files are addressed by path); never scheme-relative.';
grant execute on function app.is_url(text) to anon, authenticated, service_role;

-- A web address as people type it: a bare host ('udupisweets.example', 'www.x.in/menu') gets
-- https:// in front; anything else is left for app.is_url to judge (issue 40).
create or replace function app.web_address(value text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select case
    when value is null or btrim(value) = '' then nullif(btrim(value), '')
    when btrim(value) ~* '^[a-z][a-z0-9+.-]*:' then btrim(value)
    when btrim(value) ~* '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}(:[0-9]+)?([/?#]\S*)?$'
      then 'https://' || btrim(value)
    else btrim(value)
  end
$$;
comment on function app.web_address(text) is 'https:// added to a bare host name as typed; other values unchanged (app.is_url still judges them).';
grant execute on function app.web_address(text) to anon, authenticated, service_role;

create or replace function app.is_pincode(value text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$ select value ~ '^[0-9]{6}$' $$;
grant execute on function app.is_pincode(text) to anon, authenticated, service_role;

-- Every table's updated_at, whatever the client sends.
create or replace function app.touch_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
comment on function app.touch_updated_at() is 'BEFORE UPDATE trigger: updated_at is the time of the last change.';
grant execute on function app.touch_updated_at() to anon, authenticated, service_role;

-- The user types of spec §3 and which of them are staff (they reach the admin area).
create or replace function app.user_types() returns text[]
language sql immutable parallel safe
set search_path = ''
as $$
  select array['matrimony', 'student', 'member', 'admin', 'super_admin', 'content_manager',
               'event_manager', 'havyaka_sandesh_manager', 'member_viewer']
$$;
grant execute on function app.user_types() to anon, authenticated, service_role;

create or replace function app.staff_types() returns text[]
language sql immutable parallel safe
set search_path = ''
as $$ select array['admin', 'super_admin', 'content_manager', 'event_manager', 'havyaka_sandesh_manager'] $$;
grant execute on function app.staff_types() to anon, authenticated, service_role;

-- A LIKE pattern that matches `value` literally, anywhere.
create or replace function app.contains_pattern(value text) returns text
language sql immutable parallel safe
set search_path = ''
as $$ select '%' || replace(replace(replace(value, '\', '\\'), '%', '\%'), '_', '\_') || '%' $$;
grant execute on function app.contains_pattern(text) to anon, authenticated, service_role;

-- A person's name as it may appear in a notification or a push: no links or addresses, no
-- markup characters, at most 60 characters; NULL when nothing is left.
create or replace function app.plain_name(name text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select nullif(left(btrim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(coalesce(name, ''),
    '[a-z][a-z0-9+.-]*:\S*', ' ', 'gi'),                -- scheme:anything (https://, mailto:, javascript:)
    '\S*(www\.|\.[a-z]{2,}(/|\y))\S*', ' ', 'gi'),      -- www.… and domain-like words
    '[<>"{}\[\]\\|`@/]', ' ', 'g'),                      -- markup and address characters
    '\s+', ' ', 'g')), 60), '')
$$;
grant execute on function app.plain_name(text) to anon, authenticated, service_role;

-- A refusal the form shows under its field: the spec's message, the column in the hint.
create or replace function app.refuse(field text, message text) returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = 'P0001', message = message, hint = coalesce(field, '');
end
$$;
grant execute on function app.refuse(text, text) to anon, authenticated, service_role;

-- Spec §5 mobile numbers: required, 7-20 digits after stripping, international format.
create or replace function app.mobile_error(value text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select case
    when nullif(btrim(value), '') is null then 'Mobile number is required'
    when length(regexp_replace(value, '[^0-9]', '', 'g')) < 7 then 'Mobile number must be at least 7 digits'
    when length(regexp_replace(value, '[^0-9]', '', 'g')) > 20 then 'Mobile number is too long (maximum 20 digits)'
    when btrim(value) !~ '^\+?[0-9 ()-]+$' then 'Please enter a valid mobile number (supports international formats)'
  end
$$;
grant execute on function app.mobile_error(text) to anon, authenticated, service_role;

-- Whole years between a date of birth and today.
create or replace function app.age_on(born date, today date) returns int
language sql immutable parallel safe
set search_path = ''
as $$ select extract(year from age(today, born))::int $$;
grant execute on function app.age_on(date, date) to anon, authenticated, service_role;
