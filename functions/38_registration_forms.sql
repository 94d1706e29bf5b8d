-- What the three registrations share (spec §5 forms sent as one JSON object): dates as typed,
-- field names in messages, the form cleaned into a row of the target table (unknown keys
-- refused), and the first step of every registration: the caller's account and its record.

-- A form date: YYYY-MM-DD, or DD/MM/YYYY and DD-MM-YYYY (converted, spec §5); a real date.
create or replace function app.form_date(value text, message text, field text) returns date
language plpgsql immutable
set search_path = ''
as $$
declare
  parts text[];
  result date;
begin
  value := nullif(btrim(value), '');
  if value is null then
    return null;
  end if;
  parts := regexp_match(value, '^([0-9]{4})-([0-9]{2})-([0-9]{2})$');
  if parts is null then
    parts := regexp_match(value, '^([0-9]{1,2})[/-]([0-9]{1,2})[/-]([0-9]{4})$');
    if parts is not null then
      parts := array[parts[3], parts[2], parts[1]];
    end if;
  end if;
  if parts is null then
    perform app.refuse(field, message);
  end if;
  begin
    result := make_date(parts[1]::int, parts[2]::int, parts[3]::int);
  exception when others then
    -- The right shape, but no such day (31/02/2006): say so, as the person typed it (issue 40).
    perform app.refuse(field, app.field_label(field) || ': ' || value || ' is not a date that exists');
  end;
  return result;
end
$$;
revoke execute on function app.form_date(text, text, text) from public;
grant execute on function app.form_date(text, text, text) to authenticated, service_role;

