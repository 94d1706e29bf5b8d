-- The product's buckets (spec §7 Storage, §9 upload limits). Public buckets serve without a
-- token; private ones go through row-level security on storage.objects (policies/70_storage.sql).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('gallery', 'gallery', true, 10485760, array['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/webm', 'video/quicktime']),
  ('avatars', 'avatars', true, 1048576, array['image/jpeg', 'image/png', 'image/webp']),
  ('content', 'content', true, 5242880, array['image/jpeg', 'image/png', 'image/webp', 'application/pdf']),
  ('event-images', 'event-images', true, 5242880, array['image/jpeg', 'image/png', 'image/webp']),
  ('matrimony-photos', 'matrimony-photos', false, 2097152, array['image/jpeg', 'image/png', 'image/webp']),
  ('matrimony-pdfs', 'matrimony-pdfs', false, 10485760, array['application/pdf']),
  ('documents', 'documents', false, 10485760, array['application/pdf', 'image/jpeg', 'image/png']),
  -- Private: an issue's PDF is readable by everyone once the issue is published, and by its
  -- editors before (policies/70_storage.sql).
  ('havyaka-sandesh', 'havyaka-sandesh', false, 15728640, array['application/pdf'])
on conflict (id) do nothing;
