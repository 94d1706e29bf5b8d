-- Bank statements (issue 36): the SBI, HDFC, Canara and generic layouts of
-- policies/tests/fixtures/statements read and matched to pending payments by UTR or our
-- reference and the amount; matches confirmed issue receipts; a file in an unknown layout or
-- with a malformed line is refused with the line and the reason and changes nothing; a UTR
-- used by another payment is refused.
\set sbi `cat policies/tests/fixtures/statements/sbi.csv`
\set hdfc `cat policies/tests/fixtures/statements/hdfc.csv`
\set canara `cat policies/tests/fixtures/statements/canara.csv`
\set generic `cat policies/tests/fixtures/statements/generic.csv`
begin;
select plan(31);

create temporary table people as select tests.create_user('member', 'approved', 'payer') as payer,
  tests.create_user('admin', 'approved', 'treasurer') as admin;
grant select on people to authenticated;
create temporary table files (layout text primary key, content text);
insert into files values ('sbi', :'sbi'), ('hdfc', :'hdfc'), ('canara', :'canara'), ('generic', :'generic');
grant select on files to authenticated;
create temporary table imported (layout text primary key, result jsonb);
grant all on imported to authenticated;

-- Pending payments as payers left them (UTR given or not), entered by an admin with their references.
select tests.act_as((select admin from people));
insert into public.payments (payment_type, amount, payment_method, status, purpose, user_id, reference, utr, payer_name) values
  ('donation', 2501, 'upi', 'pending', 'general', (select payer from people), 'HTA000000001', '612345678901', 'p1'),
  ('donation', 10000, 'bank_transfer', 'pending', 'corpus', (select payer from people), 'HTA000000002', 'N093260123456789', 'p2'),
  ('donation', 1001, 'upi', 'pending', 'general', (select payer from people), 'HTC0FFEE0001', null, 'p3'),
  ('donation', 5000, 'bank_transfer', 'pending', 'events', (select payer from people), 'HTC0FFEE0002', null, 'p4'),
  ('donation', 3001, 'upi', 'pending', 'general', (select payer from people), 'HTA000000005', '612311112222', 'p5'),
  ('donation', 2000, 'upi', 'pending', 'general', (select payer from people), 'HTA000000006', '612355556666', 'p6'),
  ('membership', 5000, 'upi', 'pending', null, (select payer from people), 'HTC0FFEE0003', null, 'p7'),
  ('donation', 700, 'upi', 'pending', 'general', (select payer from people), 'HTA000000008', '612377778888', 'p8');
create function pg_temp.pay(label text) returns public.payments language sql as $$
  select * from public.payments where payer_name = label $$;
grant execute on all functions in schema pg_temp to authenticated;

insert into imported select f.layout, public.import_bank_statement(f.layout || '.csv', f.content) from files f;
select is((select array_agg(result ->> 'layout' order by layout) from imported), array['canara', 'generic', 'hdfc', 'sbi'],
  'each fixture is read in its own layout');
select is((select result ->> 'credit_lines' from imported where layout = 'sbi'), '4', 'SBI: four credits (the debit skipped)');
select is((select result ->> 'matched_lines' from imported where layout = 'sbi'), '2', 'SBI: the UPI UTR and the NEFT UTR match');
select is((select result ->> 'credit_lines' from imported where layout = 'hdfc'), '3', 'HDFC: three credits');
select is((select result ->> 'matched_lines' from imported where layout = 'hdfc'), '2', 'HDFC: two match by our reference');
select is((select result ->> 'credit_lines' from imported where layout = 'canara'), '2', 'Canara: two credits');
select is((select result ->> 'matched_lines' from imported where layout = 'canara'), '1', 'Canara: the UPI credit matches');
select is((select result ->> 'credit_lines' from imported where layout = 'generic'), '3', 'generic: three credits, paise included');
select is((select result ->> 'matched_lines' from imported where layout = 'generic'), '2', 'generic: two match');
select is((select amount from public.bank_statement_lines where narration = 'Interest credit'), 12.40, 'paise where the statement has them');
select is((select payment_id from public.bank_statement_lines where utr = '612377778888'), null::uuid,
  'a UTR with another amount does not match');
