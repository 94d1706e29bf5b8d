-- PAN and Aadhaar kept out of the API: the forms' columns hold masked copies, the full numbers
-- live in app.identity_numbers (the vault), written only for rows actually written, and an
-- admin reads them through an audited reveal.

create or replace function app.mask_pan(value text) returns text
language sql immutable parallel safe
set search_path = ''
as $$ select case when value is null then null else 'XXXXXX' || right(value, 4) end $$;

create or replace function app.mask_aadhar(value text) returns text
language sql immutable parallel safe
set search_path = ''
as $$ select case when value is null then null else 'XXXX XXXX ' || right(value, 4) end $$;

-- BEFORE INSERT OR UPDATE on a form table; tg_argv: the PAN column, the Aadhaar column.
-- A value equal to the stored mask (a form saved again as it was loaded) keeps the number;
-- NULL or an empty string removes it. Nothing is written to the vault here.
create or replace function app.protect_identity_numbers() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  pan_column text := tg_argv[0];
  aadhar_column text := tg_argv[1];
  sent_pan text := nullif(btrim(to_jsonb(new) ->> pan_column), '');
  sent_aadhar text := nullif(regexp_replace(coalesce(to_jsonb(new) ->> aadhar_column, ''), '\s', '', 'g'), '');
  old_pan text;
  old_aadhar text;
  keep_pan boolean;
  keep_aadhar boolean;
  new_pan text;
  new_aadhar text;
  staged app.identity_numbers_staged%rowtype;
  stored app.identity_numbers%rowtype;
  -- An INSERT with a masked number on the id of an existing row: the insert half of an
  -- upsert, whose update half must still see the mask (EXCLUDED) to keep the number.
  id_taken boolean := false;
begin
  if tg_op = 'UPDATE' then
    if new.id is distinct from old.id then
      raise exception 'Validation error - please check your input' using errcode = '23514', detail = 'id cannot change';
    end if;
    old_pan := to_jsonb(old) ->> pan_column;
    old_aadhar := regexp_replace(coalesce(to_jsonb(old) ->> aadhar_column, ''), '\s', '', 'g');
  end if;

  keep_pan := coalesce(sent_pan = old_pan or sent_pan ~ '^X{6}[0-9A-Z]{4}$', false);
  keep_aadhar := coalesce(sent_aadhar = old_aadhar or sent_aadhar ~ '^XXXXXXXX[0-9]{4}$', false);
  if not keep_pan and sent_pan is not null then
    new_pan := upper(sent_pan);
    if new_pan !~ '^[A-Z]{5}[0-9]{4}[A-Z]$' then
      raise exception 'PAN format is invalid' using errcode = '23514', detail = 'PAN: 5 letters, 4 digits, 1 letter';
    end if;
  end if;
  if not keep_aadhar and sent_aadhar is not null then
    new_aadhar := sent_aadhar;
    if new_aadhar !~ '^[0-9]{12}$' then
      raise exception 'Aadhaar format is invalid' using errcode = '23514', detail = 'Aadhaar: 12 digits';
    end if;
  end if;

  if tg_op = 'UPDATE' and (keep_pan or keep_aadhar) then
    -- The update half of an upsert: what its insert half staged for this id wins; otherwise
    -- the vault's value for this (already visible and updatable) row.
    select * into staged from app.identity_numbers_staged s
    where s.tx = txid_current() and s.record_table = tg_table_name and s.record_id = new.id;
    select * into stored from app.identity_numbers v
    where v.record_table = tg_table_name and v.record_id = new.id;
    if keep_pan then
      new_pan := case when staged.record_id is not null and not staged.keep_pan then staged.pan else stored.pan end;
      keep_pan := false;
    end if;
    if keep_aadhar then
      new_aadhar := case when staged.record_id is not null and not staged.keep_aadhar then staged.aadhar else stored.aadhar end;
      keep_aadhar := false;
    end if;
  end if;

  if tg_op = 'INSERT' and (keep_pan or keep_aadhar) then
    execute format('select exists (select from %I.%I where id = $1)', tg_table_schema, tg_table_name)
      into id_taken using new.id;
  end if;

  -- Two rows of one INSERT with the same id: the first is the one that can be written (the
  -- second conflicts with it), so the first one's numbers stay staged. An update (the second
  -- half of an upsert included) replaces what its row staged.
  if tg_op = 'INSERT' then
    insert into app.identity_numbers_staged (record_table, record_id, pan, aadhar, keep_pan, keep_aadhar)
    values (tg_table_name, new.id, new_pan, new_aadhar, keep_pan, keep_aadhar)
    on conflict (tx, record_table, record_id) do nothing;
  else
    insert into app.identity_numbers_staged (record_table, record_id, pan, aadhar, keep_pan, keep_aadhar)
    values (tg_table_name, new.id, new_pan, new_aadhar, keep_pan, keep_aadhar)
    on conflict (tx, record_table, record_id) do update
      set pan = excluded.pan, aadhar = excluded.aadhar, keep_pan = excluded.keep_pan, keep_aadhar = excluded.keep_aadhar;
  end if;

  new := jsonb_populate_record(new, jsonb_build_object(
    pan_column, case when keep_pan and id_taken then app.mask_pan(sent_pan) else app.mask_pan(new_pan) end,
    aadhar_column, case when keep_aadhar and id_taken then app.mask_aadhar(sent_aadhar) else app.mask_aadhar(new_aadhar) end));
  return new;
