-- Loaded before storage-js's own seed (test/supabase/seed.sql), in the throwaway cluster only.
--
-- The seed was written for the Supabase CLI's database. It inserts its test users with columns
-- of GoTrue's `auth.users` that the platform's auth schema does not have (it stores no tokens
-- in clear) and hashes their passwords with pgcrypto's crypt(), unqualified. The suite never
-- signs these users in (it uses the service key), so the columns are added empty here rather
-- than to the platform's schema.
create extension if not exists pgcrypto schema extensions;
alter role postgres set search_path = "$user", public, extensions;
alter table auth.users
  add column if not exists instance_id uuid,
  add column if not exists confirmation_token text,
  add column if not exists email_change_token_new text,
  add column if not exists recovery_token text;
