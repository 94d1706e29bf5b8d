-- Helpers the policies call. Each reads the caller's row of public.users (type and status)
-- as its owner (security definer, so policies on public.users do not recurse), with an empty
-- search_path so no object of the caller's can stand in for ours. They never read
-- user-editable metadata (JWT user_metadata): the type in public.users is written only by
-- create_user_record and admins. A staff right needs an approved account: a pending or
-- inactive admin has none. In policies, call them as (select app.fn()) so they run once per
-- statement, not once per row.

-- The caller's type when their account is approved, else NULL (visitors included).
create or replace function app.current_user_type() returns text
language sql stable
security definer
set search_path = ''
as $$
  select u.type from public.users u where u.id = auth.uid() and u.status = 'approved'
$$;

create or replace function app.has_type(variadic types text[]) returns boolean
language sql stable
security definer
set search_path = ''
as $$ select coalesce(app.current_user_type() = any (types), false) $$;

-- Staff: the types that reach the admin area.
create or replace function app.is_staff() returns boolean
language sql stable
security definer
set search_path = ''
as $$ select coalesce(app.current_user_type() = any (app.staff_types()), false) $$;

-- People, approvals and payments.
create or replace function app.is_admin() returns boolean
language sql stable
security definer
set search_path = ''
as $$ select app.has_type('admin', 'super_admin') $$;

-- Grants and removes staff roles.
create or replace function app.is_super_admin() returns boolean
language sql stable
security definer
set search_path = ''
as $$ select app.has_type('super_admin') $$;

-- Events, their registrations and event media.
create or replace function app.can_manage_events() returns boolean
language sql stable
security definer
set search_path = ''
as $$ select app.has_type('admin', 'super_admin', 'event_manager') $$;

-- Media (albums, photos, videos): content managers and event managers (event media).
create or replace function app.can_manage_media() returns boolean
language sql stable
security definer
set search_path = ''
as $$ select app.has_type('admin', 'super_admin', 'content_manager', 'event_manager') $$;

-- Site content: organization info, board, achievements, activities, images, slider, businesses.
create or replace function app.can_manage_content() returns boolean
language sql stable
security definer
set search_path = ''
as $$ select app.has_type('admin', 'super_admin', 'content_manager') $$;

-- Havyaka Sandesha issues and advertisements.
create or replace function app.can_manage_sandesha() returns boolean
language sql stable
security definer
set search_path = ''
as $$ select app.has_type('admin', 'super_admin', 'havyaka_sandesh_manager') $$;

-- Who may read directory contact details (of entries that allow it).
create or replace function app.can_view_directory() returns boolean
language sql stable
security definer
set search_path = ''
as $$ select app.has_type('admin', 'super_admin', 'member_viewer') $$;

-- The caller has an approved matrimony profile: only such users browse other profiles.
create or replace function app.has_approved_matrimony_profile() returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select exists (
    select from public.matrimony_details m join public.users u on u.id = m.user_id
    where m.user_id = auth.uid() and m.approval_status = 'approved' and u.status = 'approved'
  )
$$;

-- The owners of the matrimony profiles that are listed: approved profiles of approved (not
-- deactivated) accounts. Policies ask `user_id in (select app.listed_matrimony_owners())`:
-- one hashed set per statement, however many rows.
create or replace function app.listed_matrimony_owners() returns setof uuid
language sql stable
security definer
set search_path = ''
as $$
  select m.user_id from public.matrimony_details m join public.users u on u.id = m.user_id
   where m.approval_status = 'approved' and u.status = 'approved'
$$;

-- An accepted interest between the caller and `other` (either direction): messages need one.
create or replace function app.has_accepted_interest_with(other uuid) returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select exists (
    select from public.matrimony_interests i
    where i.status = 'accepted'
      and ((i.sender_id = auth.uid() and i.receiver_id = other)
        or (i.sender_id = other and i.receiver_id = auth.uid()))
  )
$$;

-- Contact details (matrimony_contacts, the biodata) of the account `owner` are the caller's to
-- see: both accounts are approved (spec §4: the account and its profile), and an interest
-- between them was accepted (issue 16). A deactivated account sees none, and shows none.
create or replace function app.may_see_matrimony_contacts_of(owner uuid) returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select owner is not null and owner is distinct from auth.uid()
     and app.has_approved_matrimony_profile()
     and exists (select from public.users u where u.id = auth.uid() and u.status = 'approved')
     and exists (select from public.matrimony_details m join public.users u on u.id = m.user_id
                  where m.user_id = owner and m.approval_status = 'approved' and u.status = 'approved')
     and app.has_accepted_interest_with(owner)
$$;

-- The caller may read the contact details of profile `profile`: their own, or (above) another's.
create or replace function app.may_read_matrimony_contacts(profile uuid) returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select exists (
    select from public.matrimony_details m
    where m.id = profile
      and (m.user_id = auth.uid() or app.may_see_matrimony_contacts_of(m.user_id))
  )
$$;

-- The same for files in a private matrimony bucket, by their folder (`{user id}/…`).
create or replace function app.may_see_matrimony_files_of(folder text) returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select exists (
    select from public.matrimony_details m
    where m.user_id::text = folder and app.may_see_matrimony_contacts_of(m.user_id)
  )
$$;

-- The caller owns matrimony profile `profile`.
create or replace function app.owns_matrimony_profile(profile uuid) returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select exists (select from public.matrimony_details m where m.id = profile and m.user_id = auth.uid())
$$;

