-- Money (issue 36, the remaining parts): refunds (the transition, who may, the receipt, the
-- payer told in their language, the overview net of refunds), Form 10BE files (matched by the
-- name's PAN, Aadhaar or ARN, else by hand; who reads and writes the rows and the files), year
-- statements (who asks, who reads, rendered again when a receipt changes) and donor details
-- staff enter for a member's account (functions/66_money_refunds.sql, 66_money_form_10be.sql,
-- 67_year_statement_pdfs.sql, 66_money_paying.sql; policies/66_money.sql).
begin;
select plan(78);

create temporary table people as select
  tests.create_user('member', 'approved', 'donor') as donor, tests.create_user('member', 'approved', 'other') as other,
  tests.create_user('admin', 'approved', 'treasurer') as admin, tests.create_user('event_manager', 'approved', 'events') as staff,
  tests.create_user('member', 'approved', 'walker') as member2;
grant select on people to authenticated, anon;
create function pg_temp.p(who text) returns uuid language sql as $$
  select case who when 'donor' then donor when 'other' then other when 'admin' then admin when 'member2' then member2
                  else staff end from people
$$;
grant execute on all functions in schema pg_temp to authenticated, anon;
create function pg_temp.fy() returns text language sql as $$ select app.fy_of(app.india_today()) $$;
grant execute on function pg_temp.fy() to authenticated;

update public.trust_finance set trust_name = 'Havyaka Trust Mumbai', address = '12 Temple Road, Matunga, Mumbai 400019',
  pan = 'AAATH1234K', urn_80g = 'AAATH1234KF20214', urn_80g_valid_from = date '2021-04-01', urn_80g_valid_until = date '2031-03-31';
update public.users set preferred_language = 'kn' where id = pg_temp.p('donor');

-- A donor pays 1,500 by UPI; an admin verifies it: a receipt.
select tests.act_as(pg_temp.p('donor'));
select public.save_donor('Ravi Bhat', '4 Hill View, Matunga', 'pan', 'ABCDE1234F', 'Mumbai', 'Maharashtra', '400019');
create temporary table paid as select (public.start_payment('donation', 1500, 'general')).id;
grant select on paid to authenticated;
select tests.act_as(pg_temp.p('admin'));
update public.payments set status = 'completed', utr = '612345678901' where id = (select id from paid);
select is((select count(*)::int from public.receipts where payment_id = (select id from paid) and status = 'issued'), 1,
  'the verified payment has its receipt');
select is(((public.finance_overview()) ->> 'year_total')::numeric, 1500::numeric, 'the overview counts it');

-- Refunds: who may, and the transition.
select tests.act_as(pg_temp.p('donor'));
select throws_ok($$select public.refund_payment((select id from paid), 'Paid twice')$$, '42501', null, 'the payer cannot refund');
select tests.changes_rows($$update public.payments set status = 'refunded', refund_reason = 'x' where id = (select id from paid)$$,
  0, 'nor set the status themselves');
select tests.act_as(pg_temp.p('staff'));
select throws_ok($$select public.refund_payment((select id from paid), 'Paid twice')$$, '42501', null, 'nor an event manager');
select tests.act_as(pg_temp.p('admin'));
select throws_ok($$select public.refund_payment((select id from paid), '  ')$$, '23514', null, 'a refund needs a reason');
select throws_ok($$update public.payments set status = 'refunded' where id = (select id from paid)$$, '23514', null,
  'also when written directly');
select throws_ok($$insert into public.payments (payment_type, amount, payment_method, status, payer_name)
                   values ('donation', 100, 'cash', 'refunded', 'X')$$, '23514', null, 'a payment is not recorded as refunded');
create temporary table pending_one as select (public.start_payment('donation', 700, 'general')).id;
select throws_ok($$select public.refund_payment((select id from pending_one), 'Never paid')$$, 'PT404', null,
  'a pending payment is not refunded');
