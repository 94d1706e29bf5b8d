-- Files leave with the records they belong to (issue 21): a matrimony profile's photos and
-- biodata, a student's documents, and whatever private files an account owned when the
-- account goes. Removing the storage.objects rows is enough: the storage service's sweeper
-- removes the bytes (storage.orphaned_versions), and a signed URL issued before answers 404
-- from then on, since every download reads the object's row first.

-- The objects of `bucket` in the user's own folder (`<user id>/…`, as policies/70_storage.sql
-- requires for uploads there).
create function app.remove_user_folder(bucket text, account uuid) returns void
language sql
security definer
set search_path = ''
as $$
  delete from storage.objects o
   where o.bucket_id = bucket and o.name like account::text || '/%'
$$;
revoke execute on function app.remove_user_folder(text, uuid) from public;

create function app.remove_matrimony_files() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform app.remove_stored_files(array[old.photo_url]);
  perform app.remove_user_folder('matrimony-photos', old.user_id);
  perform app.remove_user_folder('matrimony-pdfs', old.user_id);
  return old;
end
$$;
revoke execute on function app.remove_matrimony_files() from public;
create trigger matrimony_details_remove_files before delete on public.matrimony_details
  for each row execute function app.remove_matrimony_files();

create function app.remove_student_files() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform app.remove_user_folder('documents', old.user_id);
  return old;
end
$$;
revoke execute on function app.remove_student_files() from public;
create trigger student_details_remove_files before delete on public.student_details
  for each row execute function app.remove_student_files();

-- An account that goes takes its private files (public content it uploaded as staff stays).
create function app.remove_account_files() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from storage.objects o
   where o.bucket_id in ('avatars', 'matrimony-photos', 'matrimony-pdfs', 'documents')
     and (o.owner = old.id or o.name like old.id::text || '/%');
  return old;
end
$$;
revoke execute on function app.remove_account_files() from public;
create trigger users_remove_files before delete on public.users
  for each row execute function app.remove_account_files();
