-- Money (issue 36): UPI payments started by payers, donors saved once (identity number in the
-- vault), receipts with a gapless serial per financial year issued in the verifying
-- transaction, amounts in words (English and Kannada, lakh/crore), bank statement import and
-- matching, Form 10BD, reminders and the finance overview. Tables: migrations/0170_money.sql.

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

-- ---------------------------------------------------------------------------------------------
-- Receipts.

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

-- ---------------------------------------------------------------------------------------------
-- Donors and paying.

-- Checks a Form 10BD identity number for its code; returns it in one spelling.
create or replace function app.normalize_donor_id(code text, value text) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  v text := upper(regexp_replace(coalesce(value, ''), '[\s-]', '', 'g'));
begin
  if code = 'pan' and v !~ '^[A-Z]{5}[0-9]{4}[A-Z]$' then
    raise exception 'PAN format is invalid' using errcode = '23514', detail = 'PAN: 5 letters, 4 digits, 1 letter';
  elsif code = 'aadhaar' and v !~ '^[0-9]{12}$' then
    raise exception 'Aadhaar format is invalid' using errcode = '23514', detail = 'Aadhaar: 12 digits';
  elsif code not in ('pan', 'aadhaar') and v !~ '^[0-9A-Z/]{4,75}$' then
    raise exception 'Validation error - please check your input' using errcode = '23514',
      detail = 'an identity number is 4 to 75 letters and digits';
  end if;
  return v;
end
$$;
revoke execute on function app.normalize_donor_id(text, text) from public;

create or replace function app.mask_donor_id(code text, value text) returns text
language sql immutable
set search_path = ''
as $$
  select case code when 'pan' then app.mask_pan(value) when 'aadhaar' then app.mask_aadhar(value)
              else repeat('X', greatest(length(value) - 4, 0)) || right(value, 4) end
$$;
revoke execute on function app.mask_donor_id(text, text) from public;

-- Saves donor details: the caller's own (once, then edits), or for an admin a walk-in donor
-- (donor_id null) or any donor. The identity number goes to the vault; a number equal to the
-- stored mask keeps the stored one.
create or replace function public.save_donor(name text, address text, id_code text, id_number text,
  city text default null, state text default null, pin_code text default null, email text default null,
  phone text default null, donor_id uuid default null)
returns public.donors
language plpgsql
security definer
set search_path = ''
as $$
declare
  admin boolean := app.is_admin();
  existing public.donors;
  number text;
  saved public.donors;
begin
  if auth.uid() is null then
    raise exception 'Authentication required' using errcode = '42501', detail = 'sign in to save donor details';
  end if;
  if save_donor.donor_id is not null then
    select * into existing from public.donors d where d.id = save_donor.donor_id;
    if existing.id is null or not (admin or existing.user_id = auth.uid()) then
      raise exception 'Resource not found' using errcode = 'PT404', detail = 'no such donor';
    end if;
  elsif not admin then
    select * into existing from public.donors d where d.user_id = auth.uid();
  end if;
  if id_code not in ('pan', 'aadhaar', 'tin', 'passport', 'elector', 'driving_licence', 'ration_card') then
    raise exception 'Validation error - please check your input' using errcode = '23514', detail = 'an identity type of Form 10BD';
  end if;
  if existing.id is not null and existing.id_code = save_donor.id_code and btrim(coalesce(id_number, '')) = existing.id_masked then
    number := null; -- unchanged
  else
    number := app.normalize_donor_id(id_code, id_number);
  end if;
  if existing.id is null then
    insert into public.donors (user_id, name, address, city, state, pin_code, id_code, id_masked, email, phone, created_by)
    values (case when not admin then auth.uid() end,
            btrim(name), btrim(address), nullif(btrim(city), ''), nullif(btrim(state), ''), nullif(btrim(pin_code), ''),
            id_code, app.mask_donor_id(id_code, number), nullif(btrim(email), ''), nullif(btrim(phone), ''), auth.uid())
    returning * into saved;
  else
    update public.donors d set name = btrim(save_donor.name), address = btrim(save_donor.address),
      city = nullif(btrim(save_donor.city), ''), state = nullif(btrim(save_donor.state), ''),
      pin_code = nullif(btrim(save_donor.pin_code), ''), id_code = save_donor.id_code,
      id_masked = coalesce(app.mask_donor_id(save_donor.id_code, number), d.id_masked),
      email = nullif(btrim(save_donor.email), ''), phone = nullif(btrim(save_donor.phone), ''), updated_at = now()
     where d.id = existing.id
    returning * into saved;
  end if;
  if number is not null then
    insert into app.identity_numbers (record_table, record_id, pan, aadhar, other_id)
    values ('donors', saved.id, case when id_code = 'pan' then number end, case when id_code = 'aadhaar' then number end,
            case when id_code not in ('pan', 'aadhaar') then number end)
    on conflict (record_table, record_id) do update
      set pan = excluded.pan, aadhar = excluded.aadhar, other_id = excluded.other_id, updated_at = now();
  end if;
  return saved;
