-- Files (storage.objects) and buckets (storage.buckets) of the product's buckets (0023).
--
-- Public buckets serve their files to anyone without a token (the storage service checks
-- buckets.public); these policies decide listing and every write. Private buckets keep each
-- user's files in a folder named by their id: `{user id}/…`.

-- Reading and listing.
drop policy if exists "Anyone lists the public buckets' files" on storage.objects;
create policy "Anyone lists the public buckets' files" on storage.objects
  for select to anon, authenticated
  using (bucket_id in ('gallery', 'avatars', 'content', 'event-images'));
drop policy if exists "Users read their own private files" on storage.objects;
create policy "Users read their own private files" on storage.objects
  for select to authenticated
  using (bucket_id in ('matrimony-photos', 'matrimony-pdfs', 'documents')
         and (storage.foldername(name))[1] = (select auth.uid())::text);
drop policy if exists "Admins read every private file" on storage.objects;
create policy "Admins read every private file" on storage.objects
  for select to authenticated
  using (bucket_id in ('matrimony-photos', 'matrimony-pdfs', 'documents', 'havyaka-sandesh') and (select app.is_admin()));
drop policy if exists "Approved matrimony profiles see each other's photos" on storage.objects;
create policy "Approved matrimony profiles see each other's photos" on storage.objects
  for select to authenticated
  using (bucket_id = 'matrimony-photos' and (select app.has_approved_matrimony_profile())
         and (storage.foldername(name))[1] in (select o::text from app.listed_matrimony_owners() o));
drop policy if exists "Anyone reads the files of published Sandesha issues" on storage.objects;
create policy "Anyone reads the files of published Sandesha issues" on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'havyaka-sandesh' and app.is_published_sandesha_file(name));
drop policy if exists "Sandesha staff read the Sandesha files" on storage.objects;
create policy "Sandesha staff read the Sandesha files" on storage.objects
  for select to authenticated
  using (bucket_id = 'havyaka-sandesh' and (select app.can_manage_sandesha()));

-- Users' own folders: avatars (public) and the private buckets.
drop policy if exists "Users upload into their own folder" on storage.objects;
create policy "Users upload into their own folder" on storage.objects
  for insert to authenticated
  with check (bucket_id in ('avatars', 'matrimony-photos', 'matrimony-pdfs', 'documents')
              and (storage.foldername(name))[1] = (select auth.uid())::text);
drop policy if exists "Users replace files in their own folder" on storage.objects;
create policy "Users replace files in their own folder" on storage.objects
  for update to authenticated
  using (bucket_id in ('avatars', 'matrimony-photos', 'matrimony-pdfs', 'documents')
         and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id in ('avatars', 'matrimony-photos', 'matrimony-pdfs', 'documents')
              and (storage.foldername(name))[1] = (select auth.uid())::text);
drop policy if exists "Users remove files from their own folder" on storage.objects;
create policy "Users remove files from their own folder" on storage.objects
  for delete to authenticated
  using (bucket_id in ('avatars', 'matrimony-photos', 'matrimony-pdfs', 'documents')
         and (storage.foldername(name))[1] = (select auth.uid())::text);

-- Staff write their areas' public buckets.
drop policy if exists "Staff upload into their buckets" on storage.objects;
create policy "Staff upload into their buckets" on storage.objects
  for insert to authenticated
  with check ((bucket_id = 'gallery' and (select app.can_manage_media()))
           or (bucket_id = 'event-images' and (storage.foldername(name))[1] = 'featured' and (select app.can_manage_events()))
           or (bucket_id = 'content' and (select app.can_manage_content()))
           or (bucket_id = 'havyaka-sandesh' and (select app.can_manage_sandesha()))
           or (bucket_id in ('avatars', 'matrimony-photos', 'matrimony-pdfs', 'documents') and (select app.is_admin())));
drop policy if exists "Staff replace files in their buckets" on storage.objects;
create policy "Staff replace files in their buckets" on storage.objects
  for update to authenticated
  using ((bucket_id = 'gallery' and (select app.can_manage_media()))
      or (bucket_id = 'event-images' and (select app.can_manage_events()))
      or (bucket_id = 'content' and (select app.can_manage_content()))
      or (bucket_id = 'havyaka-sandesh' and (select app.can_manage_sandesha()))
      or (bucket_id in ('avatars', 'matrimony-photos', 'matrimony-pdfs', 'documents') and (select app.is_admin())))
  with check ((bucket_id = 'gallery' and (select app.can_manage_media()))
           or (bucket_id = 'event-images' and (storage.foldername(name))[1] = 'featured' and (select app.can_manage_events()))
           or (bucket_id = 'content' and (select app.can_manage_content()))
           or (bucket_id = 'havyaka-sandesh' and (select app.can_manage_sandesha()))
           or (bucket_id in ('avatars', 'matrimony-photos', 'matrimony-pdfs', 'documents') and (select app.is_admin())));
drop policy if exists "Staff remove files from their buckets" on storage.objects;
create policy "Staff remove files from their buckets" on storage.objects
  for delete to authenticated
  using ((bucket_id = 'gallery' and (select app.can_manage_media()))
      or (bucket_id = 'event-images' and (select app.can_manage_events()))
      or (bucket_id = 'content' and (select app.can_manage_content()))
      or (bucket_id = 'havyaka-sandesh' and (select app.can_manage_sandesha()))
      or (bucket_id in ('avatars', 'matrimony-photos', 'matrimony-pdfs', 'documents') and (select app.is_admin())));

-- Buckets: staff see them (upload screens show limits); admins manage them.
drop policy if exists "Staff read the buckets" on storage.buckets;
create policy "Staff read the buckets" on storage.buckets
  for select to authenticated using ((select app.is_staff()));
drop policy if exists "Admins create buckets" on storage.buckets;
create policy "Admins create buckets" on storage.buckets
  for insert to authenticated with check ((select app.is_admin()));
drop policy if exists "Admins change buckets" on storage.buckets;
create policy "Admins change buckets" on storage.buckets
  for update to authenticated using ((select app.is_admin())) with check ((select app.is_admin()));
drop policy if exists "Admins delete buckets" on storage.buckets;
create policy "Admins delete buckets" on storage.buckets
  for delete to authenticated using ((select app.is_admin()));

-- Per-user storage quota (the platform's storage.user_quota_bytes, issue 21): staff upload the
-- site's content without a limit; everyone else may own 250 MB of files across buckets (ten
-- 10 MB documents, a biodata and photos leave plenty of room).
create or replace function storage.user_quota_bytes() returns bigint
language sql stable
set search_path = ''
as $$
  select case
    when auth.uid() is null or auth.role() = 'service_role' or app.is_staff() then null
    else 262144000
  end
$$;

-- Issue 16: a biodata PDF is shared like the contact details beside it (matrimony_contacts):
-- the other party of an accepted interest between two approved profiles reads it.
drop policy if exists "Parties of an accepted interest read each other's biodata" on storage.objects;
create policy "Parties of an accepted interest read each other's biodata" on storage.objects
  for select to authenticated
  using (bucket_id = 'matrimony-pdfs' and app.may_see_matrimony_files_of((storage.foldername(name))[1]));
