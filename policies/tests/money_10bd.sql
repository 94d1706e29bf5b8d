-- Form 10BD (issue 36): the Part-B CSV of a financial year, header and rows in the portal's
-- column order (a golden text), the worklist of rows the portal would reject, the audit of
-- the identity numbers read, and the reminder job.
begin;
select plan(9);

create temporary table people as select tests.create_user('admin', 'approved', 'treasurer') as admin,
  tests.create_user('member', 'approved', 'member') as member;
grant select on people to authenticated;
update public.trust_finance set trust_name = 'Havyaka Trust Mumbai', address = '12 Temple Road, Matunga, Mumbai 400019',
  pan = 'AAATH1234K', urn_80g = 'AAATH1234KF20214', urn_80g_issued_on = date '2021-05-28',
  urn_80g_valid_from = date '2021-04-01', urn_80g_valid_until = date '2031-03-31';

select tests.act_as((select admin from people));
create temporary table d as select
  (public.save_donor('Ravi Bhat', '4 Hill View, King''s Circle, Matunga', 'pan', 'ABCDE1234F', 'Mumbai', 'Maharashtra', '400019')).id as ravi,
  (public.save_donor('Lakshmi Hegde', '22 Gokhale Road, Dadar West', 'aadhaar', '2345 6789 0123', 'Mumbai', 'Maharashtra', '400028')).id as lakshmi,
  (public.save_donor('John Smith', '1 Baker Street, London', 'passport', 'K1234567', 'London', null, null)).id as john,
  (public.save_donor('Ganesh Rao', 'Sirsi', 'pan', 'FGHIJ5678K')).id as ganesh;
grant select on d to authenticated;
insert into public.payments (payment_type, amount, payment_method, status, purpose, donor_id, received_on, reference, payer_name) values
  ('donation', 2501, 'upi', 'completed', 'corpus', (select ravi from d), date '2026-05-10', 'HTB000000001', 'a'),
  ('donation', 1500, 'cash', 'completed', 'events', (select lakshmi from d), date '2026-06-01', 'HTB000000002', 'b'),
  ('donation', 10000, 'cheque', 'completed', 'educational_aid', (select ravi from d), date '2026-07-15', 'HTB000000003', 'c'),
  ('donation', 5000, 'cash', 'completed', 'general', (select lakshmi from d), date '2026-08-01', 'HTB000000004', 'd'),
  ('donation', 25000, 'kind', 'completed', 'events', (select ravi from d), date '2026-08-02', 'HTB000000005', 'e'),
  ('donation', 3000, 'upi', 'completed', 'general', (select john from d), date '2026-09-01', 'HTB000000006', 'f'),
  ('donation', 4000, 'upi', 'completed', 'general', (select ganesh from d), date '2026-09-02', 'HTB000000007', 'g'),
  ('donation', 999, 'upi', 'completed', 'general', null, date '2026-09-03', 'HTB000000008', 'Anonymous giver'),
  ('membership', 5000, 'upi', 'completed', null, (select ravi from d), date '2026-09-04', 'HTB000000009', 'h'),
  ('donation', 700, 'upi', 'completed', 'general', (select ravi from d), date '2025-12-01', 'HTB000000010', 'last year');

select is(public.form_10bd_csv('2026-27'),
  E'Sl. No.,Pre-Acknowledgement No.,ID Code,Unique Identification Number,Section Code,URN,Date of issuance of URN,Name of donor,Address of donor,Donation Type,Mode of receipt,Amount\n'
  || E'1,,Permanent Account Number,ABCDE1234F,354,AAATH1234KF20214,28/05/2021,Ravi Bhat,"4 Hill View, King''s Circle, Matunga, Mumbai, Maharashtra 400019",Corpus,Electronic modes including account payee cheque/draft,2501\n'
  || E'2,,Aadhaar Number,234567890123,354,AAATH1234KF20214,28/05/2021,Lakshmi Hegde,"22 Gokhale Road, Dadar West, Mumbai, Maharashtra 400028",Others,Cash,1500\n'
  || E'3,,Permanent Account Number,ABCDE1234F,354,AAATH1234KF20214,28/05/2021,Ravi Bhat,"4 Hill View, King''s Circle, Matunga, Mumbai, Maharashtra 400019",Specific grant,Electronic modes including account payee cheque/draft,10000\n',
  'the Part-B CSV: the header and the eligible rows in the portal''s order (golden)');
select is((select array_agg(receipt_no || ':' || problem order by receipt_no) from public.form_10bd_worklist('2026-27')),
  array['HT/2026-27/000004:cash_over_limit', 'HT/2026-27/000005:in_kind', 'HT/2026-27/000006:no_pan_or_aadhaar',
        'HT/2026-27/000007:bad_address', 'HT/2026-27/000008:no_donor_details'],
  'the worklist names each row the portal would reject, and why');
select is((select count(*)::int from public.form_10bd_rows('2025-26')), 1, 'another year has its own rows');
select tests.act_as_superuser();
select ok((select count(*) >= 2 from app.identity_reads where record_table = 'donors' and reader_id = (select admin from people)),
  'reading the identity numbers for the export is audited');
select ok((select section_code = '80G' from public.receipts where received_on = date '2025-12-01'),
  'a donation before 1 April 2026 is under section 80G');
select ok((select section_code = '354' from public.receipts where received_on = date '2026-05-10'),
  'and from 1 April 2026 under section 354 of the 2025 Act');

select tests.act_as((select member from people));
select throws_ok($$select public.form_10bd_csv('2026-27')$$, '42501', null, 'a member cannot export Form 10BD');

select tests.act_as_superuser();
select is((app.form_10bd_reminders_job() ->> 'reminded')::int, (select count(*)::int from public.users where type in ('admin', 'super_admin') and status = 'approved'),
  'the reminder reaches every administrator');
select is((select count(*)::int from ops.app_jobs where name like 'form_10bd_reminder_%'), 3, 'three reminders are scheduled: 1 April, 10 May, 25 May');

select * from finish();
rollback;
