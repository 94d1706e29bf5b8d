-- Accounts' records (public.users) and the role tables: the guard on type, status, role and
-- approval, the approval guard the detail records share, the record made after sign-up, and
-- the files an account takes with it.

-- True when the statement runs as the service role, a superuser, or the app's own code (a
-- security definer function runs as the role that owns the tables): those have decided
-- already, and row guards let them through.
create or replace function app.is_trusted_code(relation oid) returns boolean
language sql stable
set search_path = ''
as $$
  select current_user = 'service_role'
      or exists (select from pg_catalog.pg_roles where rolname = current_user and rolsuper)
      or (select c.relowner from pg_catalog.pg_class c where c.oid = relation)
         = (select r.oid from pg_catalog.pg_roles r where r.rolname = current_user)
$$;
grant execute on function app.is_trusted_code(oid) to anon, authenticated, service_role;

-- Refuses with the API's wording; `why` goes to the error's detail.
create or replace function app.refuse_account_change(why text) returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'Access denied - insufficient permissions' using errcode = '42501', detail = why;
end
$$;
revoke execute on function app.refuse_account_change(text) from public;
grant execute on function app.refuse_account_change(text) to anon, authenticated, service_role;

-- Staff ranks hold on every path that writes an account's record (INSERT, and so the insert
-- half of an upsert; UPDATE; DELETE), whatever policy let the statement through:
--   - nobody creates, promotes, re-creates, demotes or removes an account at or above their
--     own rank (super_admin 3, admin 2, other staff 1, everyone else 0; app.type_rank);
--   - only a super_admin grants or removes a staff type, or touches a staff account's record;
--   - nobody writes their own type, role, status or approval, nor re-creates their own record.
-- Keeps role in step with type. Trusted code (the service role, the table owner's security
-- definer functions) has decided already and passes; such functions check the caller
-- themselves (create_user_record, set_sandesh_editor's one narrow grant).
-- Runs as the caller (no security definer): app.* helpers read the caller's own row.
create or replace function app.guard_users() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  privileged boolean := app.is_trusted_code(tg_relid);
  caller uuid := auth.uid();
  caller_rank integer;
begin
  if tg_op = 'INSERT' then
    new.role := coalesce(new.role, new.type);
  elsif tg_op = 'UPDATE'
        and new.type is distinct from old.type and new.role is not distinct from old.role then
    new.role := new.type;
  end if;
  if privileged then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  -- The rank of the caller's own approved type (0 for anyone else).
  caller_rank := app.type_rank(app.current_user_type());

  if tg_op = 'INSERT' then
    if caller is null or new.id = caller then
      perform app.refuse_account_change('an account''s own record is made by create_user_record');
    end if;
    if app.record_rank(new.type, new.role) > 0 and not app.is_super_admin() then
      perform app.refuse_account_change('only a super_admin grants staff roles');
    end if;
    if app.record_rank(new.type, new.role) >= caller_rank then
      perform app.refuse_account_change('nobody creates an account at or above their own rank');
    end if;
    return new;
  end if;

  if tg_op = 'DELETE' then
    if old.id is distinct from caller then
      if app.record_rank(old.type, old.role) >= caller_rank then
        perform app.refuse_account_change('nobody removes an account at or above their own rank');
      end if;
      if app.record_rank(old.type, old.role) > 0 and not app.is_super_admin() then
        perform app.refuse_account_change('only a super_admin removes staff accounts');
      end if;
    end if;
    return old;
  end if;

  if new.id is distinct from old.id or new.email is distinct from old.email then
    perform app.refuse_account_change('id and email follow the account and cannot be changed here');
  end if;
  if (new.type, new.status, new.role, new.approval_status, new.approved_by, new.approved_at)
     is distinct from (old.type, old.status, old.role, old.approval_status, old.approved_by, old.approved_at) then
    if not app.is_admin() or old.id = caller then
      perform app.refuse_account_change('type, status, role and approval fields are changed by an administrator');
    end if;
    if app.record_rank(old.type, old.role) >= caller_rank then
      perform app.refuse_account_change('nobody changes an account at or above their own rank');
    end if;
    if (new.type, new.role) is distinct from (old.type, old.role) then
      if (app.record_rank(new.type, new.role) > 0 or app.record_rank(old.type, old.role) > 0)
         and not app.is_super_admin() then
        perform app.refuse_account_change('only a super_admin grants or removes staff roles');
      end if;
      if app.record_rank(new.type, new.role) >= caller_rank then
        perform app.refuse_account_change('nobody promotes an account to their own rank or above');
      end if;
    end if;
  end if;
  return new;
end
$$;

-- Approval fields belong to administrators. On the detail records (student_details,
-- matrimony_details, members) a user may write their own form but never its approval: an
-- insert by anyone but an admin starts pending with no approver, and an update by anyone
-- but an admin that touches an approval field is refused. An admin's approval records who
-- approved and when (spec §4), whatever the client sent.
--
-- Runs as the caller (not security definer) so app.is_trusted_code sees who is writing.
create or replace function app.guard_approval() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  admin boolean := app.is_admin() or app.is_trusted_code(tg_relid);
begin
  if tg_op = 'INSERT' then
    if not admin then
      new.approval_status := 'pending';
      new.approved_by := null;
      new.approved_at := null;
    end if;
  elsif not admin
     and (new.approval_status, new.approved_by, new.approved_at)
         is distinct from (old.approval_status, old.approved_by, old.approved_at) then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501',
      detail = 'approval fields are changed by an administrator';
  end if;
  if new.approval_status = 'approved'
     and (tg_op = 'INSERT' or old.approval_status is distinct from 'approved') then
    new.approved_by := coalesce(auth.uid(), new.approved_by);
    new.approved_at := now();
  elsif new.approval_status = 'pending' then
    new.approved_by := null;
    new.approved_at := null;
  end if;
  return new;
end
$$;
comment on function app.guard_approval() is 'BEFORE INSERT OR UPDATE on detail records: approval fields are written by admins only; approval records approver and time.';
grant execute on function app.guard_approval() to authenticated, service_role;

-- Spec §7 create_user_record: after sign-up a user creates their own record, only as member,
-- student or matrimony and only pending; admins create records below staff, a super_admin
-- staff records below their own rank (never another super_admin); only the service role
-- creates a super_admin.
-- The record takes the account's own address from auth.users (no squatting on someone else's
-- address); user_email is kept for the signature and used only for an account without one.
create or replace function public.create_user_record(
  user_id uuid,
  user_email text,
  user_type text default 'member',
  user_status text default 'pending',
  user_full_name text default null
) returns public.users
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  account_email text;
  created public.users;
