-- Payments: payers record and read their own; admins read all and alone change status and
-- amount (app.guard_payment records them as verifier).
alter table public.payments enable row level security;
alter table public.payments force row level security;

drop policy if exists "Payers read their own payments" on public.payments;
create policy "Payers read their own payments" on public.payments
  for select to authenticated using (user_id = (select auth.uid()));
drop policy if exists "Admins read every payment" on public.payments;
create policy "Admins read every payment" on public.payments
  for select to authenticated using ((select app.is_admin()));
drop policy if exists "Payers record their own payments" on public.payments;
create policy "Payers record their own payments" on public.payments
  for insert to authenticated with check (user_id = (select auth.uid()));
drop policy if exists "Admins record payments" on public.payments;
create policy "Admins record payments" on public.payments
  for insert to authenticated with check ((select app.is_admin()));
drop policy if exists "Admins verify and correct payments" on public.payments;
create policy "Admins verify and correct payments" on public.payments
  for update to authenticated using ((select app.is_admin())) with check ((select app.is_admin()));
drop policy if exists "Admins delete payments" on public.payments;
create policy "Admins delete payments" on public.payments
  for delete to authenticated using ((select app.is_admin()));
