-- The identity vault (0012) changes only when the row it belongs to is really written.
--
-- 0012 wrote app.identity_numbers from the BEFORE trigger, that is before PostgreSQL decided
-- whether the row would be written at all. An INSERT whose id collides with someone else's
-- row and says ON CONFLICT DO NOTHING (PostgREST's `resolution=ignore-duplicates`) wrote
-- nothing to the table, yet replaced or erased the other person's PAN and Aadhaar.
--
-- Now the BEFORE trigger only checks the numbers, masks the row and stages the full values
-- for this transaction; an AFTER ROW trigger (which fires only for rows that were inserted or
-- updated, after row-level security and every constraint passed) moves them into the vault;
-- an AFTER STATEMENT trigger drops what was staged for rows that were skipped. Updates and
-- deletes were already filtered by row-level security before any trigger ran.
--
-- The insert half of an upsert (ON CONFLICT DO UPDATE) sees the caller's numbers, but its
-- update half sees the masked copy (EXCLUDED is the row after BEFORE INSERT triggers): the
-- update half therefore takes the numbers staged by the insert half for the same id, and a
-- masked number sent to an id that exists stays masked in EXCLUDED so the update keeps it.
-- An upsert whose conflict is on another unique column (user_id) cannot tie its two halves
-- together: it keeps the stored numbers. Send the row's id (or PATCH) to change them.

create unlogged table app.identity_numbers_staged (
  tx bigint not null default txid_current(),
  record_table text not null,
  record_id uuid not null,
  pan text,
  aadhar text,
  -- The caller sent the masked copy back: keep what is known rather than a new value.
  keep_pan boolean not null default false,
  keep_aadhar boolean not null default false,
  primary key (tx, record_table, record_id)
);
comment on table app.identity_numbers_staged is
  'Full PAN/Aadhaar of rows being written in the current transaction, until the row is written (app.store_identity_numbers).';
alter table app.identity_numbers_staged enable row level security;
alter table app.identity_numbers_staged force row level security;
revoke all on app.identity_numbers_staged from public, anon, authenticated, service_role;

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
      raise exception 'Aadhar format is invalid' using errcode = '23514', detail = 'Aadhar: 12 digits';
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

-- AFTER INSERT OR UPDATE, for each row actually written: the staged numbers go into the
-- vault (or the vault entry goes, when there are none). A masked value on a new row
-- (keep with nothing known) stores nothing.
create function app.store_identity_numbers() returns trigger
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
create function app.drop_staged_identity_numbers() returns trigger
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

create trigger student_details_store_identity_numbers after insert or update on public.student_details
  for each row execute function app.store_identity_numbers();
create trigger student_details_drop_staged_identity_numbers after insert or update on public.student_details
  for each statement execute function app.drop_staged_identity_numbers();
create trigger members_store_identity_numbers after insert or update on public.members
  for each row execute function app.store_identity_numbers();
create trigger members_drop_staged_identity_numbers after insert or update on public.members
  for each statement execute function app.drop_staged_identity_numbers();
