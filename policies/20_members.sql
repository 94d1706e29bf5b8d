-- Membership forms, the member register, its visibility choices, connections and the ledger.
alter table public.members enable row level security;
alter table public.members force row level security;
alter table public.member_directory enable row level security;
alter table public.member_directory force row level security;
alter table public.member_directory_visibility enable row level security;
alter table public.member_connections enable row level security;
alter table public.financial_ledger enable row level security;
alter table public.financial_ledger force row level security;

-- members: the owner and admins.
drop policy if exists "Members read their own membership form" on public.members;
create policy "Members read their own membership form" on public.members
  for select to authenticated using (user_id = (select auth.uid()));
drop policy if exists "Admins read every membership form" on public.members;
create policy "Admins read every membership form" on public.members
  for select to authenticated using ((select app.is_admin()));
drop policy if exists "Users submit their own membership form" on public.members;
create policy "Users submit their own membership form" on public.members
  for insert to authenticated with check (user_id = (select auth.uid()));
drop policy if exists "Admins submit membership forms for anyone" on public.members;
create policy "Admins submit membership forms for anyone" on public.members
  for insert to authenticated with check ((select app.is_admin()));
drop policy if exists "Members edit their own membership form" on public.members;
create policy "Members edit their own membership form" on public.members
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
drop policy if exists "Admins edit every membership form" on public.members;
create policy "Admins edit every membership form" on public.members
  for update to authenticated using ((select app.is_admin())) with check ((select app.is_admin()));
drop policy if exists "Admins delete membership forms" on public.members;
create policy "Admins delete membership forms" on public.members
  for delete to authenticated using ((select app.is_admin()));

-- member_directory: owners, member viewers (approved entries that show contact details), admins.
-- PostgreSQL ORs the three read policies for every row, the admins' last. What keeps an
-- admin's list and exact count cheap on a large register (bench/scale.sh, 50,000 entries):
-- - the owner's and the member viewer's policies start with `not (select app.is_admin())`
--   (an init plan, evaluated once per query), so for an admin they stop there; without it
--   every approved row called directory_contact_allowed for an admin (0.7 s);
-- - the policies name only two columns, id and user_id, and the indexes the counts use carry
--   both (0071), so a count is an index-only scan: PostgreSQL fetches every column the OR
--   names before running it, even when it stops at its first term (on the table itself that
--   tripled the cost of an admin's count). So the viewer's policy tests the id against the
--   set of listed entries (app.listed_directory_entries, hashed once per query, only when
--   reached) instead of reading approval_status and calling directory_contact_allowed for
--   each row. The owner's test stays on the row's user_id: an insert's RETURNING checks the
--   new row against these policies before the row is in the table.
-- What each role reads is unchanged (policies/tests/directory_read_policies.sql).
drop policy if exists "Members read their own directory entry" on public.member_directory;
create policy "Members read their own directory entry" on public.member_directory
  for select to authenticated using (not (select app.is_admin()) and user_id = (select auth.uid()));
drop policy if exists "Member viewers read approved entries showing contact details" on public.member_directory;
create policy "Member viewers read approved entries showing contact details" on public.member_directory
  for select to authenticated
  using (
    not (select app.is_admin()) and (select app.can_view_directory())
    and id in (select app.listed_directory_entries())
  );
drop policy if exists "Admins read the whole directory" on public.member_directory;
create policy "Admins read the whole directory" on public.member_directory
  for select to authenticated using ((select app.is_admin()));
-- The entry trigger makes a non-admin's insert an application (Check, pending, their own).
drop policy if exists "Users apply for membership as themselves" on public.member_directory;
create policy "Users apply for membership as themselves" on public.member_directory
  for insert to authenticated with check (user_id = (select auth.uid()));
drop policy if exists "Admins add members" on public.member_directory;
create policy "Admins add members" on public.member_directory
  for insert to authenticated with check ((select app.is_admin()));
drop policy if exists "Members correct their own directory entry" on public.member_directory;
create policy "Members correct their own directory entry" on public.member_directory
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
drop policy if exists "Admins edit the directory" on public.member_directory;
create policy "Admins edit the directory" on public.member_directory
  for update to authenticated using ((select app.is_admin())) with check ((select app.is_admin()));
drop policy if exists "Admins remove members" on public.member_directory;
create policy "Admins remove members" on public.member_directory
  for delete to authenticated using ((select app.is_admin()));

-- member_directory_visibility: the entry's owner and admins.
drop policy if exists "Members read their own visibility choice" on public.member_directory_visibility;
create policy "Members read their own visibility choice" on public.member_directory_visibility
  for select to authenticated using (user_id = (select auth.uid()));
drop policy if exists "Admins read every visibility choice" on public.member_directory_visibility;
create policy "Admins read every visibility choice" on public.member_directory_visibility
  for select to authenticated using ((select app.is_admin()));
drop policy if exists "Members choose the visibility of their own entry" on public.member_directory_visibility;
create policy "Members choose the visibility of their own entry" on public.member_directory_visibility
  for insert to authenticated
  with check (user_id = (select auth.uid()) and app.owns_directory_entry(member_id));
drop policy if exists "Admins choose the visibility of any entry" on public.member_directory_visibility;
create policy "Admins choose the visibility of any entry" on public.member_directory_visibility
  for insert to authenticated with check ((select app.is_admin()));
drop policy if exists "Members change the visibility of their own entry" on public.member_directory_visibility;
create policy "Members change the visibility of their own entry" on public.member_directory_visibility
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and app.owns_directory_entry(member_id));
drop policy if exists "Admins change the visibility of any entry" on public.member_directory_visibility;
create policy "Admins change the visibility of any entry" on public.member_directory_visibility
  for update to authenticated using ((select app.is_admin())) with check ((select app.is_admin()));
