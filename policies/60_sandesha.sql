-- Havyaka Sandesha. The public reads published issues and the active rate card; the
-- Sandesha manager and admins do everything. Downloads count through
-- increment_sandesha_download_count().

-- havyaka_sandesha_issues
alter table public.havyaka_sandesha_issues enable row level security;
drop policy if exists "Anyone reads published Sandesha issues" on public.havyaka_sandesha_issues;
create policy "Anyone reads published Sandesha issues" on public.havyaka_sandesha_issues
  for select to anon, authenticated using (is_published);
drop policy if exists "Sandesha staff read all Sandesha issues" on public.havyaka_sandesha_issues;
create policy "Sandesha staff read all Sandesha issues" on public.havyaka_sandesha_issues
  for select to authenticated using ((select app.can_manage_sandesha()));
drop policy if exists "Sandesha staff add Sandesha issues" on public.havyaka_sandesha_issues;
create policy "Sandesha staff add Sandesha issues" on public.havyaka_sandesha_issues
  for insert to authenticated with check ((select app.can_manage_sandesha()));
drop policy if exists "Sandesha staff edit Sandesha issues" on public.havyaka_sandesha_issues;
create policy "Sandesha staff edit Sandesha issues" on public.havyaka_sandesha_issues
  for update to authenticated using ((select app.can_manage_sandesha())) with check ((select app.can_manage_sandesha()));
drop policy if exists "Sandesha staff remove Sandesha issues" on public.havyaka_sandesha_issues;
create policy "Sandesha staff remove Sandesha issues" on public.havyaka_sandesha_issues
  for delete to authenticated using ((select app.can_manage_sandesha()));

-- magazine_advertisements
alter table public.magazine_advertisements enable row level security;
drop policy if exists "Anyone reads active advertisements" on public.magazine_advertisements;
create policy "Anyone reads active advertisements" on public.magazine_advertisements
  for select to anon, authenticated using (is_active);
drop policy if exists "Sandesha staff read all magazine advertisements" on public.magazine_advertisements;
create policy "Sandesha staff read all magazine advertisements" on public.magazine_advertisements
  for select to authenticated using ((select app.can_manage_sandesha()));
drop policy if exists "Sandesha staff add magazine advertisements" on public.magazine_advertisements;
create policy "Sandesha staff add magazine advertisements" on public.magazine_advertisements
  for insert to authenticated with check ((select app.can_manage_sandesha()));
drop policy if exists "Sandesha staff edit magazine advertisements" on public.magazine_advertisements;
create policy "Sandesha staff edit magazine advertisements" on public.magazine_advertisements
  for update to authenticated using ((select app.can_manage_sandesha())) with check ((select app.can_manage_sandesha()));
drop policy if exists "Sandesha staff remove magazine advertisements" on public.magazine_advertisements;
create policy "Sandesha staff remove magazine advertisements" on public.magazine_advertisements
  for delete to authenticated using ((select app.can_manage_sandesha()));
