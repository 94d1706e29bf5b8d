-- Money: refunds. A verified (completed) payment is refunded whole by an administrator with a
-- reason (partial refunds are not supported): the status becomes `refunded` (final), the
-- member's ledger gets its debit (functions/65_payments.sql), the receipt is cancelled keeping
-- its number (and rendered again marked CANCELLED, functions/67_receipt_pdfs.sql), the money
-- audit records it, and the payer is told in their language (bell, push, mail). See
-- 66_money.sql for the domain's files.

-- A mail of a keyed notice (app.notice_texts) in the given language, queued in this transaction;
-- `link`, a path on the site, is delivered as SITE_URL joined with it (auth.mail_outbox.link).
create or replace function app.mail_notice(recipient text, language text, key text, vals jsonb, kind text,
  link text default null) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if nullif(btrim(recipient), '') is null then
    return;
  end if;
  insert into auth.mail_outbox (recipient, subject, body_text, kind, link)
  select btrim(recipient), n.title, n.message, kind, link from app.notice(key, coalesce(language, 'en'), vals) n;
end
$$;
revoke execute on function app.mail_notice(text, text, text, jsonb, text, text) from public;

-- Tells a payment's payer about it: their bell and push (an account), and a mail to the
-- address the payment names, else their account's (never a staff member's who recorded it).
create or replace function app.tell_payer(pay public.payments, key text, vals jsonb, url text) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  payer public.users;
begin
  select * into payer from public.users u where u.id = pay.user_id;
  if payer.id is not null then
    perform app.notify_notice(array[payer.id], 'other', key, vals, jsonb_build_object('payment_id', pay.id, 'path', url), url,
                              key || '-' || pay.id);
  end if;
  -- The link only for a payer with an account (the page is theirs once signed in).
  perform app.mail_notice(coalesce(nullif(btrim(pay.payer_email), ''),
                                   case when payer.type <> all (app.staff_types()) then payer.email end),
                          coalesce(payer.preferred_language, 'en'), key, vals, 'money_' || key,
                          case when payer.id is not null then url end);
end
$$;
revoke execute on function app.tell_payer(public.payments, text, jsonb, text) from public;

-- BEFORE INSERT OR UPDATE on payments: `refunded` only from `completed` and with a reason; a
-- refund is final; the time is the server's.
create or replace function app.guard_payment_refund() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.status = 'refunded' then
      raise exception 'Validation error - please check your input' using errcode = '23514',
        detail = 'only a verified payment is refunded';
    end if;
    new.refund_reason := null;
    new.refunded_at := null;
    return new;
  end if;
  if old.status = 'refunded' then
    if new.status is distinct from 'refunded' then
      raise exception 'Validation error - please check your input' using errcode = '23514', detail = 'a refund is final';
    end if;
    new.refund_reason := old.refund_reason;
    new.refunded_at := old.refunded_at;
    return new;
  end if;
  if new.status = 'refunded' then
    if old.status <> 'completed' then
      raise exception 'Validation error - please check your input' using errcode = '23514',
        detail = 'only a verified payment is refunded';
    end if;
    if nullif(btrim(new.refund_reason), '') is null then
      raise exception 'Validation error - please check your input' using errcode = '23514', detail = 'a refund needs its reason';
    end if;
    new.refund_reason := btrim(new.refund_reason);
    new.refunded_at := now();
  else
    new.refund_reason := null;
    new.refunded_at := null;
  end if;
  return new;
end
$$;
grant execute on function app.guard_payment_refund() to authenticated, service_role;

-- AFTER UPDATE OF status on payments: a refund cancels the receipt (its number kept), is
-- audited and told to the payer.
create or replace function app.after_payment_refund() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  receipt public.receipts;
begin
  if not (new.status = 'refunded' and old.status = 'completed') then
    return null;
  end if;
  update public.receipts r set status = 'cancelled', cancelled_at = now(),
         cancel_reason = left('Refunded: ' || new.refund_reason, 500)
   where r.payment_id = new.id and r.status = 'issued'
  returning * into receipt;
  insert into public.money_audit (actor, action, payment_id, receipt_id, detail)
  values (auth.uid(), 'payment_refunded', new.id, receipt.id,
          jsonb_build_object('amount', new.amount, 'reason', new.refund_reason, 'receipt_no', receipt.receipt_no));
  if receipt.id is not null then
    insert into public.money_audit (actor, action, payment_id, receipt_id, detail)
    values (auth.uid(), 'receipt_cancelled', new.id, receipt.id, jsonb_build_object('reason', receipt.cancel_reason));
  end if;
  perform app.tell_payer(new, 'payment_refunded',
    jsonb_build_object('amount', app.indian_figures(new.amount), 'reason', new.refund_reason,
                       'receipt_no', receipt.receipt_no, 'reference', new.reference),
    '/account/payments');
  return null;
end
$$;
revoke execute on function app.after_payment_refund() from public;

-- Refunds a verified payment whole (administrators), with the reason.
create or replace function public.refund_payment(payment_id uuid, reason text) returns public.payments
language plpgsql
security definer
set search_path = ''
as $$
declare
  done public.payments;
begin
  if not app.is_admin() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501',
      detail = 'payments are refunded by an administrator';
  end if;
  if length(btrim(coalesce(reason, ''))) not between 1 and 500 then
    raise exception 'Validation error - please check your input' using errcode = '23514', detail = 'a reason (1 to 500 characters)';
  end if;
  update public.payments p set status = 'refunded', refund_reason = btrim(reason)
   where p.id = refund_payment.payment_id and p.status = 'completed'
  returning * into done;
  if done.id is null then
    raise exception 'Resource not found' using errcode = 'PT404', detail = 'no verified payment with this id';
  end if;
  return done;
end
$$;
comment on function public.refund_payment(uuid, text) is
  'Refunds a verified payment whole (admins), with a reason: its receipt is cancelled keeping its number; the payer is told.';
revoke execute on function public.refund_payment(uuid, text) from public, anon;
grant execute on function public.refund_payment(uuid, text) to authenticated;

create or replace trigger payments_money_refund_guard before insert or update on public.payments
  for each row execute function app.guard_payment_refund();
create or replace trigger payments_money_refund after update of status on public.payments
  for each row execute function app.after_payment_refund();
