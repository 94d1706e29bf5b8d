-- Students' applications (student_details): the documents leave with the application. The
-- form's rules and registration are in 39_registration_student.sql, the decision in
-- 28_application_decisions.sql.

-- A student's application takes its documents (their folder of the documents bucket).
create or replace function app.remove_student_files() returns trigger
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

-- Triggers on public.student_details.
create or replace trigger student_details_updated_at before update on public.student_details
  for each row execute function app.touch_updated_at();
create or replace trigger student_details_approval before insert or update on public.student_details
  for each row execute function app.guard_approval();
create or replace trigger student_details_remove_files before delete on public.student_details
  for each row execute function app.remove_student_files();
create or replace trigger student_details_announce_decision after update of approval_status on public.student_details
  for each row execute function app.announce_decision();

-- Student applications by name in either script or another common spelling (functions/06_search.sql),
-- closest first, for the search box of the admin student list. Two steps, so that the search never shows a row
-- its caller could not read: app.student_name_candidates (security definer, never exposed over REST) finds the
-- 200 closest names through the trigram indexes, which row-level security would otherwise keep
-- it from using (`<<%` is not leakproof); public.student_name_matches (security invoker) keeps those the
-- caller's read policies let through.
create or replace function app.student_name_candidates(search text)
returns table (id uuid, rank real)
language sql stable
security definer
set search_path = ''
set pg_trgm.strict_word_similarity_threshold = 0.5
as $$
  select t.id, app.search_rank(q.name_key, q.name_skel, t.name_key, t.name_skel)
    from (select app.search_key(search) as name_key, app.search_skel(search) as name_skel) q,
         public.student_details t
   where q.name_key operator(extensions.<<%) t.name_key or q.name_skel operator(extensions.<<%) t.name_skel
   order by 2 desc, t.id
   limit 200
$$;
revoke execute on function app.student_name_candidates(text) from public;
grant execute on function app.student_name_candidates(text) to authenticated, service_role;

create or replace function public.student_name_matches(search text)
returns table (id uuid, rank real)
language sql stable
security invoker
set search_path = ''
as $$
  select c.id, c.rank
    from app.student_name_candidates(search) c
   where exists (select from public.student_details t where t.id = c.id)
   order by c.rank desc, c.id
$$;
comment on function public.student_name_matches(text) is
  'Student applications the caller may read whose name matches the search in either script or a common spelling (at most 200), closest first.';
revoke execute on function public.student_name_matches(text) from public, anon;
grant execute on function public.student_name_matches(text) to authenticated, service_role;