select lives_ok($$select public.refund_payment((select id from paid), 'Paid twice by mistake')$$, 'an admin refunds it');
select is((select (status, refund_reason, refunded_at is not null, verified_by = pg_temp.p('admin'))::text
             from public.payments where id = (select id from paid)),
  '(refunded,"Paid twice by mistake",t,t)', 'the payment is refunded, with its reason and time');
select is((select (status, cancel_reason, pdf_path is null)::text from public.receipts where payment_id = (select id from paid)),
  '(cancelled,"Refunded: Paid twice by mistake",t)', 'its receipt is cancelled, to be rendered again marked so');
select matches((select receipt_no from public.receipts where payment_id = (select id from paid)), '^HT/[0-9]{4}-[0-9]{2}/[0-9]{6}$',
  'and keeps its number');
select is((select array_agg(action order by id)::text from public.money_audit
            where payment_id = (select id from paid) and action in ('payment_refunded', 'receipt_cancelled')),
  '{payment_refunded,receipt_cancelled}', 'the audit has the refund and the cancellation');
select throws_ok($$select public.refund_payment((select id from paid), 'Again')$$, 'PT404', null, 'a refund happens once');
select throws_ok($$update public.payments set status = 'completed' where id = (select id from paid)$$, '23514', null,
  'a refund is final');
update public.payments set refund_reason = 'Something else' where id = (select id from paid);
select is((select refund_reason from public.payments where id = (select id from paid)), 'Paid twice by mistake',
  'and its reason stays');
select is(((public.finance_overview()) ->> 'year_total')::numeric, 0::numeric, 'the overview''s totals are net of the refund');
select is(((public.finance_overview()) ->> 'year_refunded')::numeric, 1500::numeric, 'and show it apart');
select is((select total from public.donor_year_statements where user_id = pg_temp.p('donor')), 0::numeric,
  'the donor''s year no longer counts it');
select tests.act_as_superuser();
select is((select title from public.notifications where user_id = pg_temp.p('donor') and data ->> 'payment_id' = (select id::text from paid)),
  'ಪಾವತಿ ಹಿಂತಿರುಗಿಸಲಾಗಿದೆ: ₹1,500', 'the payer is told in their language');
select is((select count(*)::int from auth.mail_outbox where kind = 'money_payment_refunded'
             and recipient = (select email from public.users where id = pg_temp.p('donor'))
             and subject = 'ಪಾವತಿ ಹಿಂತಿರುಗಿಸಲಾಗಿದೆ: ₹1,500' and body_text like '%Paid twice by mistake%'), 1,
  'and mailed in it, with the reason');
select is((select link from auth.mail_outbox where kind = 'money_payment_refunded'
             and recipient = (select email from public.users where id = pg_temp.p('donor'))), '/account/payments',
  'the mail links to the payer''s payments page');

-- Donor details staff enter for a member's account, and the donor picker.
select tests.act_as(pg_temp.p('other'));
select throws_ok($$select public.save_donor('Someone', 'Somewhere road 1', 'pan', 'PQRSX1234Z', for_user => pg_temp.p('member2'))$$,
  '42501', null, 'a member cannot save details for another account');
select throws_ok($$select * from public.donor_matches('Ravi')$$, '42501', null, 'nor search the donors');
select tests.act_as(pg_temp.p('admin'));
select is((public.save_donor('Shankar Hegde', '9 Station Road, Sirsi', 'pan', 'PQRSX1234Z', 'Sirsi', 'Karnataka', '581401',
            for_user => pg_temp.p('member2'))).user_id, pg_temp.p('member2'), 'an admin saves a member''s donor details on their account');
select is((public.save_donor('Shankar G Hegde', '9 Station Road, Sirsi', 'pan', 'XXXXXX234Z', 'Sirsi', 'Karnataka', '581401',
            for_user => pg_temp.p('member2'))).name, 'Shankar G Hegde', 'saving again edits that row');
