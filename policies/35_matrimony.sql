-- Matrimony: approved profiles of active accounts browse each other (a deactivated account
-- neither browses nor stays listed); interests go only to listed profiles; interests, messages
-- and views stay between their parties; admins moderate.
alter table public.matrimony_details enable row level security;
alter table public.matrimony_details force row level security;
alter table public.matrimony_interests enable row level security;
alter table public.matrimony_interests force row level security;
alter table public.matrimony_messages enable row level security;
alter table public.matrimony_messages force row level security;
alter table public.matrimony_profile_views enable row level security;
alter table public.matrimony_profile_views force row level security;

-- Profiles.
drop policy if exists "Users read their own matrimony profile" on public.matrimony_details;
create policy "Users read their own matrimony profile" on public.matrimony_details
  for select to authenticated using (user_id = (select auth.uid()));
drop policy if exists "Approved profiles browse other approved profiles" on public.matrimony_details;
create policy "Approved profiles browse other approved profiles" on public.matrimony_details
  for select to authenticated
  using (approval_status = 'approved' and (select app.has_approved_matrimony_profile())
         and user_id in (select app.listed_matrimony_owners()));
drop policy if exists "Admins read every matrimony profile" on public.matrimony_details;
create policy "Admins read every matrimony profile" on public.matrimony_details
  for select to authenticated using ((select app.is_admin()));
drop policy if exists "Users register their own matrimony profile" on public.matrimony_details;
create policy "Users register their own matrimony profile" on public.matrimony_details
  for insert to authenticated with check (user_id = (select auth.uid()));
drop policy if exists "Admins register matrimony profiles for anyone" on public.matrimony_details;
create policy "Admins register matrimony profiles for anyone" on public.matrimony_details
  for insert to authenticated with check ((select app.is_admin()));
drop policy if exists "Users edit their own matrimony profile" on public.matrimony_details;
create policy "Users edit their own matrimony profile" on public.matrimony_details
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
drop policy if exists "Admins edit every matrimony profile" on public.matrimony_details;
create policy "Admins edit every matrimony profile" on public.matrimony_details
  for update to authenticated using ((select app.is_admin())) with check ((select app.is_admin()));
drop policy if exists "Admins delete matrimony profiles" on public.matrimony_details;
create policy "Admins delete matrimony profiles" on public.matrimony_details
  for delete to authenticated using ((select app.is_admin()));

