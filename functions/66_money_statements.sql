-- Money: bank statements (CSV in the SBI, HDFC, Canara or a generic layout), imported in one
-- transaction and matched to pending payments. See 66_money.sql for the domain's files.


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