begin
  if user_id is null or user_email is null or user_type is null then
    raise exception 'Missing required fields: id, email, or type' using errcode = '22023';
  end if;
  if not (user_type = any (app.user_types())) then
    raise exception 'Validation error - please check your input' using errcode = '23514',
      detail = format('unknown user type %s', user_type);
  end if;
  user_status := coalesce(user_status, 'pending');
  if auth.role() = 'service_role' then
    null;
  elsif app.is_admin() and user_id is distinct from caller then
    if app.type_rank(user_type) > 0 and not app.is_super_admin() then
      perform app.refuse_account_change('only a super_admin creates staff accounts');
    end if;
    if app.type_rank(user_type) >= app.type_rank(app.current_user_type()) then
      perform app.refuse_account_change('nobody creates an account at or above their own rank');
    end if;
  elsif caller is not null and caller = user_id then
    if user_type not in ('member', 'student', 'matrimony') or user_status <> 'pending' then
      perform app.refuse_account_change('sign-up creates a pending member, student or matrimony record');
    end if;
  else
    perform app.refuse_account_change('a user creates only their own record');
  end if;
  select a.email into account_email from auth.users a where a.id = user_id;
  if not found then
    raise exception 'Failed to create user: no such account' using errcode = '23503';
  end if;
  insert into public.users (id, email, type, status, full_name, approval_status)
  values (user_id, lower(coalesce(account_email, user_email)), user_type, user_status, nullif(btrim(user_full_name), ''),
          case when user_status = 'approved' then 'approved' else 'pending' end)
  returning * into created;
  return created;
end
$$;
comment on function public.create_user_record(uuid, text, text, text, text) is
  'Creates the public.users record of an account: by its user (member, student or matrimony, pending) or by an admin.';
revoke execute on function public.create_user_record(uuid, text, text, text, text) from public, anon;

-- An account that goes takes its private files (public content it uploaded as staff stays).
create or replace function app.remove_account_files() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from storage.objects o
   where o.bucket_id in ('avatars', 'matrimony-photos', 'matrimony-pdfs', 'documents')
     and (o.owner = old.id or o.name like old.id::text || '/%');
  return old;
end
$$;
revoke execute on function app.remove_account_files() from public;

-- The person's language, one value in two places (issue 35): public.users.preferred_language
-- (the app's notices read it) and the account's user_metadata.language (the server's mails and
-- texts read it). A new record takes the language the person signed up with; a change of
-- either side is copied to the other.
create or replace function app.language_from_account() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.preferred_language is null then
    select case when a.raw_user_meta_data ->> 'language' in ('en', 'kn') then a.raw_user_meta_data ->> 'language' end
      into new.preferred_language
      from auth.users a where a.id = new.id;
  end if;
  return new;
end
$$;
revoke execute on function app.language_from_account() from public;

create or replace function app.language_to_account() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.preferred_language is not null then
    update auth.users a
       set raw_user_meta_data = coalesce(a.raw_user_meta_data, '{}') || jsonb_build_object('language', new.preferred_language)
     where a.id = new.id and (a.raw_user_meta_data ->> 'language') is distinct from new.preferred_language;
  end if;
  return null;
end
$$;
revoke execute on function app.language_to_account() from public;

-- Triggers on public.users.
create or replace trigger users_updated_at before update on public.users
  for each row execute function app.touch_updated_at();
create or replace trigger users_language_from_account before insert on public.users
  for each row execute function app.language_from_account();
create or replace trigger users_language_to_account after insert or update of preferred_language on public.users
  for each row execute function app.language_to_account();
create or replace trigger users_guard before insert or update on public.users
  for each row execute function app.guard_users();
create or replace trigger users_guard_delete before delete on public.users
  for each row execute function app.guard_users();
create or replace trigger users_remove_files before delete on public.users
  for each row execute function app.remove_account_files();

-- Triggers on public.roles.
create or replace trigger roles_updated_at before update on public.roles
  for each row execute function app.touch_updated_at();