-- Contact details (issue 16): the owner, admins, and the other party of an accepted interest
-- between two approved profiles read them; owners and admins write them; they leave with
-- their profile (no delete policy: the foreign key's cascade removes them).
alter table public.matrimony_contacts enable row level security;
alter table public.matrimony_contacts force row level security;
drop policy if exists "Owners, admins and accepted parties read contact details" on public.matrimony_contacts;
create policy "Owners, admins and accepted parties read contact details" on public.matrimony_contacts
  for select to authenticated
  using ((select app.is_admin()) or app.may_read_matrimony_contacts(profile_id));
drop policy if exists "Owners add their own contact details" on public.matrimony_contacts;
create policy "Owners add their own contact details" on public.matrimony_contacts
  for insert to authenticated with check (app.owns_matrimony_profile(profile_id));
drop policy if exists "Admins add contact details" on public.matrimony_contacts;
create policy "Admins add contact details" on public.matrimony_contacts
  for insert to authenticated with check ((select app.is_admin()));
drop policy if exists "Owners edit their own contact details" on public.matrimony_contacts;
create policy "Owners edit their own contact details" on public.matrimony_contacts
  for update to authenticated
  using (app.owns_matrimony_profile(profile_id)) with check (app.owns_matrimony_profile(profile_id));
drop policy if exists "Admins edit contact details" on public.matrimony_contacts;
create policy "Admins edit contact details" on public.matrimony_contacts
  for update to authenticated using ((select app.is_admin())) with check ((select app.is_admin()));

-- Interests.
drop policy if exists "Parties read their interests" on public.matrimony_interests;
create policy "Parties read their interests" on public.matrimony_interests
  for select to authenticated using ((select auth.uid()) in (sender_id, receiver_id));
drop policy if exists "Admins read every interest" on public.matrimony_interests;
create policy "Admins read every interest" on public.matrimony_interests
  for select to authenticated using ((select app.is_admin()));
drop policy if exists "Approved profiles send interests as themselves" on public.matrimony_interests;
create policy "Approved profiles send interests as themselves" on public.matrimony_interests
  for insert to authenticated
  with check (sender_id = (select auth.uid()) and status = 'pending' and (select app.has_approved_matrimony_profile())
              and receiver_id in (select app.listed_matrimony_owners()));
drop policy if exists "Admins create interests" on public.matrimony_interests;
create policy "Admins create interests" on public.matrimony_interests
  for insert to authenticated with check ((select app.is_admin()));
-- The guard lets only the receiver change the status (and stamps responded_at).
drop policy if exists "Receivers respond to interests" on public.matrimony_interests;
create policy "Receivers respond to interests" on public.matrimony_interests
  for update to authenticated
  using (receiver_id = (select auth.uid())) with check (receiver_id = (select auth.uid()));
drop policy if exists "Admins change interests" on public.matrimony_interests;
create policy "Admins change interests" on public.matrimony_interests
  for update to authenticated using ((select app.is_admin())) with check ((select app.is_admin()));
drop policy if exists "Senders withdraw their interests" on public.matrimony_interests;
create policy "Senders withdraw their interests" on public.matrimony_interests
  for delete to authenticated using (sender_id = (select auth.uid()));
drop policy if exists "Admins remove interests" on public.matrimony_interests;
create policy "Admins remove interests" on public.matrimony_interests
  for delete to authenticated using ((select app.is_admin()));

-- Messages.
drop policy if exists "Parties read their conversation" on public.matrimony_messages;
create policy "Parties read their conversation" on public.matrimony_messages
  for select to authenticated using ((select auth.uid()) in (sender_id, receiver_id));
drop policy if exists "Admins read every message" on public.matrimony_messages;
create policy "Admins read every message" on public.matrimony_messages
  for select to authenticated using ((select app.is_admin()));
drop policy if exists "Parties of an accepted interest write as themselves" on public.matrimony_messages;
create policy "Parties of an accepted interest write as themselves" on public.matrimony_messages
  for insert to authenticated
  with check (sender_id = (select auth.uid()) and app.has_accepted_interest_with(receiver_id)
              and (select app.has_approved_matrimony_profile()) and receiver_id in (select app.listed_matrimony_owners()));
drop policy if exists "Receivers mark messages read" on public.matrimony_messages;
create policy "Receivers mark messages read" on public.matrimony_messages
  for update to authenticated
  using (receiver_id = (select auth.uid())) with check (receiver_id = (select auth.uid()));
drop policy if exists "Admins remove messages" on public.matrimony_messages;
create policy "Admins remove messages" on public.matrimony_messages
  for delete to authenticated using ((select app.is_admin()));

-- Profile views.
drop policy if exists "Viewers and the viewed read profile views" on public.matrimony_profile_views;
create policy "Viewers and the viewed read profile views" on public.matrimony_profile_views
  for select to authenticated
  using (viewer_id = (select auth.uid())
         or viewed_profile_id in (select m.id from public.matrimony_details m where m.user_id = (select auth.uid())));
drop policy if exists "Admins read every profile view" on public.matrimony_profile_views;
create policy "Admins read every profile view" on public.matrimony_profile_views
  for select to authenticated using ((select app.is_admin()));
drop policy if exists "Approved profiles record their own views" on public.matrimony_profile_views;
create policy "Approved profiles record their own views" on public.matrimony_profile_views
  for insert to authenticated
  with check (viewer_id = (select auth.uid()) and (select app.has_approved_matrimony_profile())
              and viewed_profile_id in (select m.id from public.matrimony_details m
                                        where m.user_id in (select app.listed_matrimony_owners())));
drop policy if exists "Admins remove profile views" on public.matrimony_profile_views;
create policy "Admins remove profile views" on public.matrimony_profile_views
  for delete to authenticated using ((select app.is_admin()));