select is((select count(*)::int from public.donors where user_id = pg_temp.p('member2')), 1, 'one row for the account');
create temporary table walk_in as select (public.save_donor('Ganesh Joshi', '3 Market Lane, Dadar', 'aadhaar', '234567890123',
  'Mumbai', 'Maharashtra', '400014', 'ganesh@example.org')).id;
grant select on walk_in to authenticated;
select is((select user_id from public.donors where id = (select id from walk_in)), null, 'a walk-in donor has no account');
select is((select name from public.donor_matches('ravi') limit 1), 'Ravi Bhat', 'the picker finds a donor by part of the name');
select is((select name from public.donor_matches('ಗಣೇಶ ಜೋಶಿ') limit 1), 'Ganesh Joshi', 'and in the other script');

-- Form 10BE: the file name's identifiers.
select is((app.form_10be_name_ids('aaath1234k_ABCDE1234F-2026-27.PDF')).pans, '{AAATH1234K,ABCDE1234F}',
  'PANs in any case and between any separators');
select is((app.form_10be_name_ids('10BE 234567890123.pdf')).aadhaars, '{234567890123}', 'an Aadhaar');
select is((app.form_10be_name_ids('Form10BE_123456789012345.pdf')).arns, '{123456789012345}', 'an acknowledgement number');
select is((app.form_10be_name_ids('XABCDE1234FX.pdf')).pans, '{}', 'not a PAN inside a longer word');

-- Uploading: the files go under 10be/ of the receipts bucket, by admins only.
select tests.act_as(pg_temp.p('donor'));
select throws_ok($$insert into storage.objects (bucket_id, name, owner_id, version) values ('receipts', '10be/x/mine.pdf', auth.uid()::text, 'v1')$$,
  '42501', null, 'a member cannot upload a Form 10BE file');
select throws_ok($$select public.register_form_10be(pg_temp.fy(), 'ABCDE1234F.pdf', '10be/' || pg_temp.fy() || '/a.pdf')$$,
  '42501', null, 'nor register one');
select tests.act_as(pg_temp.p('admin'));
select throws_ok($$insert into storage.objects (bucket_id, name, owner_id, version) values ('receipts', auth.uid() || '/fake.pdf', auth.uid()::text, 'v1')$$,
  '42501', null, 'an admin writes no receipt file');
select tests.changes_rows(format($$insert into storage.objects (bucket_id, name, owner_id, version) values
  ('receipts', '10be/%1$s/a.pdf', auth.uid()::text, 'v1'), ('receipts', '10be/%1$s/b.pdf', auth.uid()::text, 'v2'),
  ('receipts', '10be/%1$s/c.pdf', auth.uid()::text, 'v3'), ('receipts', '10be/%1$s/d.pdf', auth.uid()::text, 'v4')$$, pg_temp.fy()),
  4, 'an admin uploads Form 10BE files under 10be/');
select throws_ok($$select public.register_form_10be(pg_temp.fy(), 'ABCDE1234F.pdf', '10be/' || pg_temp.fy() || '/missing.pdf')$$,
  '23514', null, 'a file is uploaded before it is registered');
select throws_ok($$select public.register_form_10be('2026-28', 'ABCDE1234F.pdf', '10be/2026-28/a.pdf')$$,
  '23514', null, 'the financial year is checked');

