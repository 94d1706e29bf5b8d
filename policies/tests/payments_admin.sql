-- Issue 17, payments: admins record offline payments and verify others' (verifier and time),
-- payers cannot verify their own, and a completed payment for a member enters the ledger once.
begin;
select plan(11);
select tests.seed();

create temporary table t17 (name text primary key, value uuid);
grant all on t17 to authenticated;
insert into t17 select 'entry', id from public.member_directory where user_id = tests.actor('user');
create function pg_temp.id(name text) returns uuid language sql as $$ select value from t17 where t17.name = id.name $$;

-- A payer records their own payment: pending, unverified, whatever they send.
select tests.act_as(tests.actor('user'));
with p as (insert into public.payments (payment_type, amount, status, verified_by, member_id)
           values ('donation', 1000, 'completed', tests.actor('user'), pg_temp.id('entry')) returning id, status, verified_by)
insert into t17 select 'own', id from p;
select tests.act_as_superuser();
select row_eq(format($$select status, verified_by from public.payments where id = %L$$, pg_temp.id('own')),
  row('pending'::text, null::uuid), 'a payer''s own payment starts pending and unverified');
select is((select count(*)::int from public.financial_ledger where payment_id = pg_temp.id('own')), 0,
  'a pending payment is not in the ledger');
select tests.act_as(tests.actor('user'));
update public.payments set status = 'completed' where id = pg_temp.id('own');
select tests.act_as_superuser();
select is((select status from public.payments where id = pg_temp.id('own')), 'pending', 'a payer cannot verify their own payment');

-- An admin verifies it: verifier and time, and one ledger credit.
select tests.act_as(tests.actor('admin'));
update public.payments set status = 'completed' where id = pg_temp.id('own');
select tests.act_as_superuser();
select row_eq(format($$select verified_by, verified_at is not null from public.payments where id = %L$$, pg_temp.id('own')),
  row(tests.actor('admin'), true), 'verifying records the verifier and the time');
select row_eq(format($$select member_id, credit, debit, created_by from public.financial_ledger where payment_id = %L$$, pg_temp.id('own')),
  row(pg_temp.id('entry'), 1000.00::numeric(12, 2), 0::numeric(12, 2), tests.actor('admin')),
  'the member''s ledger has the payment as a credit');
select tests.act_as(tests.actor('admin'));
update public.payments set status = 'pending' where id = pg_temp.id('own');
update public.payments set status = 'completed' where id = pg_temp.id('own');
update public.payments set status = 'refunded', refund_reason = 'Paid twice' where id = pg_temp.id('own'); -- a refund needs its reason (66_money_refunds.sql)
select tests.act_as_superuser();
select results_eq(format($$select credit, debit from public.financial_ledger where payment_id = %L order by credit desc$$, pg_temp.id('own')),
  $$values (1000.00::numeric(12, 2), 0::numeric(12, 2)), (0, 1000.00)$$,
  'verifying again adds nothing; a refund balances it with one debit');

-- An admin records an offline payment (cash) for a member: completed at once, in the ledger.
select tests.act_as(tests.actor('admin'));
with p as (insert into public.payments (payment_type, amount, status, payment_method, transaction_reference, payer_name,
                                        user_id, member_id, verified_by, verified_at)
           values ('membership', 5000, 'completed', 'cheque', 'CHQ 004512', 'Paper Member', null, pg_temp.id('entry'),
                   tests.actor('admin'), now()) returning id)
insert into t17 select 'offline', id from p;
select tests.act_as_superuser();
select row_eq(format($$select user_id, verified_by from public.payments where id = %L$$, pg_temp.id('offline')),
  row(null::uuid, tests.actor('admin')), 'an offline payment names no account and its recorder as verifier');
select is((select reference from public.financial_ledger where payment_id = pg_temp.id('offline')), 'CHQ 004512',
  'its ledger entry carries the cheque number');

-- Others.
select tests.act_as(tests.actor('content_manager'));
select throws_ok($$insert into public.payments (payment_type, amount, status, user_id) values ('donation', 10, 'completed', null)$$,
  '42501', null, 'a content manager records no payment for others');
update public.payments set status = 'cancelled' where id = pg_temp.id('offline');
select tests.act_as_superuser();
select is((select status from public.payments where id = pg_temp.id('offline')), 'completed', 'nor verifies or cancels one');
select tests.act_as(tests.actor('user'));
select is((select count(*)::int from public.financial_ledger where payment_id = pg_temp.id('offline')), 1,
  'the member reads their ledger entry');

select * from finish();
rollback;
