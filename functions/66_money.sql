-- Money (issue 36): UPI payments started by payers, donors saved once (identity number in the
-- vault), receipts with a gapless serial per financial year issued in the verifying
-- transaction, amounts in words (English and Kannada, lakh/crore), bank statement import and
-- matching, Form 10BD, reminders and the finance overview. Tables: migrations/0170_money.sql.
-- This file: the financial year, amounts in words, payments' references, guard and audit.
-- The other parts: 66_money_paying.sql (donors, starting and proving a payment),
-- 66_money_receipts.sql (receipts and the payments' triggers), 66_money_reports.sql (Form
-- 10BD, its reminders, the finance overview), 66_money_statements.sql (bank statements).

-- The Indian financial year of a date: 2026-04-01 .. 2027-03-31 is '2026-27'.
create or replace function app.fy_of(day date) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select case when extract(month from day) >= 4
              then to_char(day, 'YYYY') || '-' || to_char((extract(year from day)::int + 1) % 100, 'FM00')
              else (extract(year from day)::int - 1)::text || '-' || to_char(day, 'YY') end
$$;
comment on function app.fy_of(date) is 'The Indian financial year (April to March) of a date, as 2026-27.';
grant execute on function app.fy_of(date) to anon, authenticated, service_role;

-- Today in India (receipts are dated in the trust's time zone).
create or replace function app.india_today() returns date
language sql stable
set search_path = ''
as $$ select (now() at time zone 'Asia/Kolkata')::date $$;
grant execute on function app.india_today() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Amounts in words, Indian system (thousand, lakh, crore), English and Kannada.

-- 1..99 in words.
create or replace function app.small_number_in_words(n int, lang text) returns text
language plpgsql immutable parallel safe
set search_path = ''
as $$
declare
  en_units constant text[] := array['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten',
    'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
  en_tens constant text[] := array['Ten', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];
  kn_units constant text[] := array['ಒಂದು', 'ಎರಡು', 'ಮೂರು', 'ನಾಲ್ಕು', 'ಐದು', 'ಆರು', 'ಏಳು', 'ಎಂಟು', 'ಒಂಬತ್ತು', 'ಹತ್ತು',
    'ಹನ್ನೊಂದು', 'ಹನ್ನೆರಡು', 'ಹದಿಮೂರು', 'ಹದಿನಾಲ್ಕು', 'ಹದಿನೈದು', 'ಹದಿನಾರು', 'ಹದಿನೇಳು', 'ಹದಿನೆಂಟು', 'ಹತ್ತೊಂಬತ್ತು'];
  kn_tens constant text[] := array['ಹತ್ತು', 'ಇಪ್ಪತ್ತು', 'ಮೂವತ್ತು', 'ನಲವತ್ತು', 'ಐವತ್ತು', 'ಅರವತ್ತು', 'ಎಪ್ಪತ್ತು', 'ಎಂಬತ್ತು', 'ತೊಂಬತ್ತು'];
  -- A unit after a tens word joins it (ಇಪ್ಪತ್ತು + ಒಂದು = ಇಪ್ಪತ್ತೊಂದು): the tens word loses its
  -- final ು and the unit's first vowel becomes a vowel sign.
  kn_joined constant text[] := array['ೊಂದು', 'ೆರಡು', 'ಮೂರು', 'ನಾಲ್ಕು', 'ೈದು', 'ಾರು', 'ೇಳು', 'ೆಂಟು', 'ೊಂಬತ್ತು'];
begin
  if n is null or n < 1 or n > 99 then
    return null;
  end if;
  if lang = 'kn' then
    if n < 20 then return kn_units[n]; end if;
    if n % 10 = 0 then return kn_tens[n / 10]; end if;
    return left(kn_tens[n / 10], -1) || kn_joined[n % 10];
  end if;
  if n < 20 then return en_units[n]; end if;
  if n % 10 = 0 then return en_tens[n / 10]; end if;
  return en_tens[n / 10] || '-' || en_units[n % 10];
end
$$;

-- 0 .. 999 99 99 99 999 in words: crore (recursively for more than 99 crore), lakh, thousand,
-- hundred. Kannada joins a group to what follows in its attributive form (ಸಾವಿರದ, ಲಕ್ಷದ, ನೂರ).
create or replace function app.number_in_words(n bigint, lang text default 'en') returns text
language plpgsql immutable parallel safe
set search_path = ''
as $$
declare
  kn_hundreds constant text[] := array['ನೂರು', 'ಇನ್ನೂರು', 'ಮುನ್ನೂರು', 'ನಾನೂರು', 'ಐನೂರು', 'ಆರುನೂರು', 'ಏಳುನೂರು', 'ಎಂಟುನೂರು', 'ಒಂಬೈನೂರು'];
  crores bigint := n / 10000000;
  lakhs int := (n / 100000 % 100)::int;
  thousands int := (n / 1000 % 100)::int;
  hundreds int := (n / 100 % 10)::int;
  rest int := (n % 100)::int;
  parts text[] := '{}';
  kn boolean := lang = 'kn';
begin
  if lang not in ('en', 'kn') then
    raise exception 'Validation error - please check your input' using errcode = '22023', detail = 'language: en or kn';
  end if;
  if n is null then return null; end if;
  if n < 0 then
    raise exception 'Validation error - please check your input' using errcode = '22023', detail = 'a negative amount';
  end if;
  if n = 0 then return case when kn then 'ಸೊನ್ನೆ' else 'Zero' end; end if;
  if crores > 0 then
    parts := parts || (app.number_in_words(crores, lang) || case when kn then ' ಕೋಟಿ' else ' Crore' end);
  end if;
  if lakhs > 0 then
    parts := parts || (app.small_number_in_words(lakhs, lang)
      || case when not kn then ' Lakh' when n % 100000 > 0 then ' ಲಕ್ಷದ' else ' ಲಕ್ಷ' end);
  end if;
  if thousands > 0 then
    parts := parts || (app.small_number_in_words(thousands, lang)
      || case when not kn then ' Thousand' when n % 1000 > 0 then ' ಸಾವಿರದ' else ' ಸಾವಿರ' end);
  end if;
  if hundreds > 0 then
    parts := parts || case when not kn then app.small_number_in_words(hundreds, 'en') || ' Hundred'
                           when rest > 0 then left(kn_hundreds[hundreds], -1)
                           else kn_hundreds[hundreds] end;
  end if;
  if rest > 0 then
    parts := parts || app.small_number_in_words(rest, lang);
  end if;
  return array_to_string(parts, ' ');
end
$$;
comment on function app.number_in_words(bigint, text) is 'A whole number in words, Indian system (lakh, crore), en or kn.';
grant execute on function app.number_in_words(bigint, text) to anon, authenticated, service_role;

-- A rupee amount as a receipt writes it: "Rupees Twelve Lakh Five Hundred Only",
-- "ಹನ್ನೆರಡು ಲಕ್ಷದ ಐನೂರು ರೂಪಾಯಿಗಳು ಮಾತ್ರ"; paise when there are any.
create or replace function app.amount_in_words(amount numeric, lang text default 'en') returns text
language plpgsql immutable parallel safe
set search_path = ''
as $$
declare
  rupees bigint;
  paise int;
begin
  if amount is null then return null; end if;
  if amount < 0 or amount <> round(amount, 2) then
    raise exception 'Validation error - please check your input' using errcode = '22023',
      detail = 'an amount is positive, in rupees and at most two places of paise';
  end if;
  rupees := trunc(amount)::bigint;
  paise := ((amount - trunc(amount)) * 100)::int;
  if lang = 'kn' then
    return app.number_in_words(rupees, 'kn') || ' ರೂಪಾಯಿ'
      || case when paise > 0 then ' ' || app.number_in_words(paise, 'kn') || ' ಪೈಸೆ' else 'ಗಳು' end || ' ಮಾತ್ರ';
  end if;
  return 'Rupees ' || app.number_in_words(rupees, lang)
    || case when paise > 0 then ' and ' || app.number_in_words(paise, lang) || ' Paise' else '' end || ' Only';
end
$$;
comment on function app.amount_in_words(numeric, text) is 'A rupee amount in words for receipts (en: Rupees … Only; kn: … ರೂಪಾಯಿಗಳು ಮಾತ್ರ).';
grant execute on function app.amount_in_words(numeric, text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Payments: references, what a payer may set, the audit.

-- A fresh reference for the UPI `tr` field and statement matching: HT + 10 hex digits.
create or replace function app.new_payment_reference() returns text
language sql volatile
set search_path = ''
as $$ select 'HT' || upper(left(replace(gen_random_uuid()::text, '-', ''), 10)) $$;
revoke execute on function app.new_payment_reference() from public;
grant execute on function app.new_payment_reference() to authenticated, service_role;

-- The caller's donor row, if they saved their details.
create or replace function app.own_donor() returns uuid
language sql stable
security definer
set search_path = ''
as $$ select d.id from public.donors d where d.user_id = auth.uid() $$;
revoke execute on function app.own_donor() from public;
grant execute on function app.own_donor() to authenticated, service_role;

-- BEFORE INSERT OR UPDATE on payments (after app.guard_payment): a UTR in one spelling, a
-- reference always drawn by us for payers, and what only staff set (the date received, the
-- statement line) cleared for payers; a payer's proof in their own folder and their own donor.
-- Amounts of UPI payments and donations are whole rupees.
create or replace function app.guard_payment_money() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  admin boolean := app.is_admin() or app.is_trusted_code(tg_relid);
begin
  new.utr := nullif(upper(regexp_replace(coalesce(new.utr, ''), '[\s-]', '', 'g')), '');
  if new.utr is not null and new.utr !~ '^[0-9A-Z]{6,35}$' then
    raise exception 'Validation error - please check your input' using errcode = '23514',
      detail = 'a UTR / transaction id is 6 to 35 letters and digits';
  end if;
  if tg_op = 'INSERT' then
    if not admin or new.reference is null then
      new.reference := app.new_payment_reference();
    end if;
    if not admin then
      new.received_on := null;
      new.statement_line_id := null;
      if new.donor_id is not null and new.donor_id is distinct from app.own_donor() then
        raise exception 'Access denied - insufficient permissions' using errcode = '42501',
          detail = 'a payment names its payer''s own donor details';
      end if;
    end if;
  elsif new.reference is distinct from old.reference then
    raise exception 'Validation error - please check your input' using errcode = '23514', detail = 'a payment''s reference does not change';
  end if;
  if new.proof_path is not null and (tg_op = 'INSERT' or new.proof_path is distinct from old.proof_path) and not admin
     and split_part(new.proof_path, '/', 1) <> auth.uid()::text then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501', detail = 'a proof is a file of one''s own';
  end if;
  if (new.payment_method = 'upi' or new.payment_type = 'donation') and new.amount <> trunc(new.amount)
     and (tg_op = 'INSERT' or new.amount is distinct from old.amount) and new.statement_line_id is null then
    raise exception 'Validation error - please check your input' using errcode = '23514', detail = 'the amount is in whole rupees';
  end if;
  if new.payment_type = 'donation' and new.purpose is null then
    new.purpose := 'general';
  end if;
  if new.status = 'completed' and new.received_on is null then
    new.received_on := app.india_today();
  end if;
  return new;
end
$$;
grant execute on function app.guard_payment_money() to authenticated, service_role;

-- AFTER INSERT OR UPDATE on payments: every change of what counts is recorded.
create or replace function app.audit_payment() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.money_audit (actor, action, payment_id, detail)
    values (auth.uid(), 'payment_recorded', new.id, jsonb_build_object('status', new.status, 'amount', new.amount,
      'method', new.payment_method, 'type', new.payment_type, 'reference', new.reference, 'utr', new.utr));
  elsif (new.status, new.amount, new.payment_method, new.utr, new.proof_path, new.received_on)
        is distinct from (old.status, old.amount, old.payment_method, old.utr, old.proof_path, old.received_on) then
    insert into public.money_audit (actor, action, payment_id, detail)
    values (auth.uid(), 'payment_changed', new.id, jsonb_build_object(
      'status', jsonb_build_array(old.status, new.status), 'amount', jsonb_build_array(old.amount, new.amount),
      'method', jsonb_build_array(old.payment_method, new.payment_method), 'utr', jsonb_build_array(old.utr, new.utr),
      'proof', new.proof_path is distinct from old.proof_path, 'received_on', new.received_on));
  end if;
  return null;
end
$$;
revoke execute on function app.audit_payment() from public;
