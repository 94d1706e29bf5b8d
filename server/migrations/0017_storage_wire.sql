-- Storage, closer to Supabase Storage and tighter where it was loose.
--
-- The two bookkeeping tables (uploads being written, versions no row needs any more) get
-- row-level security like every other table, so the lint "every table has RLS" holds in the
-- whole storage schema: only the storage service (storage_admin) reads and writes them. The
-- API roles had no grant on them and still have none; the trigger that queues orphaned
-- versions is security definer, owned by the migrating role, and is not affected.
alter table storage.pending_uploads enable row level security;
alter table storage.orphaned_versions enable row level security;
create policy "The storage service keeps the upload bookkeeping" on storage.pending_uploads
  for all to storage_admin using (true) with check (true);
create policy "The storage service keeps the orphaned versions" on storage.orphaned_versions
  for all to storage_admin using (true) with check (true);

-- An object row written by SQL alone (a seed, an import) names a version of its own, whose
-- bytes do not exist: reading it answers 404 NoSuchKey, as Supabase does for a row without an
-- object, instead of the insert failing. Every upload still writes its version explicitly.
alter table storage.objects alter column version set default gen_random_uuid()::text;
