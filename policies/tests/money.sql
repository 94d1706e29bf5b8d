-- Money (issue 36): a donation by UPI from start to receipt, who may read and write each new
-- table and function, receipts' numbering and eligibility, the donor vault, statements.
begin;
select plan(69);

create temporary table people as select
  tests.create_user('member', 'approved', 'donor') as donor, tests.create_user('member', 'approved', 'other') as other,
  tests.create_user('admin', 'approved', 'treasurer') as admin, tests.create_user('content_manager', 'approved', 'editor') as editor;
grant select on people to authenticated, anon;
create function pg_temp.p(who text) returns uuid language sql as $$
  select case who when 'donor' then donor when 'other' then other when 'admin' then admin else editor end from people
$$;
grant execute on all functions in schema pg_temp to authenticated, anon;

update public.trust_finance set trust_name = 'Havyaka Trust Mumbai', address = '12 Temple Road, Matunga, Mumbai 400019',
  pan = 'AAATH1234K', urn_80g = 'AAATH1234KF20214', urn_80g_issued_on = date '2021-05-28',
  urn_80g_valid_from = date '2021-04-01', urn_80g_valid_until = date '2031-03-31',
  upi_id = 'havyakatrust@sbi', upi_payee_name = 'Havyaka Trust', ifsc = 'SBIN0001234', bank_account_number = '12345678901';

-- The trust's details are public; only admins change them.
select tests.act_as_anon();
select is((select upi_id from public.trust_finance), 'havyakatrust@sbi', 'a visitor reads the trust''s UPI ID');
select is((select count(*)::int from public.donation_purposes), 4, 'a visitor reads the four purposes');
select tests.act_as(pg_temp.p('donor'));
select tests.changes_rows($$update public.trust_finance set upi_id = 'thief@upi'$$, 0, 'a member cannot change the UPI ID');
select throws_ok($$insert into public.donation_purposes (code, label, donation_type) values ('mine', 'Mine', 'others')$$,
  '42501', null, 'a member cannot add a purpose');
select tests.act_as(pg_temp.p('editor'));
select tests.changes_rows($$update public.trust_finance set upi_id = 'thief@upi'$$, 0, 'a content manager cannot change the UPI ID');
select tests.act_as(pg_temp.p('admin'));
select tests.changes_rows($$update public.trust_finance set signatory = 'Treasurer'$$, 1, 'an admin edits the trust''s details');
select throws_ok($$update public.trust_finance set ifsc = 'SBI1234'$$, '23514', null, 'an IFSC is checked');
select throws_ok($$update public.trust_finance set upi_id = 'no at sign'$$, '23514', null, 'a UPI ID is checked');
select throws_ok($$update public.trust_finance set updated_at = now() - interval '1 year'$$, '42501', null,
  'nobody chooses the updated time');

-- Donor details: saved once, the number in the vault, masked in the row.
select tests.act_as(pg_temp.p('donor'));
select throws_ok($$select public.save_donor('Ravi Bhat', '12 Temple Road', 'pan', 'ABCDE12345')$$, '23514', 'PAN format is invalid',
  'a malformed PAN is refused');
select is((public.save_donor('Ravi Bhat', '4 Hill View, Matunga', 'pan', 'abcde1234f', 'Mumbai', 'Maharashtra', '400019')).id_masked,
  'XXXXXX234F', 'the saved PAN comes back masked');
select is((select id_masked from public.donors where user_id = auth.uid()), 'XXXXXX234F', 'the row keeps only the mask');
select is((public.save_donor('Ravi S Bhat', '4 Hill View, Matunga', 'pan', 'XXXXXX234F', 'Mumbai', 'Maharashtra', '400019')).name,
  'Ravi S Bhat', 'saving again with the mask keeps the number');
select is((select count(*)::int from public.donors), 1, 'a member saves one donor row: theirs');
select throws_ok($$insert into public.donors (name, address, id_code, id_masked) values ('X', 'Y', 'pan', 'Z')$$, '42501', null,
  'nobody writes donors directly');
select throws_ok($$update public.donors set id_masked = 'ABCDE1234F'$$, '42501', null, 'nobody updates donors directly');
create temporary table donor_row as select id from public.donors;
grant select on donor_row to authenticated;
select tests.act_as(pg_temp.p('other'));
select is((select count(*)::int from public.donors), 0, 'another member sees no donor');
select throws_ok(format($$select public.save_donor('Me', 'Here', 'pan', 'ABCDE1234F', donor_id => %L)$$, (select id from donor_row)),
  'PT404', null, 'nobody saves over another''s donor');
select tests.act_as_superuser();
select is((select pan from app.identity_numbers where record_table = 'donors'), 'ABCDE1234F', 'the vault holds the full PAN');

