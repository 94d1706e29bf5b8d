-- Site content. The public reads what is published or active; content staff (content
-- managers and admins) do everything.

-- organization_info
alter table public.organization_info enable row level security;
drop policy if exists "Anyone reads published organization information" on public.organization_info;
create policy "Anyone reads published organization information" on public.organization_info
  for select to anon, authenticated using (is_published);
drop policy if exists "Content staff read all organization info" on public.organization_info;
create policy "Content staff read all organization info" on public.organization_info
  for select to authenticated using ((select app.can_manage_content()));
drop policy if exists "Content staff add organization info" on public.organization_info;
create policy "Content staff add organization info" on public.organization_info
  for insert to authenticated with check ((select app.can_manage_content()));
drop policy if exists "Content staff edit organization info" on public.organization_info;
create policy "Content staff edit organization info" on public.organization_info
  for update to authenticated using ((select app.can_manage_content())) with check ((select app.can_manage_content()));
drop policy if exists "Content staff remove organization info" on public.organization_info;
create policy "Content staff remove organization info" on public.organization_info
  for delete to authenticated using ((select app.can_manage_content()));

-- board_members
alter table public.board_members enable row level security;
drop policy if exists "Anyone reads active board members" on public.board_members;
create policy "Anyone reads active board members" on public.board_members
  for select to anon, authenticated using (is_active);
drop policy if exists "Content staff read all board members" on public.board_members;
create policy "Content staff read all board members" on public.board_members
  for select to authenticated using ((select app.can_manage_content()));
drop policy if exists "Content staff add board members" on public.board_members;
create policy "Content staff add board members" on public.board_members
  for insert to authenticated with check ((select app.can_manage_content()));
drop policy if exists "Content staff edit board members" on public.board_members;
create policy "Content staff edit board members" on public.board_members
  for update to authenticated using ((select app.can_manage_content())) with check ((select app.can_manage_content()));
drop policy if exists "Content staff remove board members" on public.board_members;
create policy "Content staff remove board members" on public.board_members
  for delete to authenticated using ((select app.can_manage_content()));

-- achievements
alter table public.achievements enable row level security;
drop policy if exists "Anyone reads published achievements" on public.achievements;
create policy "Anyone reads published achievements" on public.achievements
  for select to anon, authenticated using (status = 'published');
drop policy if exists "Content staff read all achievements" on public.achievements;
create policy "Content staff read all achievements" on public.achievements
  for select to authenticated using ((select app.can_manage_content()));
drop policy if exists "Content staff add achievements" on public.achievements;
create policy "Content staff add achievements" on public.achievements
  for insert to authenticated with check ((select app.can_manage_content()));
drop policy if exists "Content staff edit achievements" on public.achievements;
create policy "Content staff edit achievements" on public.achievements
  for update to authenticated using ((select app.can_manage_content())) with check ((select app.can_manage_content()));
drop policy if exists "Content staff remove achievements" on public.achievements;
create policy "Content staff remove achievements" on public.achievements
  for delete to authenticated using ((select app.can_manage_content()));

-- activities
alter table public.activities enable row level security;
drop policy if exists "Anyone reads published activities" on public.activities;
create policy "Anyone reads published activities" on public.activities
  for select to anon, authenticated using (is_published);
drop policy if exists "Content staff read all activities" on public.activities;
create policy "Content staff read all activities" on public.activities
  for select to authenticated using ((select app.can_manage_content()));
drop policy if exists "Content staff add activities" on public.activities;
create policy "Content staff add activities" on public.activities
  for insert to authenticated with check ((select app.can_manage_content()));
drop policy if exists "Content staff edit activities" on public.activities;
create policy "Content staff edit activities" on public.activities
  for update to authenticated using ((select app.can_manage_content())) with check ((select app.can_manage_content()));
drop policy if exists "Content staff remove activities" on public.activities;
create policy "Content staff remove activities" on public.activities
  for delete to authenticated using ((select app.can_manage_content()));

-- website_images
alter table public.website_images enable row level security;
drop policy if exists "Anyone reads active website images" on public.website_images;
create policy "Anyone reads active website images" on public.website_images
  for select to anon, authenticated using (is_active);
drop policy if exists "Content staff read all website images" on public.website_images;
create policy "Content staff read all website images" on public.website_images
  for select to authenticated using ((select app.can_manage_content()));