end
$$;
comment on function public.save_donor(text, text, text, text, text, text, text, text, text, uuid) is
  'Saves donor details (one''s own, or any for admins); the identity number goes to the vault, masked in the row.';
revoke execute on function public.save_donor(text, text, text, text, text, text, text, text, text, uuid) from public, anon;
grant execute on function public.save_donor(text, text, text, text, text, text, text, text, text, uuid) to authenticated;

-- Starts a UPI payment for the signed-in caller: a donation of whole rupees for a purpose of
-- the trust's list, or the membership fee of a member type (the caller's own type when they
-- are a member). Returns the pending payment with its fresh reference.
create or replace function public.start_payment(payment_type text, amount numeric default null,
  purpose text default null, member_type text default null)
returns public.payments
language plpgsql
security definer
set search_path = ''
as $$
declare
  member public.member_directory;
  fee numeric;
  started public.payments;
  payer public.users;
begin
  if auth.uid() is null then
    raise exception 'Authentication required' using errcode = '42501', detail = 'sign in to pay';
  end if;
  select * into payer from public.users u where u.id = auth.uid();
  select * into member from public.member_directory m where m.user_id = auth.uid() order by m.created_at limit 1;
  if start_payment.payment_type = 'donation' then
    if amount is null or amount <> trunc(amount) or amount < 1 or amount > 10000000 then
      raise exception 'Validation error - please check your input' using errcode = '23514',
        detail = 'a donation is a whole number of rupees from 1 to 1,00,00,000';
    end if;
    if not exists (select from public.donation_purposes p where p.code = start_payment.purpose and p.is_active) then
      raise exception 'Validation error - please check your input' using errcode = '23514', detail = 'a purpose from the trust''s list';
    end if;
    fee := amount;
  elsif start_payment.payment_type = 'membership' then
    select f.amount into fee from public.membership_fees f
     where f.member_type = coalesce(member.member_type, start_payment.member_type);
    if fee is null then
      raise exception 'Validation error - please check your input' using errcode = '23514', detail = 'a member type with a fee';
    end if;
  else
    raise exception 'Validation error - please check your input' using errcode = '23514', detail = 'a donation or a membership fee';
  end if;
  insert into public.payments (payment_type, amount, payment_method, payer_name, payer_email, user_id, member_id, purpose, donor_id)
  values (start_payment.payment_type, fee, 'upi', coalesce(nullif(btrim(payer.full_name), ''), payer.email), payer.email, auth.uid(),
          member.id, case when start_payment.payment_type = 'donation' then start_payment.purpose end, app.own_donor())
  returning * into started;
  return started;
end
$$;
comment on function public.start_payment(text, numeric, text, text) is 'Starts a pending UPI payment (donation or membership fee) with a fresh reference.';
revoke execute on function public.start_payment(text, numeric, text, text) from public, anon;
grant execute on function public.start_payment(text, numeric, text, text) to authenticated;

-- The payer tells us how they paid: the UTR / transaction id their UPI app showed, and/or a
-- screenshot in their folder of the payment-proofs bucket. Only their own pending payment; a
-- UTR already used by another payment is refused.
create or replace function public.submit_payment_proof(payment_id uuid, utr text default null, proof_path text default null)
returns public.payments
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.payments;
  clean text := nullif(upper(regexp_replace(coalesce(utr, ''), '[\s-]', '', 'g')), '');
