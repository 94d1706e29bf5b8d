-- Accounts (public.users) and RBAC roles. RLS is forced on users: even the table's owner
-- goes through it (superusers and BYPASSRLS roles still do not).
alter table public.users enable row level security;
alter table public.users force row level security;
alter table public.roles enable row level security;
alter table public.user_roles enable row level security;

drop policy if exists "Users read their own account" on public.users;
create policy "Users read their own account" on public.users
  for select to authenticated using (id = (select auth.uid()));

drop policy if exists "Event managers read the accounts registered for events" on public.users;
create policy "Event managers read the accounts registered for events" on public.users
  for select to authenticated
  using ((select app.can_manage_events())
         and exists (select from public.event_registrations r where r.user_id = users.id));

drop policy if exists "Admins read every account" on public.users;
create policy "Admins read every account" on public.users
  for select to authenticated using ((select app.is_admin()));

drop policy if exists "Admins create accounts' records" on public.users;
create policy "Admins create accounts' records" on public.users
  for insert to authenticated with check ((select app.is_admin()));

-- The guard (app.guard_users) refuses a user's change of their own type, status, role or
-- approval, and anyone but super_admin's change of a staff type. Admins act only on accounts
-- that do not rank above them (app.may_act_on: an admin never changes or deletes a
-- super_admin's record).
drop policy if exists "Users update their own account" on public.users;
create policy "Users update their own account" on public.users
  for update to authenticated
  using (id = (select auth.uid())) with check (id = (select auth.uid()));

drop policy if exists "Admins update every account" on public.users;
create policy "Admins update every account" on public.users
  for update to authenticated
  using ((select app.is_admin()) and app.may_act_on(id))
  with check ((select app.is_admin()) and app.may_act_on(id));

drop policy if exists "Admins delete accounts' records" on public.users;
create policy "Admins delete accounts' records" on public.users
  for delete to authenticated using ((select app.is_admin()) and app.may_act_on(id));

drop policy if exists "Signed-in users read the roles" on public.roles;
create policy "Signed-in users read the roles" on public.roles
  for select to authenticated using ((select auth.uid()) is not null);

drop policy if exists "Super admins create roles" on public.roles;
create policy "Super admins create roles" on public.roles
  for insert to authenticated with check ((select app.is_super_admin()));

drop policy if exists "Super admins change roles" on public.roles;
create policy "Super admins change roles" on public.roles
  for update to authenticated using ((select app.is_super_admin())) with check ((select app.is_super_admin()));

drop policy if exists "Super admins delete roles" on public.roles;
create policy "Super admins delete roles" on public.roles
  for delete to authenticated using ((select app.is_super_admin()));

drop policy if exists "Users read their own role assignments" on public.user_roles;
create policy "Users read their own role assignments" on public.user_roles
  for select to authenticated using (user_id = (select auth.uid()));

drop policy if exists "Admins read every role assignment" on public.user_roles;
create policy "Admins read every role assignment" on public.user_roles
  for select to authenticated using ((select app.is_admin()));

drop policy if exists "Super admins assign roles" on public.user_roles;
create policy "Super admins assign roles" on public.user_roles
  for insert to authenticated with check ((select app.is_super_admin()));

drop policy if exists "Super admins change role assignments" on public.user_roles;
create policy "Super admins change role assignments" on public.user_roles
  for update to authenticated using ((select app.is_super_admin())) with check ((select app.is_super_admin()));

drop policy if exists "Super admins remove role assignments" on public.user_roles;
create policy "Super admins remove role assignments" on public.user_roles
  for delete to authenticated using ((select app.is_super_admin()));