-- Starting a UPI donation.
select tests.act_as(pg_temp.p('donor'));
select throws_ok($$select public.start_payment('donation', 100.5, 'corpus')$$, '23514', null, 'a donation is whole rupees');
select throws_ok($$select public.start_payment('donation', 0, 'corpus')$$, '23514', null, 'a donation is positive');
select throws_ok($$select public.start_payment('donation', 500, 'casino')$$, '23514', null, 'a purpose from the list');
create temporary table started as select * from public.start_payment('donation', 2501, 'educational_aid');
select ok((select reference ~ '^HT[0-9A-F]{10}$' and status = 'pending' and donor_id is not null from started),
  'a started donation is pending, with our reference and the donor');
select is((select amount from public.start_payment('membership', member_type => 'life')), 5000::numeric,
  'a membership fee is the fee of the type, whatever the caller sends');
select throws_ok($$select public.start_payment('membership', member_type => 'platinum')$$, '23514', null,
  'a type without a fee is refused');
select throws_ok($$select public.start_payment('event', 10)$$, '23514', null, 'only donations and membership fees');
select tests.act_as_anon();
select throws_ok($$select public.start_payment('donation', 100, 'general')$$, '42501', null, 'a visitor cannot start a payment');

-- A payer's own inserts: the reference, the date received and the statement line are ours.
select tests.act_as(pg_temp.p('donor'));
insert into public.payments (payment_type, amount, payment_method, reference, received_on, status, purpose)
values ('donation', 100, 'upi', 'HTAAAAAAAAAA', date '2020-01-01', 'completed', 'general');
select ok((select reference <> 'HTAAAAAAAAAA' and received_on is null and status = 'pending' from public.payments
            where amount = 100 and user_id = auth.uid()), 'a payer''s insert gets our reference, no date and pending');
select throws_ok($$insert into public.payments (payment_type, amount, payment_method, purpose) values ('donation', 10.5, 'upi', 'general')$$,
  '23514', null, 'a payer''s donation is whole rupees');
select throws_ok(format($$insert into public.payments (payment_type, amount, payment_method, donor_id) values ('donation', 10, 'upi', %L)$$,
  gen_random_uuid()), '42501', null, 'a payment names the payer''s own donor only');
select throws_ok($$insert into public.payments (payment_type, amount, payment_method, proof_path) values ('donation', 10, 'upi', 'someone/else.png')$$,
  '42501', null, 'a proof lies in the payer''s own folder');

-- The UTR.
select throws_ok(format($$select public.submit_payment_proof(%L)$$, (select id from started)), '23514', null, 'a UTR or a screenshot');
select is((select utr from public.submit_payment_proof((select id from started), ' 6123 4567 8901 ')), '612345678901',
  'the UTR is kept in one spelling');
select tests.act_as(pg_temp.p('other'));
select throws_ok(format($$select public.submit_payment_proof(%L, '999999999999')$$, (select id from started)), 'PT404', null,
  'nobody gives the UTR of another''s payment');
create temporary table others as select * from public.start_payment('donation', 300, 'general');
select throws_ok(format($$select public.submit_payment_proof(%L, '612345678901')$$, (select id from others)), '23505',
  'This UTR is already recorded for another payment', 'a UTR already used by another payment is refused');
select is((select count(*)::int from public.payments), 1, 'a member reads only their own payments');
select tests.changes_rows(format($$update public.payments set status = 'completed' where id = %L$$, (select id from others)), 0,
  'a member cannot verify their own payment');

-- An admin verifies: the receipt is issued in the same transaction.
select tests.act_as(pg_temp.p('admin'));
update public.payments set status = 'completed' where id = (select id from started);
select is((select count(*)::int from public.receipts where payment_id = (select id from started)), 1, 'verification issues a receipt');
select matches((select receipt_no from public.receipts where payment_id = (select id from started)), '^HT/[0-9]{4}-[0-9]{2}/000001$',
  'the first receipt of the year is HT/<fy>/000001');
select ok((select eligible and section_code is not null and declaration_en like '%deduction%' and declaration_kn like '%ಕಡಿತ%'
             and donor_id_masked = 'XXXXXX234F' and donor_name = 'Ravi S Bhat'
             and amount_words_en = 'Rupees Two Thousand Five Hundred One Only'
             and amount_words_kn = 'ಎರಡು ಸಾವಿರದ ಐನೂರ ಒಂದು ರೂಪಾಯಿಗಳು ಮಾತ್ರ'
             and trust_pan = 'AAATH1234K' and urn_80g = 'AAATH1234KF20214' and purpose_label = 'Educational aid'
             from public.receipt_documents where payment_id = (select id from started)),
  'the receipt document has every 80G field, the amount in words in English and Kannada');
update public.payments set status = 'completed' where id = (select id from started);
update public.payments set status = 'pending' where id = (select id from started);
update public.payments set status = 'completed' where id = (select id from started);
select is((select count(*)::int from public.receipts where payment_id = (select id from started)), 1,
  'never two receipts for one payment');
select is((select count(*)::int from public.money_audit where payment_id = (select id from started) and action = 'receipt_issued'), 1,
  'the audit records the receipt once');
select ok((select count(*) >= 4 from public.money_audit where payment_id = (select id from started)),
  'every change of the payment is in the audit');

