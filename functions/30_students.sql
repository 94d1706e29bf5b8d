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

-- Student applications by name in either script or another common spelling,
-- closest first, for the search box of the admin student list
-- (app.name_matches in functions/07_name_search.sql: only rows the caller may read).
create or replace function public.student_name_matches(search text) returns table (id uuid, rank real)
language sql stable security invoker set search_path = ''
as $$ select m.id, m.rank from app.name_matches('public.student_details', search) m $$;
comment on function public.student_name_matches(text) is
  'Student applications the caller may read whose name matches the search in either script or a common spelling (at most 200), closest first.';
revoke execute on function public.student_name_matches(text) from public, anon;
grant execute on function public.student_name_matches(text) to authenticated, service_role;
