-- Money (issue 36): the trust's public details, purposes, fees and tax sections anyone reads
-- and admins keep; donors, receipts and the year statements their owner and admins read;
-- statements and the money audit for admins only. Nobody writes donors, receipts, statements
-- or the audit directly: functions and triggers do (functions/66_money*.sql).

drop policy if exists "Anyone reads the trust's finance details" on public.trust_finance;
create policy "Anyone reads the trust's finance details" on public.trust_finance
  for select to anon, authenticated using (true);
drop policy if exists "Admins edit the trust's finance details" on public.trust_finance;
create policy "Admins edit the trust's finance details" on public.trust_finance
  for update to authenticated using ((select app.is_admin())) with check ((select app.is_admin()));

drop policy if exists "Anyone reads donation purposes" on public.donation_purposes;
create policy "Anyone reads donation purposes" on public.donation_purposes
  for select to anon, authenticated using (true);
drop policy if exists "Admins add donation purposes" on public.donation_purposes;
create policy "Admins add donation purposes" on public.donation_purposes
  for insert to authenticated with check ((select app.is_admin()));
drop policy if exists "Admins edit donation purposes" on public.donation_purposes;
create policy "Admins edit donation purposes" on public.donation_purposes
  for update to authenticated using ((select app.is_admin())) with check ((select app.is_admin()));
drop policy if exists "Admins remove donation purposes" on public.donation_purposes;
create policy "Admins remove donation purposes" on public.donation_purposes
  for delete to authenticated using ((select app.is_admin()));

drop policy if exists "Anyone reads membership fees" on public.membership_fees;
create policy "Anyone reads membership fees" on public.membership_fees
  for select to anon, authenticated using (true);
drop policy if exists "Admins add membership fees" on public.membership_fees;
create policy "Admins add membership fees" on public.membership_fees
  for insert to authenticated with check ((select app.is_admin()));
drop policy if exists "Admins edit membership fees" on public.membership_fees;
create policy "Admins edit membership fees" on public.membership_fees
  for update to authenticated using ((select app.is_admin())) with check ((select app.is_admin()));
drop policy if exists "Admins remove membership fees" on public.membership_fees;
create policy "Admins remove membership fees" on public.membership_fees
  for delete to authenticated using ((select app.is_admin()));

drop policy if exists "Anyone reads tax sections" on public.tax_sections;
create policy "Anyone reads tax sections" on public.tax_sections
  for select to anon, authenticated using (true);

drop policy if exists "Donors read their own details" on public.donors;
create policy "Donors read their own details" on public.donors
  for select to authenticated using (user_id = (select auth.uid()));
drop policy if exists "Admins read every donor" on public.donors;
create policy "Admins read every donor" on public.donors
  for select to authenticated using ((select app.is_admin()));

drop policy if exists "Donors read their own receipts" on public.receipts;
create policy "Donors read their own receipts" on public.receipts
  for select to authenticated using (user_id = (select auth.uid()));
drop policy if exists "Admins read every receipt" on public.receipts;
create policy "Admins read every receipt" on public.receipts
  for select to authenticated using ((select app.is_admin()));

drop policy if exists "Donors read their own Form 10BE" on public.form_10be;
create policy "Donors read their own Form 10BE" on public.form_10be
  for select to authenticated using (user_id = (select auth.uid()));
drop policy if exists "Admins read every Form 10BE" on public.form_10be;
create policy "Admins read every Form 10BE" on public.form_10be
  for select to authenticated using ((select app.is_admin()));

drop policy if exists "Admins read statements" on public.bank_statements;
create policy "Admins read statements" on public.bank_statements
  for select to authenticated using ((select app.is_admin()));
drop policy if exists "Admins read statement lines" on public.bank_statement_lines;
create policy "Admins read statement lines" on public.bank_statement_lines
  for select to authenticated using ((select app.is_admin()));
drop policy if exists "Admins read the money audit" on public.money_audit;
create policy "Admins read the money audit" on public.money_audit
  for select to authenticated using ((select app.is_admin()));

-- Files: a payer's screenshots in their folder of payment-proofs; receipts' PDFs in the
-- owner's folder of receipts, written by the renderer (service role) only.
drop policy if exists "Payers read their own payment proofs and receipts" on storage.objects;
create policy "Payers read their own payment proofs and receipts" on storage.objects
  for select to authenticated
  using (bucket_id in ('payment-proofs', 'receipts') and (storage.foldername(name))[1] = (select auth.uid())::text);
drop policy if exists "Admins read payment proofs and receipts" on storage.objects;
create policy "Admins read payment proofs and receipts" on storage.objects
  for select to authenticated
  using (bucket_id in ('payment-proofs', 'receipts') and (select app.is_admin()));
drop policy if exists "Payers upload payment proofs into their folder" on storage.objects;
create policy "Payers upload payment proofs into their folder" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'payment-proofs' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- Year statements (functions/67_year_statement_pdfs.sql): their donor and admins read them;
-- request_year_statement() writes them, the renderer sets their file.
drop policy if exists "Donors read their own year statements" on public.year_statements;
create policy "Donors read their own year statements" on public.year_statements
  for select to authenticated using (user_id = (select auth.uid()));
drop policy if exists "Admins read every year statement" on public.year_statements;
create policy "Admins read every year statement" on public.year_statements
  for select to authenticated using ((select app.is_admin()));

-- Form 10BE files (functions/66_money_form_10be.sql) live in the receipts bucket under
-- 10be/{fy}/: admins upload and remove them there; a donor reads the file their matched row
-- names (the form_10be row's own policy decides), nothing else under 10be/.
drop policy if exists "Donors read their own Form 10BE files" on storage.objects;
create policy "Donors read their own Form 10BE files" on storage.objects
  for select to authenticated
  using (bucket_id = 'receipts' and (storage.foldername(name))[1] = '10be'
         and exists (select from public.form_10be f where f.file_path = objects.name and f.user_id = (select auth.uid())));
drop policy if exists "Admins upload Form 10BE files" on storage.objects;
create policy "Admins upload Form 10BE files" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'receipts' and (storage.foldername(name))[1] = '10be' and (select app.is_admin()));
drop policy if exists "Admins remove Form 10BE files" on storage.objects;
create policy "Admins remove Form 10BE files" on storage.objects
  for delete to authenticated
  using (bucket_id = 'receipts' and (storage.foldername(name))[1] = '10be' and (select app.is_admin()));
