-- Educational-aid applications: the student and admins. PAN and Aadhaar are masked in the row.
alter table public.student_details enable row level security;
alter table public.student_details force row level security;

drop policy if exists "Students read their own application" on public.student_details;
create policy "Students read their own application" on public.student_details
  for select to authenticated using (user_id = (select auth.uid()));
drop policy if exists "Admins read every application" on public.student_details;
create policy "Admins read every application" on public.student_details
  for select to authenticated using ((select app.is_admin()));
drop policy if exists "Students submit their own application" on public.student_details;
create policy "Students submit their own application" on public.student_details
  for insert to authenticated with check (user_id = (select auth.uid()));
drop policy if exists "Admins submit applications for anyone" on public.student_details;
create policy "Admins submit applications for anyone" on public.student_details
  for insert to authenticated with check ((select app.is_admin()));
drop policy if exists "Students edit their own application" on public.student_details;
create policy "Students edit their own application" on public.student_details
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
drop policy if exists "Admins edit every application" on public.student_details;
create policy "Admins edit every application" on public.student_details
  for update to authenticated using ((select app.is_admin())) with check ((select app.is_admin()));
drop policy if exists "Admins delete applications" on public.student_details;
create policy "Admins delete applications" on public.student_details
  for delete to authenticated using ((select app.is_admin()));