begin
  select * into target from public.payments p where p.id = submit_payment_proof.payment_id and p.user_id = auth.uid() for update;
  if target.id is null then
    raise exception 'Resource not found' using errcode = 'PT404', detail = 'no such payment of yours';
  end if;
  if target.status <> 'pending' then
    raise exception 'Validation error - please check your input' using errcode = '23514', detail = 'this payment is no longer pending';
  end if;
  if clean is null and proof_path is null then
    raise exception 'Validation error - please check your input' using errcode = '23514', detail = 'a UTR or a screenshot';
  end if;
  if proof_path is not null and split_part(proof_path, '/', 1) <> auth.uid()::text then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501', detail = 'a proof is a file of one''s own';
  end if;
  if clean is not null and exists (select from public.payments p where p.utr = clean and p.id <> target.id
                                      and p.status not in ('failed', 'cancelled')) then
    raise exception 'This UTR is already recorded for another payment' using errcode = '23505', detail = 'utr';
  end if;
  update public.payments p set utr = coalesce(clean, p.utr), proof_path = coalesce(submit_payment_proof.proof_path, p.proof_path)
   where p.id = target.id
  returning * into target;
  return target;
end
$$;
comment on function public.submit_payment_proof(uuid, text, text) is 'The payer''s UTR or screenshot for their pending payment.';
revoke execute on function public.submit_payment_proof(uuid, text, text) from public, anon;
grant execute on function public.submit_payment_proof(uuid, text, text) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Bank statements.

-- The fields of one CSV line (RFC 4180 quoting: "a, b" and "" for a quote).
create or replace function app.csv_fields(line text) returns text[]
language plpgsql immutable parallel safe
set search_path = ''
as $$
declare
  fields text[] := '{}';
  field text := '';
  quoted boolean := false;
  i int := 1;
  n int := length(line);
  ch text;
begin
  while i <= n loop
    ch := substr(line, i, 1);
    if quoted then
      if ch = '"' then
        if substr(line, i + 1, 1) = '"' then
          field := field || '"';
          i := i + 1;
        else
          quoted := false;
        end if;
      else
        field := field || ch;
      end if;
    elsif ch = '"' then
      quoted := true;
    elsif ch = ',' then
      fields := fields || btrim(field);
      field := '';
    else
      field := field || ch;
    end if;
    i := i + 1;
  end loop;
  if quoted then
    return null; -- an unclosed quote
  end if;
  return fields || btrim(field);
end
$$;

-- A statement's date: 01/04/2026, 01-04-2026, 01/04/26, 1 Apr 2026, 01-Apr-2026, 2026-04-01 (a
-- time after it is ignored).
create or replace function app.statement_date(value text) returns date
language plpgsql immutable
set search_path = ''
as $$
declare
  -- Canara writes the time after the date: 10-04-2026 10:22:31.
  v text := regexp_replace(btrim(value), '\s+\d{1,2}:\d{2}(:\d{2})?$', '');
  m text[];
  y int;
begin
  if v ~ '^\d{4}-\d{2}-\d{2}$' then
    return to_date(v, 'YYYY-MM-DD');
  end if;
  m := regexp_match(v, '^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$');
  if m is not null then
    y := m[3]::int + case when length(m[3]) = 2 then 2000 else 0 end;
    return make_date(y, m[2]::int, m[1]::int);
  end if;
  m := regexp_match(v, '^(\d{1,2})[ -]([A-Za-z]{3})[ -](\d{2}|\d{4})$');
  if m is not null then
    y := m[3]::int + case when length(m[3]) = 2 then 2000 else 0 end;
    return make_date(y, array_position(array['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'],
      lower(m[2])), m[1]::int);
  end if;
  return null;
exception when others then
  return null;
end
$$;

-- A statement's amount: 1,00,000.00, 5000, 250.5; blank or 0 is no amount (null).
create or replace function app.statement_amount(value text) returns numeric
language plpgsql immutable
set search_path = ''
as $$
declare
  v text := replace(regexp_replace(btrim(coalesce(value, '')), '^(INR|Rs\.?|₹)\s*', '', 'i'), ',', '');
begin
  if v = '' or v = '-' then
    return 0;
  end if;
  if v !~ '^\d{1,12}(\.\d{1,2})?$' then
    return null;
  end if;
  return v::numeric;
