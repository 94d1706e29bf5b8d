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

-- Keeps role in step with type, and refuses changes the caller may not make whatever policy
-- let the UPDATE through: a user never changes their own type, status, role or approval; an
-- admin changes them for others; only super_admin moves anyone into or out of a staff type.
-- Runs as the caller (no security definer): app.* helpers read the caller's own row.
create or replace function app.guard_users() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  privileged boolean := app.is_trusted_code(tg_relid);
begin
  if tg_op = 'INSERT' then
    new.role := coalesce(new.role, new.type);
    return new;
  end if;
  if new.type is distinct from old.type and new.role is not distinct from old.role then
    new.role := new.type;
  end if;
  if privileged then
    return new;
  end if;
  if new.id is distinct from old.id or new.email is distinct from old.email then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501',
      detail = 'id and email follow the account and cannot be changed here';
  end if;
  if (new.type, new.status, new.role, new.approval_status, new.approved_by, new.approved_at)
     is distinct from (old.type, old.status, old.role, old.approval_status, old.approved_by, old.approved_at) then
    if not app.is_admin() or old.id = auth.uid() then
      raise exception 'Access denied - insufficient permissions' using errcode = '42501',
        detail = 'type, status, role and approval fields are changed by an administrator';
    end if;
    if (new.type = any (app.staff_types()) or old.type = any (app.staff_types())
        or new.role = any (app.staff_types()) or old.role = any (app.staff_types()))
       and (new.type, new.role) is distinct from (old.type, old.role)
       and not app.is_super_admin() then
      raise exception 'Access denied - insufficient permissions' using errcode = '42501',
        detail = 'only a super_admin grants or removes staff roles';
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
-- student or matrimony and only pending; admins create any non-staff record, super_admin any.
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
  if auth.role() = 'service_role' or app.is_super_admin() then
    null;
  elsif app.is_admin() then
    if user_type = any (app.staff_types()) then
      raise exception 'Access denied - insufficient permissions' using errcode = '42501',
        detail = 'only a super_admin creates staff accounts';
    end if;
  elsif caller is not null and caller = user_id then
    if user_type not in ('member', 'student', 'matrimony') or user_status <> 'pending' then
      raise exception 'Access denied - insufficient permissions' using errcode = '42501',
        detail = 'sign-up creates a pending member, student or matrimony record';
    end if;
  else
    raise exception 'Access denied - insufficient permissions' using errcode = '42501',
      detail = 'a user creates only their own record';
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

-- Triggers on public.users.
create or replace trigger users_updated_at before update on public.users
  for each row execute function app.touch_updated_at();
create or replace trigger users_guard before insert or update on public.users
  for each row execute function app.guard_users();
create or replace trigger users_remove_files before delete on public.users
  for each row execute function app.remove_account_files();

-- Triggers on public.roles.
create or replace trigger roles_updated_at before update on public.roles
  for each row execute function app.touch_updated_at();
