-- A verified payment for a member enters that member's financial ledger (issue 17: payments
-- and the ledger kept together). When a payment with a member becomes completed, a credit
-- entry is written, once per payment; when a completed payment is refunded, a debit entry
-- balances it. The entries name the payment they come from.

alter table public.financial_ledger add column payment_id uuid references public.payments (id) on delete set null;
create index financial_ledger_payment_id on public.financial_ledger (payment_id);
comment on column public.financial_ledger.payment_id is 'The payment this entry records, when it came from one.';

create function app.ledger_from_payment() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  what text := initcap(new.payment_type) || ' payment' || coalesce(' by ' || new.payment_method, '');
begin
  if new.member_id is null then
    return null;
  end if;
  if new.status = 'completed' and (tg_op = 'INSERT' or old.status is distinct from 'completed')
     and not exists (select from public.financial_ledger l where l.payment_id = new.id and l.credit > 0) then
    insert into public.financial_ledger (member_id, description, credit, reference, created_by, payment_id)
    values (new.member_id, left(what, 500), new.amount, left(new.transaction_reference, 100),
            case when exists (select from public.users u where u.id = auth.uid()) then auth.uid() end, new.id);
  elsif tg_op = 'UPDATE' and new.status = 'refunded' and old.status = 'completed'
     and not exists (select from public.financial_ledger l where l.payment_id = new.id and l.debit > 0) then
    insert into public.financial_ledger (member_id, description, debit, reference, created_by, payment_id)
    values (new.member_id, left('Refund of ' || lower(what), 500), new.amount, left(new.transaction_reference, 100),
            case when exists (select from public.users u where u.id = auth.uid()) then auth.uid() end, new.id);
  end if;
  return null;
end
$$;
revoke execute on function app.ledger_from_payment() from public;
create trigger payments_ledger after insert or update of status on public.payments
  for each row execute function app.ledger_from_payment();