select is((select status from public.bank_statement_lines where utr = '612377778888'), 'unmatched', 'and is listed unmatched');
select is((select txn_date from public.bank_statement_lines where utr = '612311112222'), date '2026-04-10',
  'Canara''s date with its time');
select is((select array_agg(p.payer_name order by p.payer_name) from public.bank_statement_lines l join public.payments p on p.id = l.payment_id),
  array['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'], 'every expected payment matched its line');
select is((select count(*)::int from public.payments where status = 'pending'), 8, 'importing verifies nothing by itself');

-- One click confirms a statement's matches.
select is(public.confirm_statement_matches((select (result ->> 'statement_id')::uuid from imported where layout = 'sbi')), 2,
  'confirming SBI completes its two payments');
select ok((select status = 'completed' and received_on = date '2026-04-01' and statement_line_id is not null from pg_temp.pay('p1')),
  'a confirmed payment is completed on the statement''s date');
select is((select count(*)::int from public.receipts r where r.payment_id in ((pg_temp.pay('p1')).id, (pg_temp.pay('p2')).id)), 2,
  'and has its receipt');
select is((select fy from public.receipts where payment_id = (pg_temp.pay('p1')).id), '2026-27', 'in the year of the statement''s date');
select is(public.confirm_statement_matches((select (result ->> 'statement_id')::uuid from imported where layout = 'hdfc'),
  array[(select id from public.bank_statement_lines where payment_id = (pg_temp.pay('p3')).id)]), 1, 'or only the lines chosen');
select is((pg_temp.pay('p4')).status, 'pending', 'the other line waits');
select is((select count(*)::int from public.money_audit where action = 'match_confirmed'), 3, 'each confirmation is in the audit');

-- The same statement again: what was recorded is not matched twice.
select is((public.import_bank_statement('sbi-again.csv', (select content from files where layout = 'sbi')) ->> 'matched_lines'), '0',
  'a statement imported twice matches nothing again');
select is((select count(*)::int from public.bank_statement_lines where status = 'already_recorded' and utr = '612345678901'), 1,
  'its recorded line says so');

-- Refusals: unknown layout, malformed lines, a UTR already used. Nothing is kept.
create temporary table before as select count(*) as statements from public.bank_statements;
grant select on before to authenticated;
select throws_ok($$select public.import_bank_statement('x.csv', E'Posting date;Details;Amount\n01/04/2026;Gift;100')$$,
  '22023', 'Unknown statement layout', 'an unknown layout is refused');
select throws_ok($$select public.import_bank_statement('x.csv', E'date,narration,credit,reference\n2026-04-15,Gift,100,R1\n31/31/2026,Gift,100,R2')$$,
  '22023', 'Line 3: the date "31/31/2026" is not a date', 'a bad date is refused with its line');
select throws_ok($$select public.import_bank_statement('x.csv', E'date,narration,credit,reference\n2026-04-15,Gift,12a,R1')$$,
  '22023', 'Line 2: the credit "12a" is not an amount', 'a bad amount is refused with its line');
select throws_ok($$select public.import_bank_statement('x.csv', E'date,narration,credit,reference\n2026-04-15,Gift,100')$$,
  '22023', 'Line 2: 3 fields, the header has 4', 'a short line is refused with its line');
select is((select count(*) from public.bank_statements), (select statements from before), 'a refused file leaves nothing behind');
insert into public.payments (payment_type, amount, payment_method, status, purpose, user_id, reference, utr, payer_name) values
  ('donation', 777, 'upi', 'pending', 'general', (select payer from people), 'HTC0FFEE0009', null, 'p9'),
  ('donation', 100, 'upi', 'completed', 'general', (select payer from people), 'HTA000000010', '612399990000', 'p10');
insert into imported values ('dup', public.import_bank_statement('dup.csv',
  E'date,narration,credit,reference\n2026-04-20,UPI HTC0FFEE0009,777,612399990000'));
select throws_ok(format($$select public.confirm_statement_matches(%L)$$, (select result ->> 'statement_id' from imported where layout = 'dup')),
  '23505', 'This UTR is already recorded for another payment', 'a UTR already used by another payment is refused');
select is((pg_temp.pay('p9')).status, 'pending', 'and the payment stays pending');

select * from finish();
rollback;