end
$$;

-- Imports a bank statement (admins): finds its layout by its header row (SBI, HDFC, Canara, or
-- the generic date,narration,credit,reference), reads every credit, and matches each to a
-- pending payment by UTR or our reference and the same amount. One transaction: an unknown
-- layout or a malformed line refuses the whole file, naming the line and the reason.
create or replace function public.import_bank_statement(file_name text, content text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  lines text[];
  header_at int;
  layout text;
  cols text[];
  f text[];
  i int;
  n int;
  key text;
  col_date int;
  col_narration int;
  col_reference int;
  col_credit int;
  day date;
  credit numeric;
  line_narration text;
  line_reference text;
  line_utr text;
  statement uuid;
  line uuid;
  match public.payments;
  credits int := 0;
  matched int := 0;
  line_status text;
begin
  if not app.is_admin() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501', detail = 'statements are imported by an administrator';
  end if;
  if content is null or length(content) > 5000000 then
    raise exception 'Validation error - please check your input' using errcode = '23514', detail = 'a statement of at most 5 MB';
  end if;
  lines := regexp_split_to_array(replace(content, E'\r', ''), E'\n');
  n := cardinality(lines);
  -- The header: the first of the first 40 lines that names a known layout (banks put the
  -- account's details above it).
  for i in 1 .. least(n, 40) loop
    f := app.csv_fields(lines[i]);
    continue when f is null;
    key := array_to_string(array(select regexp_replace(lower(x), '[^a-z]', '', 'g') from unnest(f) x), ',');
    layout := case
      when key ~ '^txndate,valuedate,description,refnochequeno,(branchcode,)?debit,credit,balance$' then 'sbi'
      when key ~ '^date,narration,chqrefno,valuedt,withdrawalamt,depositamt,closingbalance$' then 'hdfc'
      when key ~ '^txndate,valuedate,chequeno,description,(branchcode,)?debit,credit,balance$' then 'canara'
      when key ~ '^date,narration,credit,reference$' then 'generic'
    end;
    if layout is not null then
      header_at := i;
      col_date := 1;
      cols := array(select regexp_replace(lower(x), '[^a-z]', '', 'g') from unnest(f) x);
      col_narration := array_position(cols, case layout when 'sbi' then 'description' when 'canara' then 'description' else 'narration' end);
      col_reference := array_position(cols, case layout when 'sbi' then 'refnochequeno' when 'hdfc' then 'chqrefno'
                                                        when 'canara' then 'chequeno' else 'reference' end);
      col_credit := array_position(cols, case layout when 'hdfc' then 'depositamt' else 'credit' end);
      exit;
    end if;
  end loop;
  if layout is null then
    raise exception 'Unknown statement layout' using errcode = '22023',
      detail = 'no header row of SBI, HDFC, Canara or date,narration,credit,reference in the first 40 lines';
  end if;

  insert into public.bank_statements (file_name, layout, imported_by)
  values (left(btrim(coalesce(nullif(btrim(file_name), ''), 'statement.csv')), 200), layout, auth.uid())
  returning id into statement;

  for i in header_at + 1 .. n loop
    continue when btrim(lines[i]) = '' or btrim(lines[i]) ~ '^,*$';
    f := app.csv_fields(lines[i]);
    if f is null then
      raise exception 'Line %: unclosed quote', i using errcode = '22023', detail = format('line %s: unclosed quote', i);
    end if;
    -- Banks end a statement with totals or a note: a line whose first field is not a date
    -- after the credits is a malformed line all the same (we refuse rather than guess).
    if cardinality(f) <> cardinality(cols) then
      raise exception 'Line %: % fields, the header has %', i, cardinality(f), cardinality(cols) using errcode = '22023',
        detail = format('line %s: %s fields where the header has %s', i, cardinality(f), cardinality(cols));
    end if;
    day := app.statement_date(f[col_date]);
    if day is null then
      raise exception 'Line %: the date "%" is not a date', i, left(f[col_date], 40) using errcode = '22023',
        detail = format('line %s: date', i);
    end if;
    credit := app.statement_amount(f[col_credit]);
    if credit is null or credit < 0 then
      raise exception 'Line %: the credit "%" is not an amount', i, left(f[col_credit], 40) using errcode = '22023',
        detail = format('line %s: credit', i);
    end if;
    continue when credit = 0; -- a debit
    credits := credits + 1;
    line_narration := left(coalesce(f[col_narration], ''), 1000);
    line_reference := nullif(upper(regexp_replace(coalesce(f[col_reference], ''), '[\s-]', '', 'g')), '');
    -- A UPI credit's narration carries the 12-digit RRN (UTR): UPI/CR/612345678901/…; NEFT and
    -- RTGS carry a UTR of 16 or 22 letters and digits.
    line_utr := coalesce(
      (regexp_match(upper(line_narration), '(?:^|[^0-9A-Z])([0-9]{12})(?:[^0-9A-Z]|$)'))[1],
      (regexp_match(upper(line_narration), '(?:NEFT|RTGS|IMPS)(?:[-/* ]+[A-Z]{4}0[A-Z0-9]{6})?[-/* ]+([0-9A-Z]{12,22})(?:[^0-9A-Z]|$)'))[1],
      case when line_reference ~ '^[0-9A-Z]{12,22}$' then line_reference end);
    select * into match from public.payments p
     where p.status = 'pending' and p.amount = credit
       and ((p.utr is not null and (p.utr = line_utr or p.utr = line_reference or position(p.utr in upper(line_narration)) > 0))
         or position(p.reference in upper(regexp_replace(line_narration, '[\s-]', '', 'g'))) > 0)
       and not exists (select from public.bank_statement_lines l where l.payment_id = p.id and l.status in ('matched', 'confirmed'))
     order by p.created_at
     limit 1;
    line_status := case when match.id is not null then 'matched'
                        when exists (select from public.payments p where p.status = 'completed' and p.utr is not null
                                       and p.utr in (line_utr, line_reference)) then 'already_recorded'
                        else 'unmatched' end;
    insert into public.bank_statement_lines (statement_id, line_no, txn_date, narration, bank_reference, utr, amount, payment_id, status)
    values (statement, i, day, line_narration, left(line_reference, 100), line_utr, credit, match.id, line_status)
    returning id into line;
    if match.id is not null then
      matched := matched + 1;
    end if;
  end loop;
  update public.bank_statements s set credit_lines = credits, matched_lines = matched where s.id = statement;
  insert into public.money_audit (actor, action, statement_id, detail)
  values (auth.uid(), 'statement_imported', statement, jsonb_build_object('layout', layout, 'credits', credits, 'matched', matched));
  return jsonb_build_object('statement_id', statement, 'layout', layout, 'credit_lines', credits, 'matched_lines', matched);
end
$$;
comment on function public.import_bank_statement(text, text) is
  'Imports a bank statement CSV (SBI, HDFC, Canara, generic) and matches its credits to pending payments; all or nothing.';
revoke execute on function public.import_bank_statement(text, text) from public, anon;
grant execute on function public.import_bank_statement(text, text) to authenticated;

-- Confirms matched lines of a statement (all of them, or the ones named): each payment
-- becomes completed with the statement's date and UTR, which issues its receipt.
create or replace function public.confirm_statement_matches(statement_id uuid, line_ids uuid[] default null) returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  line public.bank_statement_lines;
  confirmed int := 0;
begin
  if not app.is_admin() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501', detail = 'matches are confirmed by an administrator';
  end if;
  for line in
    select * from public.bank_statement_lines l
     where l.statement_id = confirm_statement_matches.statement_id and l.status = 'matched'
       and (line_ids is null or l.id = any (line_ids))
     order by l.line_no
     for update
  loop
    if line.utr is not null and exists (select from public.payments p where p.utr = line.utr and p.id <> line.payment_id
                                          and p.status not in ('failed', 'cancelled')) then
      raise exception 'This UTR is already recorded for another payment' using errcode = '23505',
        detail = format('line %s: UTR %s', line.line_no, line.utr);
    end if;
    update public.payments p
       set status = 'completed', received_on = line.txn_date, utr = coalesce(p.utr, line.utr), statement_line_id = line.id
     where p.id = line.payment_id and p.status = 'pending';
    if found then
      update public.bank_statement_lines l set status = 'confirmed', confirmed_by = auth.uid(), confirmed_at = now()
       where l.id = line.id;
      insert into public.money_audit (actor, action, payment_id, statement_id, detail)
      values (auth.uid(), 'match_confirmed', line.payment_id, line.statement_id, jsonb_build_object('line', line.line_no));
      confirmed := confirmed + 1;
    end if;
  end loop;
  return confirmed;
end
$$;
comment on function public.confirm_statement_matches(uuid, uuid[]) is 'Confirms a statement''s matches (admins): the payments complete and get receipts.';
revoke execute on function public.confirm_statement_matches(uuid, uuid[]) from public, anon;
grant execute on function public.confirm_statement_matches(uuid, uuid[]) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Form 10BD.

-- The portal's labels for the ID code, donation type and mode columns.
create or replace function app.form_10bd_id_label(code text) returns text
language sql immutable
set search_path = ''
as $$
  select case code when 'pan' then 'Permanent Account Number' when 'aadhaar' then 'Aadhaar Number'
                   when 'tin' then 'Tax Identification Number' when 'passport' then 'Passport number'
                   when 'elector' then 'Elector''s photo identity number' when 'driving_licence' then 'Driving License number'
                   when 'ration_card' then 'Ration card number' end
$$;

-- The financial year's eligible receipts in the portal's Part-B column order. Admins only; the
-- full identity numbers are read from the vault and each read is audited.
create or replace function public.form_10bd_rows(fy text)
returns table (sl_no int, pre_acknowledgement_no text, id_code text, unique_identification_number text, section_code text,
  urn text, urn_issued_on date, donor_name text, donor_address text, donation_type text, mode_of_receipt text, amount numeric)
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not app.is_admin() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501', detail = 'Form 10BD is for administrators';
  end if;
  insert into app.identity_reads (reader_id, record_table, record_id, aal)
  select distinct auth.uid(), 'donors', r.donor_id, coalesce(auth.jwt() ->> 'aal', 'aal1')
    from public.receipts r where r.fy = form_10bd_rows.fy and r.status = 'issued' and r.eligible and r.donor_id is not null;
  return query
  select (row_number() over (order by r.serial))::int, ''::text, app.form_10bd_id_label(d.id_code),
         coalesce(v.pan, v.aadhar, v.other_id), coalesce(s.form_code, r.section_code), r.urn_80g, r.urn_80g_issued_on,
         r.donor_name, r.donor_address,
         case r.donation_type when 'corpus' then 'Corpus' when 'specific_grant' then 'Specific grant' else 'Others' end,
         case r.mode when 'cash' then 'Cash' when 'kind' then 'Kind'
                     when 'upi' then 'Electronic modes including account payee cheque/draft'
                     when 'cheque' then 'Electronic modes including account payee cheque/draft'
                     when 'bank_transfer' then 'Electronic modes including account payee cheque/draft'
                     when 'card' then 'Electronic modes including account payee cheque/draft'
                     when 'online' then 'Electronic modes including account payee cheque/draft'
                     else 'Others' end,
         r.amount
    from public.receipts r
    join public.donors d on d.id = r.donor_id
    join app.identity_numbers v on v.record_table = 'donors' and v.record_id = d.id
    left join public.tax_sections s on s.code = r.section_code
   where r.fy = form_10bd_rows.fy and r.status = 'issued' and r.eligible and d.id_code in ('pan', 'aadhaar', 'tin', 'passport', 'elector', 'driving_licence', 'ration_card')
     and app.form_10bd_problem(r.donor_id, r.mode, r.amount, r.eligible, r.status) is null
   order by r.serial;
end
$$;
comment on function public.form_10bd_rows(text) is 'Form 10BD Part-B rows of a financial year, in the portal''s column order (admins).';
revoke execute on function public.form_10bd_rows(text) from public, anon;
grant execute on function public.form_10bd_rows(text) to authenticated;

-- What would make the portal reject a receipt's row, or null.
create or replace function app.form_10bd_problem(donor uuid, mode text, amount numeric, eligible boolean, status text) returns text
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  d public.donors;
  v app.identity_numbers;
begin
  if status <> 'issued' then return null; end if;
  if mode = 'kind' then return 'in_kind'; end if;
  if mode = 'cash' and amount > 2000 then return 'cash_over_limit'; end if;
  if not eligible then return 'not_eligible'; end if;
  select * into d from public.donors x where x.id = donor;
  if d.id is null then return 'no_donor_details'; end if;
  select * into v from app.identity_numbers x where x.record_table = 'donors' and x.record_id = d.id;
  if v.record_id is null or coalesce(v.pan, v.aadhar, v.other_id) is null then return 'no_identity'; end if;
  if d.id_code not in ('pan', 'aadhaar') then return 'no_pan_or_aadhaar'; end if;
  if length(btrim(d.address)) < 10 or d.pin_code is null then return 'bad_address'; end if;
  return null;
end
$$;
revoke execute on function app.form_10bd_problem(uuid, text, numeric, boolean, text) from public;

-- The financial year's receipts the portal would reject, each with the reason (admins).
create or replace function public.form_10bd_worklist(fy text)
returns table (receipt_id uuid, receipt_no text, donor_id uuid, donor_name text, amount numeric, mode text, problem text)
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not app.is_admin() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501', detail = 'Form 10BD is for administrators';
  end if;
  return query
  select r.id, r.receipt_no, r.donor_id, r.donor_name, r.amount, r.mode, p.problem
    from public.receipts r
    cross join lateral (select app.form_10bd_problem(r.donor_id, r.mode, r.amount, r.eligible, r.status) as problem) p
   where r.fy = form_10bd_worklist.fy and r.payment_type = 'donation' and p.problem is not null
   order by r.serial;
end
$$;
comment on function public.form_10bd_worklist(text) is 'Donation receipts of a year that Form 10BD would reject, with why (admins).';
revoke execute on function public.form_10bd_worklist(text) from public, anon;
grant execute on function public.form_10bd_worklist(text) to authenticated;

create or replace function app.csv_quote(value text) returns text
language sql immutable parallel safe
set search_path = ''
as $$ select case when value ~ '[",\n\r]' then '"' || replace(value, '"', '""') || '"' else coalesce(value, '') end $$;
grant execute on function app.csv_quote(text) to authenticated, service_role;

-- The Part-B CSV itself (header and rows; the portal's template order).
create or replace function public.form_10bd_csv(fy text) returns text
language sql
security invoker
set search_path = ''
as $$
  select 'Sl. No.,Pre-Acknowledgement No.,ID Code,Unique Identification Number,Section Code,URN,Date of issuance of URN,'
      || 'Name of donor,Address of donor,Donation Type,Mode of receipt,Amount' || E'\n'
      || coalesce(string_agg(concat_ws(',', x.sl_no, app.csv_quote(x.pre_acknowledgement_no), app.csv_quote(x.id_code),
           app.csv_quote(x.unique_identification_number), app.csv_quote(x.section_code), app.csv_quote(x.urn),
           coalesce(to_char(x.urn_issued_on, 'DD/MM/YYYY'), ''), app.csv_quote(x.donor_name), app.csv_quote(x.donor_address),
           app.csv_quote(x.donation_type), app.csv_quote(x.mode_of_receipt),
           case when x.amount = trunc(x.amount) then trunc(x.amount)::text else to_char(x.amount, 'FM999999999990.00') end) || E'\n',
           '' order by x.sl_no), '')
    from public.form_10bd_rows(fy) x
$$;
comment on function public.form_10bd_csv(text) is 'Form 10BD Part-B as CSV (admins).';
revoke execute on function public.form_10bd_csv(text) from public, anon;
grant execute on function public.form_10bd_csv(text) to authenticated;


-- Reminders to finance staff (admins) of the 31 May deadline: on 1 April, 10 May and 25 May.
create or replace function app.form_10bd_reminders_job() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  today date := app.india_today();
  year text := app.fy_of(today - 60);
  sent int;
  open_rows int := (select count(*)::int from public.receipts r
                     where r.fy = year and r.payment_type = 'donation'
                       and app.form_10bd_problem(r.donor_id, r.mode, r.amount, r.eligible, r.status) is not null);
begin
  insert into public.notifications (user_id, type, title, message, data)
  select u.id, 'other', 'Form 10BD for ' || year || ' is due by 31 May',
         'File Form 10BD (donations of ' || year || ') on the income-tax portal by 31 May; late filing costs ₹200 a day. '
         || open_rows || ' receipt(s) on the worklist need attention.',
         jsonb_build_object('fy', year, 'path', '/admin/finance/10bd')
    from public.users u where u.type in ('admin', 'super_admin') and u.status = 'approved';
  get diagnostics sent = row_count;
  return jsonb_build_object('fy', year, 'reminded', sent, 'worklist', open_rows);
end
$$;
revoke execute on function app.form_10bd_reminders_job() from public;
select ops.declare_job('form_10bd_reminder_1_april', '0 10 1 4 *', 'app.form_10bd_reminders_job', 'Asia/Kolkata', 300);
select ops.declare_job('form_10bd_reminder_10_may', '0 10 10 5 *', 'app.form_10bd_reminders_job', 'Asia/Kolkata', 300);
select ops.declare_job('form_10bd_reminder_25_may', '0 10 25 5 *', 'app.form_10bd_reminders_job', 'Asia/Kolkata', 300);

-- ---------------------------------------------------------------------------------------------
-- The finance overview (admins): received this month and this financial year by purpose and
-- mode, pending verifications, receipts issued.
create or replace function public.finance_overview(on_day date default null) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  day date := coalesce(on_day, app.india_today());
  year_code text := app.fy_of(day);
  fy_start date := make_date(left(year_code, 4)::int, 4, 1);
  month_start date := date_trunc('month', day)::date;
begin
  if not app.is_admin() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501', detail = 'the finance overview is for administrators';
  end if;
  return jsonb_build_object(
    'day', day, 'fy', year_code,
    'month', (select coalesce(jsonb_agg(jsonb_build_object('payment_type', g.payment_type, 'purpose', g.purpose, 'mode', g.mode,
                'count', g.n, 'total', g.total) order by g.payment_type, g.purpose, g.mode), '[]')
                from (select p.payment_type, p.purpose, coalesce(p.payment_method, 'other') as mode, count(*) as n, sum(p.amount) as total
                        from public.payments p
                       where p.status = 'completed' and p.received_on between month_start and day
                       group by 1, 2, 3) g),
    'year', (select coalesce(jsonb_agg(jsonb_build_object('payment_type', g.payment_type, 'purpose', g.purpose, 'mode', g.mode,
                'count', g.n, 'total', g.total) order by g.payment_type, g.purpose, g.mode), '[]')
                from (select p.payment_type, p.purpose, coalesce(p.payment_method, 'other') as mode, count(*) as n, sum(p.amount) as total
                        from public.payments p
                       where p.status = 'completed' and p.received_on between fy_start and day
                       group by 1, 2, 3) g),
    'month_total', (select coalesce(sum(p.amount), 0) from public.payments p
                     where p.status = 'completed' and p.received_on between month_start and day),
    'year_total', (select coalesce(sum(p.amount), 0) from public.payments p
                    where p.status = 'completed' and p.received_on between fy_start and day),
    'pending', (select count(*) from public.payments p where p.status = 'pending'),
    'pending_with_proof', (select count(*) from public.payments p where p.status = 'pending' and (p.utr is not null or p.proof_path is not null)),
    'receipts_issued', (select count(*) from public.receipts r where r.fy = year_code and r.status = 'issued'),
    'receipts_cancelled', (select count(*) from public.receipts r where r.fy = year_code and r.status = 'cancelled'));
end
$$;
comment on function public.finance_overview(date) is 'Received this month and year by purpose and mode, pending verifications, receipts (admins).';
revoke execute on function public.finance_overview(date) from public, anon;
grant execute on function public.finance_overview(date) to authenticated;

-- Triggers on public.payments (after functions/65_payments.sql's: names sort after them).
create or replace trigger payments_money_guard before insert or update on public.payments
  for each row execute function app.guard_payment_money();
create or replace trigger payments_money_audit after insert or update on public.payments
  for each row execute function app.audit_payment();
create or replace trigger payments_receipt after insert or update of status on public.payments
  for each row execute function app.issue_receipt();
create or replace trigger trust_finance_updated_at before update on public.trust_finance
  for each row execute function app.touch_updated_at();
