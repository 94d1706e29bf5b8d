-- People: one public.users row per account (spec §3 users), the RBAC tables (roles,
-- user_roles), and the guard that keeps a user from promoting or approving themselves.
--
-- public.users.type is what every policy reads (through app.* security definer helpers):
-- it is written only by create_user_record (sign-up may ask for member, student or
-- matrimony, pending) and by admins; only super_admin grants or removes staff types.

create table public.users (
  id uuid primary key references auth.users (id) on delete cascade,
  email text not null check (app.is_email(email)),
  type text not null default 'member' check (type = any (app.user_types())),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'inactive')),
  full_name text check (length(full_name) <= 200),
  first_name text check (length(first_name) <= 100),
  surname text check (length(surname) <= 100),
  -- Mirrors type unless an admin sets it (the user-management screen filters by role).
  role text check (role is null or role = any (app.user_types())),
  approval_status text not null default 'pending' check (approval_status in ('pending', 'approved', 'rejected')),
  phone text check (phone is null or app.is_phone(phone)),
  avatar_url text check (avatar_url is null or app.is_url(avatar_url)),
  approved_by uuid references public.users (id) on delete set null,
  approved_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.users is 'One row per account: its type (the app role), status and name. Written by create_user_record and admins.';
create unique index users_email_key on public.users (lower(email));
create index users_type on public.users (type);
create index users_status on public.users (status);
create index users_role on public.users (role);
create index users_approval_status on public.users (approval_status);
create index users_approved_by on public.users (approved_by);
create index users_created_at on public.users (created_at desc);

create trigger users_updated_at before update on public.users
  for each row execute function app.touch_updated_at();

-- Named permission sets (spec §6: assign, remove, create, update, delete roles).
create table public.roles (
  id uuid primary key default gen_random_uuid(),
  name text not null unique check (name ~ '^[a-z][a-z0-9_]{1,49}$'),
  description text check (length(description) <= 500),
  permissions text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.roles is 'RBAC roles; only super_admin changes them.';
create trigger roles_updated_at before update on public.roles
  for each row execute function app.touch_updated_at();

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  role_id uuid not null references public.roles (id) on delete cascade,
  assigned_by uuid references public.users (id) on delete set null,
  assigned_at timestamptz not null default now(),
  unique (user_id, role_id)
);
comment on table public.user_roles is 'Which user holds which RBAC role; only super_admin assigns.';
create index user_roles_role_id on public.user_roles (role_id);
create index user_roles_assigned_by on public.user_roles (assigned_by);

-- True when the statement runs as the service role, a superuser, or the app's own code (a
-- security definer function runs as the role that owns the tables): those have decided
-- already, and row guards let them through.
create function app.is_trusted_code(relation oid) returns boolean
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
create function app.guard_users() returns trigger
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

create trigger users_guard before insert or update on public.users
  for each row execute function app.guard_users();