drop policy if exists "Members reset the visibility of their own entry" on public.member_directory_visibility;
create policy "Members reset the visibility of their own entry" on public.member_directory_visibility
  for delete to authenticated using (user_id = (select auth.uid()));
drop policy if exists "Admins reset the visibility of any entry" on public.member_directory_visibility;
create policy "Admins reset the visibility of any entry" on public.member_directory_visibility
  for delete to authenticated using ((select app.is_admin()));

-- member_connections: its two members; the guard lets only the requested one respond.
drop policy if exists "Members read their own connections" on public.member_connections;
create policy "Members read their own connections" on public.member_connections
  for select to authenticated using ((select auth.uid()) in (requester_id, requested_id));
drop policy if exists "Admins read every connection" on public.member_connections;
create policy "Admins read every connection" on public.member_connections
  for select to authenticated using ((select app.is_admin()));
drop policy if exists "Members ask to connect as themselves" on public.member_connections;
-- Approved members ask listed members, as themselves, a new request (never pre-answered).
create policy "Members ask to connect as themselves" on public.member_connections
  for insert to authenticated
  with check (requester_id = (select auth.uid()) and status = 'pending' and responded_at is null
              and (select app.is_directory_member()) and app.is_listed_member(requested_id));
drop policy if exists "Admins create connections" on public.member_connections;
create policy "Admins create connections" on public.member_connections
  for insert to authenticated with check ((select app.is_admin()));
drop policy if exists "Members respond to connections they are part of" on public.member_connections;
create policy "Members respond to connections they are part of" on public.member_connections
  for update to authenticated
  using ((select auth.uid()) in (requester_id, requested_id))
  with check ((select auth.uid()) in (requester_id, requested_id));
drop policy if exists "Admins change connections" on public.member_connections;
create policy "Admins change connections" on public.member_connections
  for update to authenticated using ((select app.is_admin())) with check ((select app.is_admin()));
drop policy if exists "Members withdraw their own requests" on public.member_connections;
create policy "Members withdraw their own requests" on public.member_connections
  for delete to authenticated using (requester_id = (select auth.uid()));
drop policy if exists "Admins remove connections" on public.member_connections;
create policy "Admins remove connections" on public.member_connections
  for delete to authenticated using ((select app.is_admin()));

-- financial_ledger: members read their own account; admins keep the books.
drop policy if exists "Members read their own ledger" on public.financial_ledger;
create policy "Members read their own ledger" on public.financial_ledger
  for select to authenticated using (app.owns_directory_entry(member_id));
drop policy if exists "Admins read the ledger" on public.financial_ledger;
create policy "Admins read the ledger" on public.financial_ledger
  for select to authenticated using ((select app.is_admin()));
drop policy if exists "Admins write ledger entries" on public.financial_ledger;
create policy "Admins write ledger entries" on public.financial_ledger
  for insert to authenticated with check ((select app.is_admin()));
drop policy if exists "Admins correct ledger entries" on public.financial_ledger;
create policy "Admins correct ledger entries" on public.financial_ledger
  for update to authenticated using ((select app.is_admin())) with check ((select app.is_admin()));
drop policy if exists "Admins delete ledger entries" on public.financial_ledger;
create policy "Admins delete ledger entries" on public.financial_ledger
  for delete to authenticated using ((select app.is_admin()));
