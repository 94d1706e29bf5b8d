-- Money: receipts (a gapless serial per financial year, issued in the verifying transaction),
-- what a receipt prints, donors' year statements, and the triggers on payments that issue them.
-- See 66_money.sql for the domain's files.


-- Why a payment's receipt is not 80G-eligible, or null when it is.
create or replace function app.receipt_ineligibility(payment_type text, method text, amount numeric,
  urn text, valid_from date, valid_until date, received date) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select case when payment_type <> 'donation' then 'not_a_donation'
              when method = 'kind' then 'in_kind'
              when method = 'cash' and amount > 2000 then 'cash_over_limit'
              when urn is null or (valid_from is not null and received < valid_from)
                or (valid_until is not null and received > valid_until) then 'no_registration'
         end
$$;
grant execute on function app.receipt_ineligibility(text, text, numeric, text, date, date, date) to authenticated, service_role;

-- Issues the receipt of a payment that became completed, once: the next serial of the
-- financial year of the day it was received, drawn under the counter's row lock in this very
-- transaction (a rollback returns the number), with the trust's and the donor's details as
-- they are now.
create or replace function app.issue_receipt() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  trust public.trust_finance;
  donor public.donors;
  payer public.users;
  purpose public.donation_purposes;
  fy text;
  serial int;
  received date := coalesce(new.received_on, app.india_today());
  why text;
  receipt uuid;
begin
  if new.status <> 'completed' or (tg_op = 'UPDATE' and old.status = 'completed') then
    return null;
  end if;
  if exists (select from public.receipts r where r.payment_id = new.id) then
    return null;
  end if;
  select * into trust from public.trust_finance t where t.id;
  select * into donor from public.donors d where d.id = new.donor_id;
  if donor.id is null and new.user_id is not null then
    select * into donor from public.donors d where d.user_id = new.user_id;
  end if;
  select * into payer from public.users u where u.id = new.user_id;
  select * into purpose from public.donation_purposes p where p.code = new.purpose;
  fy := app.fy_of(received);
  insert into app.receipt_counters as c (fy, last) values (fy, 1)
  on conflict on constraint receipt_counters_pkey do update set last = c.last + 1
  returning c.last into serial;
  why := app.receipt_ineligibility(new.payment_type, new.payment_method, new.amount, trust.urn_80g,
    trust.urn_80g_valid_from, trust.urn_80g_valid_until, received);
  insert into public.receipts (payment_id, user_id, fy, serial, receipt_no, issued_on, received_on,
    trust_name, trust_name_kn, trust_address, trust_pan, urn_80g, urn_80g_issued_on, urn_80g_valid_from,
    urn_80g_valid_until, signatory, donor_id, donor_name, donor_address, donor_id_code, donor_id_masked, amount,
    payment_type, mode, purpose, donation_type, section_code, eligible, ineligible_reason)
  values (new.id, new.user_id, fy, serial, coalesce(trust.receipt_prefix, 'HT') || '/' || fy || '/' || to_char(serial, 'FM000000'),
    app.india_today(), received, coalesce(trust.trust_name, 'Havyaka Trust'), trust.trust_name_kn, coalesce(trust.address, ''),
    trust.pan, trust.urn_80g, trust.urn_80g_issued_on, trust.urn_80g_valid_from, trust.urn_80g_valid_until, trust.signatory,
    donor.id, coalesce(donor.name, nullif(btrim(new.payer_name), ''), nullif(btrim(payer.full_name), ''), 'Donor'),
    coalesce(donor.address || coalesce(', ' || donor.city, '') || coalesce(', ' || donor.state, '') || coalesce(' ' || donor.pin_code, ''), null),
    donor.id_code, donor.id_masked, new.amount, new.payment_type, coalesce(new.payment_method, 'other'), new.purpose,
    case when new.payment_type = 'donation' then coalesce(purpose.donation_type, 'others') end,
    (select s.code from public.tax_sections s where received >= s.valid_from and (s.valid_until is null or received <= s.valid_until)
      order by s.valid_from desc limit 1),
    why is null, why)
  returning id into receipt;
  insert into public.money_audit (actor, action, payment_id, receipt_id, detail)
  values (auth.uid(), 'receipt_issued', new.id, receipt, jsonb_build_object('fy', fy, 'serial', serial));
  return null;
end
$$;
revoke execute on function app.issue_receipt() from public;