end
$$;
revoke execute on function app.protect_identity_numbers() from public;

create or replace function app.forget_identity_numbers() returns trigger
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

-- Whether the caller's session used a second factor.
create or replace function app.at_aal2() returns boolean
language sql stable
set search_path = ''
as $$ select coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2' $$;

-- Whether the signed-in caller's type must use a second factor (app.security_policy).
-- (plpgsql: app.current_user_type() comes with the policies, applied after this folder.)
create or replace function app.needs_second_factor() returns boolean
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  return coalesce((select app.current_user_type() = any (p.second_factor_types) from app.security_policy p), false);
end
$$;

revoke execute on function app.at_aal2(), app.needs_second_factor() from public, anon;
grant execute on function app.at_aal2(), app.needs_second_factor() to authenticated, service_role;

-- For the web app: must the signed-in user enrol and use a second factor?
create or replace function public.second_factor_required() returns boolean
language sql stable
security definer
set search_path = ''
as $$ select app.needs_second_factor() $$;
revoke execute on function public.second_factor_required() from public, anon;
grant execute on function public.second_factor_required() to authenticated;

-- The full PAN and Aadhaar of one record, for admins, from a session that used a second factor
-- when their type must use one, with an audit row per read naming the session's level.
create or replace function public.reveal_identity_numbers(record_table text, record_id uuid)
returns table (pan text, aadhar text)
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not app.is_admin() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  if app.needs_second_factor() and not app.at_aal2() then
    raise exception 'Second factor required'
      using errcode = '42501', hint = 'Sign in with your authenticator app to reveal identity numbers.';
  end if;
  if record_table not in ('student_details', 'members') then
    raise exception 'Validation error - please check your input' using errcode = '22023';
  end if;
  insert into app.identity_reads (reader_id, record_table, record_id, aal)
  values (auth.uid(), reveal_identity_numbers.record_table, reveal_identity_numbers.record_id,
          coalesce(auth.jwt() ->> 'aal', 'aal1'));
  return query
    select n.pan, n.aadhar from app.identity_numbers n
     where n.record_table = reveal_identity_numbers.record_table and n.record_id = reveal_identity_numbers.record_id;
end
$$;
revoke execute on function public.reveal_identity_numbers(text, uuid) from public, anon;

-- AFTER INSERT OR UPDATE, for each row actually written: the staged numbers go into the
-- vault (or the vault entry goes, when there are none). A masked value on a new row
-- (keep with nothing known) stores nothing.
create or replace function app.store_identity_numbers() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  staged app.identity_numbers_staged%rowtype;
  pan text;
  aadhar text;