-- The directory entry's owner lets member viewers see its contact details.
create or replace function app.directory_contact_allowed(entry uuid) returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select exists (
    select from public.member_directory_visibility v
    where v.member_id = entry and v.show_contact_details and v.show_in_directory
  )
$$;

-- The caller owns the directory entry.
create or replace function app.owns_directory_entry(entry uuid) returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select exists (select from public.member_directory d where d.id = entry and d.user_id = auth.uid())
$$;

-- The entries a member viewer reads: approved, listed, showing their contact details (empty
-- for anyone who may not view the directory). member_directory's viewer policy tests a row by
-- its id against this set (hashed once per query, only when reached), instead of reading the
-- row's approval_status and calling directory_contact_allowed for each row: see 20_members.sql.
create or replace function app.listed_directory_entries() returns setof uuid
language sql stable
security definer
set search_path = ''
as $$
  select d.id
  from public.member_directory d
  join public.member_directory_visibility v on v.member_id = d.id
  where d.approval_status = 'approved' and v.show_contact_details and v.show_in_directory
    and app.can_view_directory()
$$;

-- An object of the havyaka-sandesh bucket that a published issue links to.
create or replace function app.is_published_sandesha_file(object_name text) returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select exists (
    select from public.havyaka_sandesha_issues i, app.storage_object_of(i.pdf_url) f
    where i.is_published and f.bucket_id = 'havyaka-sandesh' and f.name = object_name
  )
$$;

revoke execute on function app.current_user_type(), app.has_type(text[]), app.is_staff(), app.is_admin(),
  app.is_super_admin(), app.can_manage_events(), app.can_manage_media(), app.can_manage_content(),
  app.can_manage_sandesha(), app.can_view_directory(), app.has_approved_matrimony_profile(),
  app.has_accepted_interest_with(uuid), app.directory_contact_allowed(uuid), app.owns_directory_entry(uuid),
  app.is_published_sandesha_file(text), app.may_see_matrimony_contacts_of(uuid), app.may_read_matrimony_contacts(uuid),
  app.may_see_matrimony_files_of(text), app.owns_matrimony_profile(uuid),
  app.listed_directory_entries(), app.listed_matrimony_owners()
  from public;
grant execute on function app.current_user_type(), app.has_type(text[]), app.is_staff(), app.is_admin(),
  app.is_super_admin(), app.can_manage_events(), app.can_manage_media(), app.can_manage_content(),
  app.can_manage_sandesha(), app.can_view_directory(), app.has_approved_matrimony_profile(),
  app.has_accepted_interest_with(uuid), app.directory_contact_allowed(uuid), app.owns_directory_entry(uuid),
  app.is_published_sandesha_file(text), app.may_see_matrimony_contacts_of(uuid), app.may_read_matrimony_contacts(uuid),
  app.may_see_matrimony_files_of(text), app.owns_matrimony_profile(uuid),
  app.listed_directory_entries(), app.listed_matrimony_owners()
  to anon, authenticated, service_role, storage_admin;

-- The auth service's admin API (/auth/v1/admin) admits admins and super admins (spec §7:
-- admins create accounts for approved matrimony profiles).
create or replace function auth.can_manage_users() returns boolean
language sql stable
security definer
set search_path = ''
as $$ select app.is_admin() $$;

-- The staff hierarchy (spec §6): super_admin above admin, admin above the other staff types,
-- staff above everyone else. Nobody acts on an account that ranks above them: not through
-- /auth/v1/admin (auth.can_manage_user) and not through public.users (its policies).
create or replace function app.type_rank(user_type text) returns integer
language sql immutable parallel safe
set search_path = ''
as $$
  select case
    when user_type = 'super_admin' then 3
    when user_type = 'admin' then 2
    when user_type = any (app.staff_types()) then 1
    else 0
  end
$$;

-- The rank a record's type and role give it (the higher of the two).
create or replace function app.record_rank(record_type text, record_role text) returns integer
language sql immutable parallel safe
set search_path = ''
as $$ select greatest(app.type_rank(record_type), app.type_rank(record_role)) $$;

-- An account's rank, whatever its status (a pending or inactive super_admin is still one).
create or replace function app.account_rank(account uuid) returns integer
language sql stable
security definer
set search_path = ''
as $$
  select coalesce((select app.record_rank(u.type, u.role) from public.users u where u.id = account), 0)
$$;

-- The caller may act on `account`: it is their own, or it ranks below them, and a staff
-- account only for a super_admin (who alone grants and removes staff roles). Nobody acts on
-- an account at or above their own rank: an admin not on another admin, a super_admin not on
-- another super_admin (the service role, `server` on the command line, does that).
create or replace function app.may_act_on(account uuid) returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select account = auth.uid()
      or (app.account_rank(account) < app.type_rank(app.current_user_type())
          and (app.account_rank(account) = 0 or app.is_super_admin()))
$$;

revoke execute on function app.type_rank(text), app.record_rank(text, text), app.account_rank(uuid), app.may_act_on(uuid) from public;
grant execute on function app.type_rank(text), app.record_rank(text, text), app.account_rank(uuid), app.may_act_on(uuid)
  to anon, authenticated, service_role, storage_admin;

create or replace function auth.can_manage_user(target uuid) returns boolean
language sql stable
security definer
set search_path = ''
as $$ select auth.can_manage_users() and app.may_act_on(target) $$;