drop policy if exists "Content staff add website images" on public.website_images;
create policy "Content staff add website images" on public.website_images
  for insert to authenticated with check ((select app.can_manage_content()));
drop policy if exists "Content staff edit website images" on public.website_images;
create policy "Content staff edit website images" on public.website_images
  for update to authenticated using ((select app.can_manage_content())) with check ((select app.can_manage_content()));
drop policy if exists "Content staff remove website images" on public.website_images;
create policy "Content staff remove website images" on public.website_images
  for delete to authenticated using ((select app.can_manage_content()));

-- homepage_slider
alter table public.homepage_slider enable row level security;
drop policy if exists "Anyone reads active slides" on public.homepage_slider;
create policy "Anyone reads active slides" on public.homepage_slider
  for select to anon, authenticated using (is_active);
drop policy if exists "Content staff read all homepage slider" on public.homepage_slider;
create policy "Content staff read all homepage slider" on public.homepage_slider
  for select to authenticated using ((select app.can_manage_content()));
drop policy if exists "Content staff add homepage slider" on public.homepage_slider;
create policy "Content staff add homepage slider" on public.homepage_slider
  for insert to authenticated with check ((select app.can_manage_content()));
drop policy if exists "Content staff edit homepage slider" on public.homepage_slider;
create policy "Content staff edit homepage slider" on public.homepage_slider
  for update to authenticated using ((select app.can_manage_content())) with check ((select app.can_manage_content()));
drop policy if exists "Content staff remove homepage slider" on public.homepage_slider;
create policy "Content staff remove homepage slider" on public.homepage_slider
  for delete to authenticated using ((select app.can_manage_content()));

-- business_listings
alter table public.business_listings enable row level security;
drop policy if exists "Anyone reads active business listings" on public.business_listings;
create policy "Anyone reads active business listings" on public.business_listings
  for select to anon, authenticated using (is_active);
drop policy if exists "Content staff read all business listings" on public.business_listings;
create policy "Content staff read all business listings" on public.business_listings
  for select to authenticated using ((select app.can_manage_content()));
drop policy if exists "Content staff add business listings" on public.business_listings;
create policy "Content staff add business listings" on public.business_listings
  for insert to authenticated with check ((select app.can_manage_content()));
drop policy if exists "Content staff edit business listings" on public.business_listings;
create policy "Content staff edit business listings" on public.business_listings
  for update to authenticated using ((select app.can_manage_content())) with check ((select app.can_manage_content()));
drop policy if exists "Content staff remove business listings" on public.business_listings;
create policy "Content staff remove business listings" on public.business_listings
  for delete to authenticated using ((select app.can_manage_content()));
-- Owners see their own listing, active or not.
drop policy if exists "Owners read their own business listing" on public.business_listings;
create policy "Owners read their own business listing" on public.business_listings
  for select to authenticated using (user_id = (select auth.uid()));

-- contact_messages: anyone writes (as nobody, or as themselves); senders read theirs; admins handle them.
alter table public.contact_messages enable row level security;
drop policy if exists "Anyone sends a contact message" on public.contact_messages;
create policy "Anyone sends a contact message" on public.contact_messages
  for insert to anon, authenticated
  with check (user_id is null or user_id = (select auth.uid()));
drop policy if exists "Senders read their own contact messages" on public.contact_messages;
create policy "Senders read their own contact messages" on public.contact_messages
  for select to authenticated using (user_id = (select auth.uid()));
drop policy if exists "Admins read contact messages" on public.contact_messages;
create policy "Admins read contact messages" on public.contact_messages
  for select to authenticated using ((select app.is_admin()));
drop policy if exists "Admins track contact messages" on public.contact_messages;
create policy "Admins track contact messages" on public.contact_messages
  for update to authenticated using ((select app.is_admin())) with check ((select app.is_admin()));
drop policy if exists "Admins archive contact messages" on public.contact_messages;
create policy "Admins archive contact messages" on public.contact_messages
  for delete to authenticated using ((select app.is_admin()));

-- announcements: the staff who send them read the history; rows are written only by
-- send_announcement().
alter table public.announcements enable row level security;
drop policy if exists "Content staff read announcements" on public.announcements;
create policy "Content staff read announcements" on public.announcements
  for select to authenticated using ((select app.can_manage_content()));