begin
  delete from app.identity_numbers_staged s
  where s.tx = txid_current() and s.record_table = tg_table_name and s.record_id = new.id
  returning * into staged;
  if staged.record_id is null then
    return null;
  end if;
  pan := case when staged.keep_pan then null else staged.pan end;
  aadhar := case when staged.keep_aadhar then null else staged.aadhar end;
  if pan is null and aadhar is null then
    delete from app.identity_numbers v where v.record_table = tg_table_name and v.record_id = new.id;
  else
    insert into app.identity_numbers (record_table, record_id, pan, aadhar)
    values (tg_table_name, new.id, pan, aadhar)
    on conflict (record_table, record_id) do update
      set pan = excluded.pan, aadhar = excluded.aadhar, updated_at = now();
  end if;
  return null;
end
$$;
revoke execute on function app.store_identity_numbers() from public;

-- AFTER INSERT OR UPDATE, once per statement: numbers staged for rows that were not written
-- (ON CONFLICT DO NOTHING, a row a later BEFORE trigger dropped) are forgotten.
create or replace function app.drop_staged_identity_numbers() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from app.identity_numbers_staged s where s.tx = txid_current() and s.record_table = tg_table_name;
  return null;
end
$$;
revoke execute on function app.drop_staged_identity_numbers() from public;

-- PAN and Aadhaar checked with the spec's messages (by the registration functions) before the
-- vault trigger takes them; the values stay as typed (the trigger normalises and masks them).
create or replace function app.check_identity_numbers(pan text, aadhar text, pan_field text, aadhar_field text) returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if nullif(btrim(pan), '') is not null and upper(btrim(pan)) !~ '^[A-Z]{5}[0-9]{4}[A-Z]$' then
    perform app.refuse(pan_field, 'PAN format is invalid');
  end if;
  if nullif(btrim(aadhar), '') is not null and regexp_replace(aadhar, '\s', '', 'g') !~ '^[0-9]{12}$' then
    perform app.refuse(aadhar_field, 'Aadhaar format is invalid');
  end if;
end
$$;
revoke execute on function app.check_identity_numbers(text, text, text, text) from public;
grant execute on function app.check_identity_numbers(text, text, text, text) to authenticated, service_role;

-- Past reveals of one record's PAN and Aadhaar (app.identity_reads), newest first, with the
-- reader's name. Admins only: the audit is for the people who may reveal.
create or replace function public.get_identity_reads(record_table text, record_id uuid)
returns table (id bigint, reader_id uuid, reader_name text, read_at timestamptz)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if not app.is_admin() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  return query
    select r.id, r.reader_id, coalesce(u.full_name, u.email), r.read_at
      from app.identity_reads r
      left join public.users u on u.id = r.reader_id
     where r.record_table = get_identity_reads.record_table and r.record_id = get_identity_reads.record_id
     order by r.read_at desc, r.id desc
     limit 200;
end
$$;
revoke execute on function public.get_identity_reads(text, uuid) from public, anon;

-- Triggers on public.members.
create or replace trigger members_identity_numbers before insert or update on public.members
  for each row execute function app.protect_identity_numbers('pan_number', 'aadhar_number');
create or replace trigger members_forget_identity_numbers after delete on public.members
  for each row execute function app.forget_identity_numbers();
create or replace trigger members_store_identity_numbers after insert or update on public.members
  for each row execute function app.store_identity_numbers();
create or replace trigger members_drop_staged_identity_numbers after insert or update on public.members
  for each statement execute function app.drop_staged_identity_numbers();

-- Triggers on public.student_details.
create or replace trigger student_details_identity_numbers before insert or update on public.student_details
  for each row execute function app.protect_identity_numbers('pan_no', 'aadhar_no');
create or replace trigger student_details_forget_identity_numbers after delete on public.student_details
  for each row execute function app.forget_identity_numbers();
create or replace trigger student_details_store_identity_numbers after insert or update on public.student_details
  for each row execute function app.store_identity_numbers();
create or replace trigger student_details_drop_staged_identity_numbers after insert or update on public.student_details
  for each statement execute function app.drop_staged_identity_numbers();
