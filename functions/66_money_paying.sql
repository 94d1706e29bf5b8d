-- Money: donors saved once (their identity number in the vault) and paying by UPI: starting
-- a payment and telling us how it was paid. See 66_money.sql for the domain's files.


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
-- (donor_id and for_user null), a member's account's (for_user: their donor row, made or
-- edited) or any donor. The identity number goes to the vault; a number equal to the stored
-- mask keeps the stored one.
create or replace function public.save_donor(name text, address text, id_code text, id_number text,
  city text default null, state text default null, pin_code text default null, email text default null,
  phone text default null, donor_id uuid default null, for_user uuid default null)
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
  if for_user is not null and not admin then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501',
      detail = 'staff enter donor details for another account';
  end if;
  if for_user is not null and not exists (select from public.users u where u.id = for_user) then
    raise exception 'Resource not found' using errcode = 'PT404', detail = 'no such account';
  end if;
  if save_donor.donor_id is not null then
    select * into existing from public.donors d where d.id = save_donor.donor_id;
    if existing.id is null or not (admin or existing.user_id = auth.uid()) then
      raise exception 'Resource not found' using errcode = 'PT404', detail = 'no such donor';
    end if;
  elsif for_user is not null then
    select * into existing from public.donors d where d.user_id = for_user;
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
    values (case when for_user is not null then for_user when not admin then auth.uid() end,
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
comment on function public.save_donor(text, text, text, text, text, text, text, text, text, uuid, uuid) is
  'Saves donor details (one''s own, or any for admins); the identity number goes to the vault, masked in the row.';
revoke execute on function public.save_donor(text, text, text, text, text, text, text, text, text, uuid, uuid) from public, anon;
grant execute on function public.save_donor(text, text, text, text, text, text, text, text, text, uuid, uuid) to authenticated;

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
