-- Second hardening round, the records a caller could still bend:
--   - a profile view's time is the server's: a client-chosen viewed_at (past or future days)
--     counted one view per invented day;
--   - a connection request announces itself at most once a day per pair: withdrawing and
--     sending again rang the other member's bell and phone every time;
--   - an approved membership number belongs to one member, and a claimed number is shown to
--     the approver against the register (public.membership_claim);
--   - URL fields take absolute http(s) URLs or a path on this site, never `//host` (a
--     scheme-relative URL leaves the site) nor a backslash that browsers read as a slash.
-- (Deactivated accounts leaving matrimony, and interests only to listed profiles, are rules of
-- the policies: policies/00_helpers.sql app.listed_matrimony_owners, policies/35_matrimony.sql.)

-- Profile views: the server's clock, whatever was sent.
create function app.stamp_profile_view() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.viewed_at := now();
  return new;
end
$$;
grant execute on function app.stamp_profile_view() to authenticated, service_role;
create trigger matrimony_profile_views_stamp before insert or update on public.matrimony_profile_views
  for each row execute function app.stamp_profile_view();

-- Connection requests announced, per pair (in either direction) and day.
create table app.connection_announcements (
  first_id uuid not null references public.users (id) on delete cascade,
  second_id uuid not null references public.users (id) on delete cascade,
  announced_at timestamptz not null default now(),
  primary key (first_id, second_id),
  check (first_id < second_id)
);
alter table app.connection_announcements enable row level security;
alter table app.connection_announcements force row level security;
revoke all on app.connection_announcements from public, anon, authenticated, service_role;

create or replace function app.announce_member_connection() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := case when tg_op = 'INSERT' then new.requester_id else new.requested_id end;
  who text;
begin
  if not ((tg_op = 'INSERT' and new.status = 'pending')
          or (tg_op = 'UPDATE' and new.status = 'accepted' and old.status is distinct from 'accepted')) then
    return null;
  end if;
  if tg_op = 'INSERT' then
    insert into app.connection_announcements as a (first_id, second_id)
    values (least(new.requester_id, new.requested_id), greatest(new.requester_id, new.requested_id))
    on conflict (first_id, second_id) do update set announced_at = now()
      where a.announced_at < now() - interval '1 day';
    if not found then
      return null;
    end if;
  end if;
  select coalesce(
           (select d.full_name from public.member_directory d where d.user_id = actor order by d.approval_status = 'approved' desc limit 1),
           (select u.full_name from public.users u where u.id = actor),
           'A member')
    into who;
  if tg_op = 'INSERT' then
    perform app.notify_users(array[new.requested_id], 'other', 'Connection request',
      who || ' asks to connect with you.', jsonb_build_object('link', '/dashboard/member'),
      '/dashboard/member', 'connection-' || new.id);
  else
    perform app.notify_users(array[new.requester_id], 'other', 'Connection accepted',
      who || ' accepted your request to connect.', jsonb_build_object('link', '/dashboard/member'),
      '/dashboard/member', 'connection-' || new.id);
  end if;
  return null;
end
$$;

-- Membership numbers: the register's key. An approved number belongs to one entry (the
-- trigger words the refusal; the index is the backstop on every path).
create function app.membership_number_key(membership_no text) returns text
language sql immutable parallel safe
set search_path = ''
as $$ select upper(regexp_replace(btrim(membership_no), '\s+', '', 'g')) $$;
grant execute on function app.membership_number_key(text) to authenticated, service_role;

create function app.check_membership_number() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  holder public.member_directory;
begin
  if new.approval_status <> 'approved' then
    return new;
  end if;
  select * into holder from public.member_directory d
   where app.membership_number_key(d.membership_no) = app.membership_number_key(new.membership_no)
     and d.approval_status = 'approved' and d.id <> new.id
   limit 1;
  if found then
    raise exception 'Membership number % already belongs to an approved member', new.membership_no
      using errcode = '23505',
            detail = format('%s (%s) holds it', holder.unique_id, holder.full_name),
            hint = 'Correct the number on this application, or update the register entry it claims';
  end if;
  return new;
end
$$;
revoke execute on function app.check_membership_number() from public;
create trigger member_directory_membership_number before insert or update of membership_no, approval_status
  on public.member_directory
  for each row execute function app.check_membership_number();

do $$
begin
  if not exists (
    select from public.member_directory d where d.approval_status = 'approved'
     group by app.membership_number_key(d.membership_no) having count(*) > 1
  ) then
    create unique index member_directory_approved_membership_no on public.member_directory
      (app.membership_number_key(membership_no)) where approval_status = 'approved';
  end if;
end
$$;
create index member_directory_membership_no_key on public.member_directory (app.membership_number_key(membership_no));

-- What an application claims, against the register and the account, for the approver.
create function public.membership_claim(entry_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  entry public.member_directory;
  account_email text;
  upgrading boolean;
begin
  if not app.is_admin() and auth.role() is distinct from 'service_role' then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  select * into entry from public.member_directory where id = entry_id;
  if not found then
    raise exception 'Member not found' using errcode = 'P0002';
  end if;
  select u.email into account_email from public.users u where u.id = entry.user_id;
  upgrading := entry.membership_no is not null and entry.membership_no not like 'NEW-%';
  return jsonb_build_object(
    'membership_no', case when upgrading then entry.membership_no end,
    'register', case when upgrading then coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', d.id, 'unique_id', d.unique_id, 'full_name', d.full_name, 'city', d.city,
               'approval_status', d.approval_status, 'has_account', d.user_id is not null)
             order by d.approval_status = 'approved' desc, d.created_at)
        from public.member_directory d
       where app.membership_number_key(d.membership_no) = app.membership_number_key(entry.membership_no)
         and d.id <> entry.id), '[]'::jsonb) end,
    'taken', upgrading and exists (
      select from public.member_directory d
       where app.membership_number_key(d.membership_no) = app.membership_number_key(entry.membership_no)
         and d.approval_status = 'approved' and d.id <> entry.id),
    'form_email', entry.email,
    'account_email', account_email,
    'email_matches_account', entry.user_id is null or lower(entry.email) is not distinct from lower(account_email));
end
$$;
comment on function public.membership_claim(uuid) is
  'Admins: the membership number an application claims, the register entries with that number, and whether the form''s e-mail is the account''s.';
revoke execute on function public.membership_claim(uuid) from public, anon;
grant execute on function public.membership_claim(uuid) to authenticated, service_role;

-- URLs: absolute http(s) with a host, or a path on this site (never `//host` or `/\host`).
create or replace function app.is_url(value text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select value ~* '^(https?://[a-z0-9]|/($|[^/\\]))' and value !~ '[\\[:cntrl:]]' and length(value) <= 2000
$$;
comment on function app.is_url(text) is 'An absolute http(s) URL with a host, or a path on this site (stored files are addressed by path); never scheme-relative.';