-- How a column is named in messages: date_of_birth -> Date of birth.
create or replace function app.field_label(field text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select case field
    when 'declaration_date' then 'Date'
    when 'pan_no' then 'PAN'
    when 'aadhar_no' then 'Aadhaar'
    when 'pan_number' then 'PAN'
    when 'aadhar_number' then 'Aadhaar'
    else upper(left(replace(field, '_', ' '), 1)) || substr(replace(field, '_', ' '), 2)
  end
$$;
revoke execute on function app.field_label(text) from public;
grant execute on function app.field_label(text) to authenticated, service_role;

-- The submitted form as a row of `target`: only the listed columns (anything else is
-- refused), text trimmed with empty strings as null, numbers from strings (empty = null),
-- yes/no as booleans, dates converted. Returns the cleaned object for jsonb_populate_record.
create or replace function app.form_values(target regclass, application jsonb, allowed text[]) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  key text;
  raw jsonb;
  column_type text;
  txt text;
  result jsonb := '{}';
begin
  if application is null or jsonb_typeof(application) <> 'object' then
    perform app.refuse(null, 'Validation error - please check your input');
  end if;
  for key, raw in select * from jsonb_each(application) loop
    if not (key = any (allowed)) then
      perform app.refuse(key, 'Validation error - please check your input');
    end if;
    column_type := null;
    select format_type(a.atttypid, a.atttypmod) into column_type
      from pg_catalog.pg_attribute a where a.attrelid = target and a.attname = key and not a.attisdropped;
    if raw is null or jsonb_typeof(raw) = 'null' then
      result := result || jsonb_build_object(key, null);
      continue;
    end if;
    if column_type = 'text[]' then
      if jsonb_typeof(raw) <> 'array' or exists (select from jsonb_array_elements(raw) e where jsonb_typeof(e) <> 'string') then
        perform app.refuse(key, app.field_label(key) || ' format is invalid');
      end if;
      result := result || jsonb_build_object(key, raw);
      continue;
    end if;
    if jsonb_typeof(raw) in ('object', 'array') then
      perform app.refuse(key, app.field_label(key) || ' format is invalid');
    end if;
    txt := nullif(btrim(raw #>> '{}'), '');
    if txt is null then
      result := result || jsonb_build_object(key, null);
    elsif column_type = 'boolean' then
      result := result || jsonb_build_object(key, case lower(txt)
        when 'yes' then true when 'true' then true when 'y' then true
        when 'no' then false when 'false' then false when 'n' then false
        else null end);
      if result -> key = 'null'::jsonb then
        perform app.refuse(key, app.field_label(key) || ' must be yes or no');
      end if;
    elsif column_type like 'numeric%' or column_type in ('integer', 'bigint', 'smallint') then
      txt := replace(txt, ',', '');
      if txt !~ '^[0-9]+(\.[0-9]+)?$' or length(txt) > 15 then
        perform app.refuse(key, app.field_label(key) || ' must be a number');
      end if;
      if column_type in ('integer', 'bigint', 'smallint') and txt !~ '^[0-9]+$' then
        perform app.refuse(key, app.field_label(key) || ' must be a whole number');
      end if;
      result := result || jsonb_build_object(key, txt::numeric);
    elsif column_type = 'date' then
      result := result || jsonb_build_object(key, app.form_date(txt,
        app.field_label(key) || ' must be in YYYY-MM-DD format', key));
    else
      result := result || jsonb_build_object(key, txt);
    end if;
  end loop;
  return result;
end
$$;
revoke execute on function app.form_values(regclass, jsonb, text[]) from public;
grant execute on function app.form_values(regclass, jsonb, text[]) to authenticated, service_role;

-- The text of a form field, trimmed, empty as null.
create or replace function app.form_text(application jsonb, key text) returns text
language sql immutable parallel safe
set search_path = ''
as $$ select nullif(btrim(application ->> key), '') $$;
revoke execute on function app.form_text(jsonb, text) from public;
grant execute on function app.form_text(jsonb, text) to authenticated, service_role;

-- A table's columns that an insert writes (not generated ones), quoted, comma-separated.
create or replace function app.stored_columns(target regclass) returns text
language sql stable
set search_path = ''
as $$
  select string_agg(quote_ident(a.attname), ', ' order by a.attnum)
    from pg_catalog.pg_attribute a
   where a.attrelid = target and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
$$;
revoke execute on function app.stored_columns(regclass) from public;

-- The first part of every registration: the caller's account, locked against a concurrent
-- submit, and its users record, made (pending) when missing. An account already registered
-- for another audience is refused: one account, one audience (its type decides its pages).
create or replace function app.begin_registration(kind text, given_first_name text, given_surname text, given_phone text)
returns public.users
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  account_email text;
  account public.users;
  label text := case kind when 'member' then 'membership' else kind end;
begin
  if caller is null then
    raise exception 'Authentication required' using errcode = 'PT401';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('registration ' || caller::text, 0));
  select a.email into account_email from auth.users a where a.id = caller;
  if account_email is null then
    raise exception 'User not authenticated' using errcode = 'PT401';
  end if;
  select * into account from public.users u where u.id = caller;
  if not found then
    perform public.create_user_record(caller, account_email, kind, 'pending',
                                      btrim(concat_ws(' ', given_first_name, given_surname)));
    update public.users u
       set first_name = left(given_first_name, 100),
           surname = left(given_surname, 100),
           phone = case when app.is_phone(given_phone) then given_phone end
     where u.id = caller
    returning * into account;
  elsif account.type <> kind then
    perform app.refuse('email', format(
      'This account is registered as a %s account. Please sign out and use another email address for a %s registration.',
      replace(account.type, '_', ' '), label));
  end if;
  return account;
end
$$;
revoke execute on function app.begin_registration(text, text, text, text) from public;

-- A rejected applicant applies again (issue 40): their account waits for a decision again (the
-- admins hear of it as of a new registration: app.announce_user_registration).
create or replace function app.reopen_application(account_id uuid) returns void
language sql
security definer
set search_path = ''
as $$
  update public.users
     set status = 'pending', approval_status = 'pending', approved_by = null, approved_at = null
   where id = account_id and status = 'rejected'
$$;
revoke execute on function app.reopen_application(uuid) from public;