-- Cash over ₹2,000 and gifts in kind never carry the declaration; cash up to ₹2,000 does.
insert into public.payments (payment_type, amount, payment_method, status, purpose, payer_name)
values ('donation', 2001, 'cash', 'completed', 'general', 'Walk-in A'), ('donation', 2000, 'cash', 'completed', 'general', 'Walk-in B'),
       ('donation', 15000, 'kind', 'completed', 'events', 'Walk-in C'), ('membership', 5000, 'cheque', 'completed', null, 'Walk-in D');
select is((select array_agg(ineligible_reason order by amount) from public.receipt_documents where donor_name like 'Walk-in%'),
  array[null, 'cash_over_limit', 'not_a_donation', 'in_kind'], 'eligibility by mode and type');
select is((select count(*)::int from public.receipt_documents
            where not eligible and (declaration_en is not null or declaration_kn is not null or section_code is not null)), 0,
  'an ineligible receipt never carries the 80G declaration');
select is((select count(*)::int from public.receipts r where r.fy = (select fy from public.receipts limit 1)),
  (select max(serial) from public.receipts r where r.fy = (select fy from public.receipts limit 1)),
  'serials are gapless');

-- Cancelling keeps the number.
select throws_ok(format($$select public.cancel_receipt(%L, '')$$, (select id from public.receipts where amount = 2001)), '23514', null,
  'a cancellation has a reason');
select is((public.cancel_receipt((select id from public.receipts where amount = 2001), 'Entered twice')).status, 'cancelled',
  'an admin cancels a receipt');
select is((select count(*)::int from public.receipts where amount = 2001 and receipt_no like 'HT/%'), 1, 'a cancelled receipt keeps its number');
select throws_ok($$delete from public.receipts$$, '42501', null, 'nobody deletes receipts');
select throws_ok($$update public.receipts set amount = 1$$, '42501', null, 'nobody edits receipts');
select throws_ok($$insert into public.receipts (payment_id, fy, serial, receipt_no, issued_on, received_on, trust_name, trust_address,
  donor_name, amount, payment_type, mode, eligible) select id, '2026-27', 999, 'X', now(), now(), 'T', 'A', 'D', 1, 'donation', 'upi', true
  from public.payments limit 1$$, '42501', null, 'nobody inserts receipts');
select throws_ok($$insert into app.receipt_counters values ('2030-31', 1)$$, '42501', null, 'nobody touches the counters');

-- Who reads receipts.
select tests.act_as(pg_temp.p('donor'));
select is((select count(*)::int from public.receipts), 1, 'a donor reads only their own receipts');
select is((select count(*)::int from public.receipt_documents), 1, 'and only their own receipt documents');
select is((select total from public.donor_year_statements), 2501::numeric, 'the donor''s year statement totals their receipts');
select throws_ok(format($$select public.cancel_receipt(%L, 'mine')$$, (select id from public.receipts)), '42501', null,
  'a donor cannot cancel a receipt');
select is((select count(*)::int from public.money_audit), 0, 'a donor does not read the audit');
select tests.act_as(pg_temp.p('other'));
select is((select count(*)::int from public.receipts), 0, 'another member reads no receipt of others');
select tests.act_as(pg_temp.p('editor'));
select is((select count(*)::int from public.receipts), 0, 'a content manager reads no receipts');
select throws_ok($$select public.finance_overview()$$, '42501', null, 'a content manager has no finance overview');
select throws_ok($$select public.form_10bd_rows('2026-27')$$, '42501', null, 'nor Form 10BD');
select throws_ok($$select public.import_bank_statement('x.csv', 'date,narration,credit,reference')$$, '42501', null,
  'nor imports statements');

-- The finance overview.
select tests.act_as(pg_temp.p('admin'));
select is((public.finance_overview() ->> 'pending')::int, (select count(*)::int from public.payments where status = 'pending'),
  'the overview counts pending verifications');
select is((public.finance_overview() ->> 'receipts_issued')::int, 4, 'and receipts issued this year (not the cancelled one)');
select is((public.finance_overview() ->> 'month_total')::numeric, 2501 + 2001 + 2000 + 15000 + 5000::numeric,
  'and what was received this month');

-- Form 10BE rows are read by their donor only; the bucket for receipts has no payer upload.
select tests.act_as(pg_temp.p('donor'));
select throws_ok($$insert into storage.objects (bucket_id, name) values ('receipts', auth.uid()::text || '/fake.pdf')$$, '42501', null,
  'a payer cannot put a receipt in the receipts bucket');
select lives_ok($$insert into storage.objects (bucket_id, name) values ('payment-proofs', auth.uid()::text || '/utr.png')$$,
  'a payer uploads a screenshot into their folder');
select throws_ok(format($$insert into storage.objects (bucket_id, name) values ('payment-proofs', '%s/utr.png')$$, pg_temp.p('other')),
  '42501', null, 'but not into another''s');

select * from finish();
rollback;
