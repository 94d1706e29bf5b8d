-- Payments: what a payer may record, the verification admins do, and the member's ledger line
-- a completed payment writes.

-- A payment recorded by its payer starts pending and unverified; only admins change its
-- status or amount, and a status change records who verified it and when.
create or replace function app.guard_payment() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  admin boolean := app.is_admin() or app.is_trusted_code(tg_relid);
begin
  if tg_op = 'INSERT' then
    if not admin then
      new.status := 'pending';
      new.verified_by := null;
      new.verified_at := null;
    end if;
  else
    if not admin and (new.status, new.amount, new.currency, new.verified_by, new.verified_at, new.user_id)
                     is distinct from (old.status, old.amount, old.currency, old.verified_by, old.verified_at, old.user_id) then
      raise exception 'Access denied - insufficient permissions' using errcode = '42501',
        detail = 'a payment''s status and amount are changed by an administrator';
    end if;
    -- A refund keeps who verified the payment (the refund's actor is in the money audit).
    if new.status is distinct from old.status and new.status not in ('pending', 'refunded') then
      new.verified_by := coalesce(auth.uid(), new.verified_by);
      new.verified_at := now();
    end if;
  end if;
  return new;
end
$$;
grant execute on function app.guard_payment() to authenticated, service_role;

-- A verified payment for a member enters that member's financial ledger: when a payment with
-- a member becomes completed, a credit entry is written, once per payment; when a completed
-- payment is refunded, a debit entry balances it. The entries name the payment.
create or replace function app.ledger_from_payment() returns trigger
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

-- Triggers on public.payments.
create or replace trigger payments_updated_at before update on public.payments
  for each row execute function app.touch_updated_at();
create or replace trigger payments_guard before insert or update on public.payments
  for each row execute function app.guard_payment();
create or replace trigger payments_ledger after insert or update of status on public.payments
  for each row execute function app.ledger_from_payment();
