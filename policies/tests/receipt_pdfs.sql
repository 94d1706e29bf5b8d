-- Receipt PDFs (issue 36, functions/67_receipt_pdfs.sql): the renderer's view is for the
-- server alone; amounts in Indian figures; a cancelled receipt is rendered again; who reads a
-- stored receipt's file (its owner and admins) and who may write one (nobody through the API).
begin;
select plan(24);

create temporary table people as select
  tests.create_user('member', 'approved', 'donor') as donor, tests.create_user('member', 'approved', 'other') as other,
  tests.create_user('admin', 'approved', 'treasurer') as admin;
grant select on people to authenticated, anon, service_role;
create function pg_temp.p(who text) returns uuid language sql as $$
  select case who when 'donor' then donor when 'other' then other else admin end from people
$$;
grant execute on all functions in schema pg_temp to authenticated, anon, service_role;

-- Figures with Indian grouping.
select is(app.indian_figures(0), '0', '0');
select is(app.indian_figures(999), '999', 'three digits stay as they are');
select is(app.indian_figures(1000), '1,000', 'a thousand');
select is(app.indian_figures(100000), '1,00,000', 'a lakh');
select is(app.indian_figures(1234567), '12,34,567', 'lakhs in pairs');
select is(app.indian_figures(1234567890), '1,23,45,67,890', 'crores');
select is(app.indian_figures(2500.5), '2,500.50', 'paise when there are some');
select is(app.indian_figures(2000.00), '2,000', 'none when they are zero');

-- The renderer's view and the declaration.
select is((select count(*)::int from ops.documents where name = 'receipt_pdf' and source_view = 'app.receipt_pdf_rows'
           and target_table = 'public.receipts' and bucket = 'receipts' and template = 'receipt.typ'), 1,
  'the receipt PDF is declared for the server''s documents worker');
select ok(not has_table_privilege('authenticated', 'app.receipt_pdf_rows', 'select'), 'members cannot read the renderer''s view');
select ok(not has_table_privilege('anon', 'app.receipt_pdf_rows', 'select'), 'visitors cannot');
select ok(not has_table_privilege('service_role', 'app.receipt_pdf_rows', 'select'), 'nor the service role');

-- A donation verified: its row waits for the renderer with the object name and the mail.
update public.trust_finance set trust_name = 'Havyaka Trust Mumbai', address = '12 Temple Road, Matunga, Mumbai 400019',
  pan = 'AAATH1234K', urn_80g = 'AAATH1234KF20214', urn_80g_valid_from = date '2021-04-01', urn_80g_valid_until = date '2031-03-31';
select tests.act_as(pg_temp.p('donor'));
select public.save_donor('Ravi Bhat', '4 Hill View, Matunga', 'pan', 'ABCDE1234F', 'Mumbai', 'Maharashtra', '400019');
select public.start_payment('donation', 1234567, 'general');
select tests.act_as(pg_temp.p('admin'));
update public.payments set status = 'completed' where status = 'pending';
insert into public.payments (payment_type, amount, payment_method, status, purpose, payer_name)
values ('donation', 5000, 'cash', 'completed', 'general', 'Walk-in');
select tests.act_as_superuser();
select is((select pdf_name from app.receipt_pdf_rows where mode = 'upi'),
  pg_temp.p('donor')::text || '/' || replace((select receipt_no from public.receipts where mode = 'upi'), '/', '-') || '.pdf',
  'the PDF goes to the payer''s folder, named by the receipt number');
select is((select (amount_figures, mail_to is not null, declaration_en is not null, not_eligible_en is null)::text
             from app.receipt_pdf_rows where mode = 'upi'), '("12,34,567",t,t,t)',
  'the UPI donation: figures, a recipient, the declaration, no "not eligible" sentence');
select is((select (split_part(pdf_name, '/', 1) = pg_temp.p('admin')::text, mail_to is null, declaration_en is null,
                   not_eligible_en like 'Cash donations above%')::text
             from app.receipt_pdf_rows where mode = 'cash'), '(t,t,t,t)',
  'the cash walk-in: the folder of its receipt''s owner, no mail (not to the staff member), no declaration, why not');
select is((select not_eligible_kn from app.receipt_pdf_rows where mode = 'cash'),
  '₹2,000ಕ್ಕಿಂತ ಹೆಚ್ಚಿನ ನಗದು ದೇಣಿಗೆಗಳು ಸೆಕ್ಷನ್ 80G (ಆದಾಯ ತೆರಿಗೆ ಕಾಯ್ದೆ, 2025ರ ಸೆಕ್ಷನ್ 354) ಅಡಿಯಲ್ಲಿ ಕಡಿತಕ್ಕೆ ಅರ್ಹವಲ್ಲ.',
  'and in Kannada');

-- The renderer stores it (as the server does: the role that migrates).
insert into storage.objects (bucket_id, name, owner, owner_id, version)
select 'receipts', pdf_name, user_id, user_id::text, gen_random_uuid()::text from app.receipt_pdf_rows;
update public.receipts r set pdf_path = v.pdf_name from app.receipt_pdf_rows v where v.id = r.id;

-- Who reads the file.
select tests.act_as(pg_temp.p('donor'));
select is((select count(*)::int from storage.objects where bucket_id = 'receipts'), 1, 'the donor reads their own receipt''s file');
select is((select pdf_path from public.receipt_documents), (select name from storage.objects where bucket_id = 'receipts'),
  'and finds it from their receipt');
select throws_ok($$update public.receipts set pdf_path = 'x.pdf'$$, '42501', null, 'the donor cannot point a receipt elsewhere');
select tests.changes_rows($$delete from storage.objects where bucket_id = 'receipts'$$, 0, 'nor remove its file');
select tests.act_as(pg_temp.p('other'));
select is((select count(*)::int from storage.objects where bucket_id = 'receipts'), 0, 'another member reads no receipt file');
select tests.act_as(pg_temp.p('admin'));
select is((select count(*)::int from storage.objects where bucket_id = 'receipts'), 2, 'an admin reads every receipt file');

-- Cancelling clears the file's column: the renderer draws it again, marked, and mails nobody.
select public.cancel_receipt((select id from public.receipts where mode = 'cash'), 'Entered twice');
select tests.act_as_superuser();
select is((select pdf_path from public.receipts where mode = 'cash'), null, 'a cancelled receipt waits to be rendered again');
select is((select (status, mail_to)::text from app.receipt_pdf_rows where mode = 'cash'), '(cancelled,)',
  'as cancelled, without a mail');

select * from finish();
rollback;
