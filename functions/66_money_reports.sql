-- Money: Form 10BD (the portal's Part-B rows and CSV, the worklist of rows it would reject),
-- the reminders to finance staff, and the finance overview. See 66_money.sql for the domain's
-- files.


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
-- mode, net of refunds (and the refunds apart), pending verifications, receipts issued.
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
    -- The totals above are net of refunds (a refunded payment is no longer completed); what
    -- was refunded of the money received in the month and the year, apart.
    'month_refunded', (select coalesce(sum(p.amount), 0) from public.payments p
                        where p.status = 'refunded' and p.received_on between month_start and day),
    'year_refunded', (select coalesce(sum(p.amount), 0) from public.payments p
                       where p.status = 'refunded' and p.received_on between fy_start and day),
    'refunds', (select count(*) from public.payments p
                 where p.status = 'refunded' and p.received_on between fy_start and day),
    'pending', (select count(*) from public.payments p where p.status = 'pending'),
    'pending_with_proof', (select count(*) from public.payments p where p.status = 'pending' and (p.utr is not null or p.proof_path is not null)),
    'receipts_issued', (select count(*) from public.receipts r where r.fy = year_code and r.status = 'issued'),
    'receipts_cancelled', (select count(*) from public.receipts r where r.fy = year_code and r.status = 'cancelled'));
end
$$;
comment on function public.finance_overview(date) is 'Received this month and year by purpose and mode, pending verifications, receipts (admins).';
revoke execute on function public.finance_overview(date) from public, anon;
grant execute on function public.finance_overview(date) to authenticated;
