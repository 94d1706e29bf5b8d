-- Media: the gallery's albums and photos, videos, and the media library. The public reads
-- what is published; media staff (content managers, event managers for event media, admins)
-- do everything. Deleting an album or item removes its files (triggers in 0018).

-- photo_albums
alter table public.photo_albums enable row level security;
drop policy if exists "Anyone reads published photo albums" on public.photo_albums;
create policy "Anyone reads published photo albums" on public.photo_albums
  for select to anon, authenticated using (is_published);
drop policy if exists "Media staff read all photo albums" on public.photo_albums;
create policy "Media staff read all photo albums" on public.photo_albums
  for select to authenticated using ((select app.can_manage_media()));
drop policy if exists "Media staff add photo albums" on public.photo_albums;
create policy "Media staff add photo albums" on public.photo_albums
  for insert to authenticated with check ((select app.can_manage_media()));
drop policy if exists "Media staff edit photo albums" on public.photo_albums;
create policy "Media staff edit photo albums" on public.photo_albums
  for update to authenticated using ((select app.can_manage_media())) with check ((select app.can_manage_media()));
drop policy if exists "Media staff remove photo albums" on public.photo_albums;
create policy "Media staff remove photo albums" on public.photo_albums
  for delete to authenticated using ((select app.can_manage_media()));

-- photos_new
alter table public.photos_new enable row level security;
drop policy if exists "Anyone reads the photos of published albums" on public.photos_new;
create policy "Anyone reads the photos of published albums" on public.photos_new
  for select to anon, authenticated using (exists (select from public.photo_albums a where a.id = photos_new.album_id and a.is_published));
drop policy if exists "Media staff read all photos" on public.photos_new;
create policy "Media staff read all photos" on public.photos_new
  for select to authenticated using ((select app.can_manage_media()));
drop policy if exists "Media staff add photos" on public.photos_new;
create policy "Media staff add photos" on public.photos_new
  for insert to authenticated with check ((select app.can_manage_media()));
drop policy if exists "Media staff edit photos" on public.photos_new;
create policy "Media staff edit photos" on public.photos_new
  for update to authenticated using ((select app.can_manage_media())) with check ((select app.can_manage_media()));
drop policy if exists "Media staff remove photos" on public.photos_new;
create policy "Media staff remove photos" on public.photos_new
  for delete to authenticated using ((select app.can_manage_media()));

-- videos
alter table public.videos enable row level security;
drop policy if exists "Anyone reads published videos" on public.videos;
create policy "Anyone reads published videos" on public.videos
  for select to anon, authenticated using (status = 'published');
drop policy if exists "Media staff read all videos" on public.videos;
create policy "Media staff read all videos" on public.videos
  for select to authenticated using ((select app.can_manage_media()));
drop policy if exists "Media staff add videos" on public.videos;
create policy "Media staff add videos" on public.videos
  for insert to authenticated with check ((select app.can_manage_media()));
drop policy if exists "Media staff edit videos" on public.videos;
create policy "Media staff edit videos" on public.videos
  for update to authenticated using ((select app.can_manage_media())) with check ((select app.can_manage_media()));
drop policy if exists "Media staff remove videos" on public.videos;
create policy "Media staff remove videos" on public.videos
  for delete to authenticated using ((select app.can_manage_media()));

-- media_albums
alter table public.media_albums enable row level security;
drop policy if exists "Anyone reads published media albums" on public.media_albums;
create policy "Anyone reads published media albums" on public.media_albums
  for select to anon, authenticated using (is_published);
drop policy if exists "Media staff read all media albums" on public.media_albums;
create policy "Media staff read all media albums" on public.media_albums
  for select to authenticated using ((select app.can_manage_media()));
drop policy if exists "Media staff add media albums" on public.media_albums;
create policy "Media staff add media albums" on public.media_albums
  for insert to authenticated with check ((select app.can_manage_media()));
drop policy if exists "Media staff edit media albums" on public.media_albums;
create policy "Media staff edit media albums" on public.media_albums
  for update to authenticated using ((select app.can_manage_media())) with check ((select app.can_manage_media()));
drop policy if exists "Media staff remove media albums" on public.media_albums;
create policy "Media staff remove media albums" on public.media_albums
  for delete to authenticated using ((select app.can_manage_media()));

-- media_items
alter table public.media_items enable row level security;
drop policy if exists "Anyone reads the items of published albums" on public.media_items;
create policy "Anyone reads the items of published albums" on public.media_items
  for select to anon, authenticated using (exists (select from public.media_albums a where a.id = media_items.album_id and a.is_published));
drop policy if exists "Media staff read all media items" on public.media_items;
create policy "Media staff read all media items" on public.media_items
  for select to authenticated using ((select app.can_manage_media()));
drop policy if exists "Media staff add media items" on public.media_items;
create policy "Media staff add media items" on public.media_items
  for insert to authenticated with check ((select app.can_manage_media()));
drop policy if exists "Media staff edit media items" on public.media_items;
create policy "Media staff edit media items" on public.media_items
  for update to authenticated using ((select app.can_manage_media())) with check ((select app.can_manage_media()));
drop policy if exists "Media staff remove media items" on public.media_items;
create policy "Media staff remove media items" on public.media_items
  for delete to authenticated using ((select app.can_manage_media()));
