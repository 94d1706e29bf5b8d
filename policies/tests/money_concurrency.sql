-- Receipt numbering under concurrency (issue 36): 50 verifications on 50 connections at
-- once, and 10 more that roll back, draw serials 1..50 of their financial year with no gap
-- and no duplicate. The connections (dblink) commit for real, so the payments live in a
-- financial year no other test uses (2099-00) and are removed at the end.
begin;
select plan(5);
create extension if not exists dblink schema extensions;

create temporary table link as
select format('host=%s port=%s dbname=%s user=%s', split_part(current_setting('unix_socket_directories'), ',', 1),
              current_setting('port'), current_database(), current_user) as conninfo,
       'concurrency-' || left(gen_random_uuid()::text, 8) as tag;

do $do$
declare
  info text := (select conninfo from link);
  tag text := (select tag from link);
begin
  perform extensions.dblink_connect('setup', info);
  perform extensions.dblink_exec('setup', format(
    $$insert into public.payments (payment_type, amount, payment_method, status, purpose, payer_name, received_on)
      select 'donation', 1000 + g, 'upi', 'pending', 'general', %L || '-' || g, date '2099-04-15' from generate_series(1, 60) g$$, tag));
  -- 60 connections, each verifying one payment at once; the last ten roll back.
  for g in 1 .. 60 loop
    perform extensions.dblink_connect('v' || g, info);
  end loop;
  for g in 1 .. 60 loop
    perform extensions.dblink_send_query('v' || g, format(
      case when g <= 50 then $$update public.payments set status = 'completed' where payer_name = %L$$
           else $$begin; update public.payments set status = 'completed' where payer_name = %L; select pg_sleep(0.02); rollback$$ end,
      tag || '-' || g));
  end loop;
  for g in 1 .. 60 loop
    perform * from extensions.dblink_get_result('v' || g, false) as r(status text);
    perform extensions.dblink_disconnect('v' || g);
  end loop;
end
$do$;

select is((select count(*)::int from public.receipts r join public.payments p on p.id = r.payment_id
            where p.payer_name like (select tag from link) || '-%'), 50, '50 verifications issue 50 receipts');
select is((select array_agg(serial order by serial) from public.receipts where fy = '2099-00'),
  (select array_agg(g) from generate_series(1, 50) g), 'their serials are 1..50: no gap, no duplicate');
select is((select count(distinct receipt_no)::int from public.receipts where fy = '2099-00'), 50, 'fifty distinct receipt numbers');
select is((select last from app.receipt_counters where fy = '2099-00'), 50, 'the rolled-back verifications returned their numbers');
select is((select count(*)::int from public.payments where payer_name like (select tag from link) || '-%' and status = 'pending'), 10,
  'and their payments stay pending');

do $do$
begin
  perform extensions.dblink_exec('setup', format($$
    delete from public.money_audit where payment_id in (select id from public.payments where payer_name like %1$L || '-%%');
    delete from public.receipts where fy = '2099-00';
    delete from app.receipt_counters where fy = '2099-00';
    delete from public.payments where payer_name like %1$L || '-%%'$$, (select tag from link)));
  perform extensions.dblink_disconnect('setup');
end
$do$;

select * from finish();
rollback;