-- Cancels a receipt (an admin, with a reason): it keeps its number, marked cancelled.
create or replace function public.cancel_receipt(receipt_id uuid, reason text) returns public.receipts
language plpgsql
security definer
set search_path = ''
as $$
declare
  done public.receipts;
begin
  if not app.is_admin() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501', detail = 'receipts are cancelled by an administrator';
  end if;
  if length(btrim(coalesce(reason, ''))) not between 1 and 500 then
    raise exception 'Validation error - please check your input' using errcode = '23514', detail = 'a reason (1 to 500 characters)';
  end if;
  update public.receipts r set status = 'cancelled', cancelled_at = now(), cancel_reason = btrim(reason)
   where r.id = cancel_receipt.receipt_id and r.status = 'issued'
  returning * into done;
  if done.id is null then
    raise exception 'Resource not found' using errcode = 'PT404', detail = 'no issued receipt with this id';
  end if;
  insert into public.money_audit (actor, action, payment_id, receipt_id, detail)
  values (auth.uid(), 'receipt_cancelled', done.payment_id, done.id, jsonb_build_object('reason', done.cancel_reason));
  return done;
end
$$;
comment on function public.cancel_receipt(uuid, text) is 'Cancels a receipt (admins): it keeps its number.';
revoke execute on function public.cancel_receipt(uuid, text) from public, anon;
grant execute on function public.cancel_receipt(uuid, text) to authenticated;

-- Everything a receipt prints, one row per receipt, for the screens and the PDF renderer:
-- the trust, the serial, the donor, the amount in figures and in words (English, Kannada),
-- mode, purpose, the section and its declaration only when eligible, or why not.
create or replace view public.receipt_documents with (security_invoker = on) as
select r.id, r.receipt_no, r.fy, r.serial, r.status, r.issued_on, r.received_on, r.cancelled_at, r.cancel_reason,
       r.user_id, r.payment_id, r.trust_name, r.trust_name_kn, r.trust_address, r.trust_pan,
       r.urn_80g, r.urn_80g_issued_on, r.urn_80g_valid_from, r.urn_80g_valid_until, r.signatory,
       r.donor_name, r.donor_address, r.donor_id_code, r.donor_id_masked,
       r.amount, app.amount_in_words(r.amount, 'en') as amount_words_en, app.amount_in_words(r.amount, 'kn') as amount_words_kn,
       r.payment_type, r.mode, r.purpose, p.label as purpose_label, p.label_kn as purpose_label_kn, r.donation_type,
       r.eligible, r.ineligible_reason,
       case when r.eligible then r.section_code end as section_code,
       case when r.eligible then s.declaration end as declaration_en,
       case when r.eligible then s.declaration_kn end as declaration_kn,
       pay.reference, pay.utr, r.pdf_path
  from public.receipts r
  join public.payments pay on pay.id = r.payment_id
  left join public.donation_purposes p on p.code = r.purpose
  left join public.tax_sections s on s.code = r.section_code;
comment on view public.receipt_documents is 'Every field a receipt prints (the PDF renderer reads this view).';
grant select on public.receipt_documents to authenticated, service_role;

-- A donor's year: their receipts of one financial year, with totals (the receipts' RLS applies).
create or replace view public.donor_year_statements with (security_invoker = on) as
select r.user_id, r.donor_id, r.fy, min(r.donor_name) as donor_name, min(r.donor_id_masked) as donor_id_masked,
       count(*) filter (where r.status = 'issued')::int as receipts,
       coalesce(sum(r.amount) filter (where r.status = 'issued'), 0) as total,
       coalesce(sum(r.amount) filter (where r.status = 'issued' and r.eligible), 0) as eligible_total
  from public.receipts r
 group by r.user_id, r.donor_id, r.fy;
comment on view public.donor_year_statements is 'Each donor''s receipts per financial year: count, total, 80G-eligible total.';
grant select on public.donor_year_statements to authenticated, service_role;


-- Triggers on public.payments (after functions/65_payments.sql's: names sort after them).
create or replace trigger payments_money_guard before insert or update on public.payments
  for each row execute function app.guard_payment_money();
create or replace trigger payments_money_audit after insert or update on public.payments
  for each row execute function app.audit_payment();
create or replace trigger payments_receipt after insert or update of status on public.payments
  for each row execute function app.issue_receipt();
create or replace trigger trust_finance_updated_at before update on public.trust_finance
  for each row execute function app.touch_updated_at();