-- Matched by PAN (not the trust's own), by Aadhaar, or listed.
create temporary table f_pan as
  select * from public.register_form_10be(pg_temp.fy(), 'AAATH1234K_ABCDE1234F_10BE.pdf', '10be/' || pg_temp.fy() || '/a.pdf');
select is((select (user_id = pg_temp.p('donor'), matched_by, found_id)::text from f_pan), '(t,pan,XXXXXX234F)',
  'a file named with the donor''s PAN is theirs');
create temporary table f_aadhaar as
  select * from public.register_form_10be(pg_temp.fy(), 'Form10BE-234567890123.pdf', '10be/' || pg_temp.fy() || '/b.pdf', '987654321098765');
select is((select (donor_id = (select id from walk_in), user_id is null, matched_by, arn)::text from f_aadhaar),
  '(t,t,aadhaar,987654321098765)', 'a walk-in''s by Aadhaar, with the ARN given');
create temporary table f_none as
  select * from public.register_form_10be(pg_temp.fy(), 'certificate_555555555555555.pdf', '10be/' || pg_temp.fy() || '/c.pdf');
select is((select (donor_id is null, matched_by is null, found_id, arn)::text from f_none),
  '(t,t,555555555555555,555555555555555)', 'a name that matches nobody is listed, with what it carries');
select is((select count(*)::int from public.form_10be where donor_id is null), 1, 'the unmatched list');
select tests.act_as_superuser();
select is((select title from public.notifications where user_id = pg_temp.p('donor') and data ->> 'fy' = pg_temp.fy()
             and type = 'other' and title like '%10BE%'),
  pg_temp.fy() || ' ರ ಫಾರ್ಮ್ 10BE ಸಿದ್ಧವಾಗಿದೆ', 'the donor is told in their language');
select is((select count(*)::int from auth.mail_outbox where kind = 'money_form_10be_ready'), 2,
  'and mailed, as is the walk-in (their address)');
select is((select count(*)::int from auth.mail_outbox where kind = 'money_form_10be_ready' and recipient = 'ganesh@example.org'
             and subject = 'Form 10BE for ' || pg_temp.fy() || ' is ready'), 1, 'the walk-in in English');
select is((select string_agg(coalesce(link, '(none)'), ' ' order by recipient = 'ganesh@example.org')
             from auth.mail_outbox where kind = 'money_form_10be_ready'), '/account/payments (none)',
  'the member''s mail links to their payments page; the walk-in, with no account, gets no link');

-- Manual match and ARN match.
select tests.act_as(pg_temp.p('donor'));
select throws_ok($$select public.match_form_10be((select id from f_none), (select id from public.donors where user_id = auth.uid()))$$,
  '42501', null, 'a member matches no file');
select tests.act_as(pg_temp.p('admin'));
select is((public.match_form_10be((select id from f_none), (select id from public.donors where user_id = pg_temp.p('member2')))).matched_by,
  'manual', 'an admin matches it by hand');
select is((select user_id from public.form_10be where id = (select id from f_none)), pg_temp.p('member2'),
  'to the donor''s account');
select is((public.register_form_10be(pg_temp.fy(), 'revised-555555555555555.pdf', '10be/' || pg_temp.fy() || '/d.pdf')).matched_by,
  'arn', 'a revised file with a known ARN goes to the same donor');
select is((select count(*)::int from public.form_10be where user_id = pg_temp.p('member2')), 1,
  'replacing the older one (one per donor and year)');
select is((select file_path from public.form_10be where user_id = pg_temp.p('member2')), '10be/' || pg_temp.fy() || '/d.pdf',
  'the newer file');

-- Who reads the rows and the files.
select tests.act_as(pg_temp.p('donor'));
select is((select count(*)::int from public.form_10be), 1, 'the donor reads their own Form 10BE');
select is((select array_agg(name)::text from storage.objects where bucket_id = 'receipts' and name like '10be/%'),
  '{10be/' || pg_temp.fy() || '/a.pdf}', 'and its file, no other');
select throws_ok($$update public.form_10be set user_id = auth.uid()$$, '42501', null, 'nobody writes the rows directly');
select tests.changes_rows($$delete from storage.objects where bucket_id = 'receipts' and name like '10be/%'$$, 0,
  'nor removes the files');
select tests.act_as(pg_temp.p('other'));
select is((select count(*)::int from public.form_10be), 0, 'another member reads no Form 10BE');
select is((select count(*)::int from storage.objects where bucket_id = 'receipts' and name like '10be/%'), 0, 'nor files');
select tests.act_as(pg_temp.p('admin'));
select is((select count(*)::int from storage.objects where bucket_id = 'receipts' and name like '10be/%'), 4, 'an admin reads every file');
select lives_ok($$select public.remove_form_10be((select id from f_aadhaar))$$, 'and removes a wrong upload''s row');
select tests.changes_rows(format($$delete from storage.objects where bucket_id = 'receipts' and name = '10be/%s/b.pdf'$$, pg_temp.fy()), 1,
  'and its file');

-- Year statements.
select tests.act_as(pg_temp.p('admin'));
insert into public.payments (payment_type, amount, payment_method, status, purpose, payer_name, donor_id)
values ('donation', 5000, 'cash', 'completed', 'corpus', 'Ganesh Joshi', (select id from walk_in)),
       ('donation', 1000, 'cheque', 'completed', 'general', 'Ganesh Joshi', (select id from walk_in));
select tests.act_as(pg_temp.p('donor'));
create temporary table st as select * from public.request_year_statement(pg_temp.fy());
select is((select (user_id = auth.uid(), donor_id is null, pdf_path is null)::text from st), '(t,t,t)',
  'a donor asks for their year''s statement: it waits for the renderer');
select is((public.request_year_statement(pg_temp.fy())).id, (select id from st), 'asking again gives the same statement');
select throws_ok($$select public.request_year_statement(pg_temp.fy(), pg_temp.p('member2'))$$, '42501', null,
  'not someone else''s');
select throws_ok($$select public.request_year_statement(pg_temp.fy(), donor => (select id from walk_in))$$, '42501', null,
  'nor a walk-in''s');
select throws_ok($$select public.request_year_statement('2001-02')$$, 'PT404', null, 'a year without receipts has none');
select throws_ok($$insert into public.year_statements (fy, user_id) values ('2026-27', auth.uid())$$, '42501', null,
  'nobody writes statements directly');
select tests.act_as(pg_temp.p('admin'));
create temporary table st_walk as select * from public.request_year_statement(pg_temp.fy(), donor => (select id from walk_in));
select is((select (user_id is null, donor_id = (select id from walk_in))::text from st_walk), '(t,t)',
  'staff ask for a walk-in donor''s');
select tests.act_as(pg_temp.p('other'));
select is((select count(*)::int from public.year_statements), 0, 'another member reads no statement');
select tests.act_as(pg_temp.p('donor'));
select is((select count(*)::int from public.year_statements), 1, 'the donor reads theirs');
select tests.act_as_superuser();
select ok(not has_table_privilege('authenticated', 'app.year_statement_pdf_rows', 'select'), 'members cannot read the renderer''s view');
select is((select count(*)::int from ops.documents where name = 'year_statement_pdf' and template = 'statement.typ'
             and bucket = 'receipts' and target_table = 'public.year_statements'), 1, 'the statement PDF is declared');
select is((select (pdf_name, count, cancelled, total_figures, eligible_figures, not_eligible_figures, jsonb_array_length(receipts))::text
             from app.year_statement_pdf_rows where id = (select id from st_walk)),
  '(staff/statement-' || pg_temp.fy() || '-' || left((select id from walk_in)::text, 8) || '.pdf,2,0,"6,000","1,000","5,000",2)',
  'the walk-in''s: both receipts, the cash over ₹2,000 not eligible');
select is((select (pdf_name, count, cancelled, total_figures)::text from app.year_statement_pdf_rows where id = (select id from st)),
  '(' || pg_temp.p('donor') || '/statement-' || pg_temp.fy() || '.pdf,0,1,0)', 'the donor''s: the refunded receipt cancelled, nothing counted');
update public.year_statements set pdf_path = 'stored';
select tests.act_as(pg_temp.p('admin'));
insert into public.payments (payment_type, amount, payment_method, status, purpose, payer_name, donor_id)
values ('donation', 300, 'cash', 'completed', 'general', 'Ganesh Joshi', (select id from walk_in));
select tests.act_as_superuser();
select is((select array_agg(pdf_path is null order by user_id nulls first)::text from public.year_statements), '{t,f}',
  'a new receipt of the year renders the walk-in''s statement again, not the other');

select * from finish();
rollback;
