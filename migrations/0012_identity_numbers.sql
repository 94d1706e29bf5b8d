-- PAN and Aadhaar numbers (student and membership forms) are kept out of the tables the API
-- serves: a trigger on each form table moves the number into app.identity_numbers, which no
-- API role can read, and leaves a masked copy in the row (XXXXXX234F, XXXX XXXX 9012). The
-- owner therefore sees their numbers masked, staff lists show them masked, and the full value
-- is read only through public.reveal_identity_numbers(), which admits admins and writes an
-- audit row for every read.

create table app.identity_numbers (
  record_table text not null check (record_table in ('student_details', 'members')),
  record_id uuid not null,
  pan text check (pan ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'),
  aadhar text check (aadhar ~ '^[0-9]{12}$'),
  updated_at timestamptz not null default now(),
  primary key (record_table, record_id)
);
comment on table app.identity_numbers is 'Full PAN and Aadhaar numbers; read only through public.reveal_identity_numbers().';

create table app.identity_reads (
  id bigint generated always as identity primary key,
  reader_id uuid not null,
  record_table text not null,
  record_id uuid not null,
  read_at timestamptz not null default now()
);
comment on table app.identity_reads is 'Audit: who read which full identity numbers, when.';
create index identity_reads_record on app.identity_reads (record_table, record_id);
create index identity_reads_reader on app.identity_reads (reader_id, read_at desc);

alter table app.identity_numbers enable row level security;
alter table app.identity_numbers force row level security;
alter table app.identity_reads enable row level security;
alter table app.identity_reads force row level security;
revoke all on app.identity_numbers, app.identity_reads from public, anon, authenticated, service_role;

create function app.mask_pan(value text) returns text
language sql immutable parallel safe
set search_path = ''
as $$ select case when value is null then null else 'XXXXXX' || right(value, 4) end $$;

create function app.mask_aadhar(value text) returns text
language sql immutable parallel safe
set search_path = ''
as $$ select case when value is null then null else 'XXXX XXXX ' || right(value, 4) end $$;

-- BEFORE INSERT OR UPDATE on a form table; tg_argv: the PAN column, the Aadhaar column.
-- A value equal to the stored mask (a form saved again as it was loaded) changes nothing;
-- NULL removes the number.
create function app.protect_identity_numbers() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  pan_column text := tg_argv[0];
  aadhar_column text := tg_argv[1];
  new_pan text := nullif(btrim(to_jsonb(new) ->> pan_column), '');
  new_aadhar text := nullif(regexp_replace(coalesce(to_jsonb(new) ->> aadhar_column, ''), '\s', '', 'g'), '');
  old_pan text;
  old_aadhar text;
  stored app.identity_numbers%rowtype;
begin
  if tg_op = 'UPDATE' then
    old_pan := to_jsonb(old) ->> pan_column;
    old_aadhar := to_jsonb(old) ->> aadhar_column;
  end if;
  select * into stored from app.identity_numbers where record_table = tg_table_name and record_id = new.id;
  if tg_op = 'UPDATE' and new.id is distinct from old.id then
    raise exception 'Validation error - please check your input' using errcode = '23514', detail = 'id cannot change';
  end if;

  if new_pan is not null and (new_pan = old_pan or new_pan ~ '^X{6}[0-9A-Z]{4}$') then
    new_pan := stored.pan;
  elsif new_pan is not null then
    new_pan := upper(new_pan);
    if new_pan !~ '^[A-Z]{5}[0-9]{4}[A-Z]$' then
      raise exception 'PAN format is invalid' using errcode = '23514', detail = 'PAN: 5 letters, 4 digits, 1 letter';
    end if;
  end if;
  if new_aadhar is not null and (new_aadhar = regexp_replace(coalesce(old_aadhar, ''), '\s', '', 'g') or new_aadhar ~ '^XXXXXXXX[0-9]{4}$') then
    new_aadhar := stored.aadhar;
  elsif new_aadhar is not null and new_aadhar !~ '^[0-9]{12}$' then
    raise exception 'Aadhar format is invalid' using errcode = '23514', detail = 'Aadhar: 12 digits';
  end if;

  if new_pan is null and new_aadhar is null then
    delete from app.identity_numbers where record_table = tg_table_name and record_id = new.id;
  else
    insert into app.identity_numbers (record_table, record_id, pan, aadhar)
    values (tg_table_name, new.id, new_pan, new_aadhar)
    on conflict (record_table, record_id) do update
      set pan = excluded.pan, aadhar = excluded.aadhar, updated_at = now();
  end if;
  new := jsonb_populate_record(new, jsonb_build_object(
    pan_column, app.mask_pan(new_pan),
    aadhar_column, app.mask_aadhar(new_aadhar)));
  return new;
end
$$;
revoke execute on function app.protect_identity_numbers() from public;

create function app.forget_identity_numbers() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from app.identity_numbers where record_table = tg_table_name and record_id = old.id;
  return null;
end
$$;
revoke execute on function app.forget_identity_numbers() from public;
