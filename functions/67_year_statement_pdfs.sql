-- Year statements (issue 36): a donor's receipts of one financial year as a PDF in English and
-- Kannada (templates/statement.typ): serial, date, amount, mode and purpose of each, totals,
-- eligible and not. A donor asks for theirs on /account/payments, staff for anyone's on
-- /admin/finance (public.request_year_statement); the documents worker renders it into the
-- receipts bucket ({user id}/statement-{fy}.pdf; staff/… for a walk-in donor without an
-- account) and renders it again when a receipt of that year is issued or cancelled.

-- Whether a receipt belongs in a statement: a walk-in donor's (donor set) has the receipts
-- naming that donor; an account's has the receipts of the account that name no donor or the
-- account's own donor details (not walk-ins a staff member entered: their payments carry the
-- staff member's account by default).
create or replace function app.statement_has_receipt(s_user uuid, s_donor uuid, r_user uuid, r_donor uuid) returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select case when s_donor is not null then r_donor is not distinct from s_donor
              else r_user = s_user
                   and (r_donor is null or exists (select from public.donors d where d.id = r_donor and d.user_id = s_user)) end
$$;
revoke execute on function app.statement_has_receipt(uuid, uuid, uuid, uuid) from public;

-- Asks for a year statement: one's own (no donor or account given), or for staff any
-- account's (for_user) or donor's (donor, which wins: a donor with an account has the
-- account's statement, a walk-in donor their own). Returns its row; pdf_path is set when the
-- file is ready (again null while it is rendered anew).
create or replace function public.request_year_statement(fy text, for_user uuid default null, donor uuid default null)
returns public.year_statements
language plpgsql
security definer
set search_path = ''
as $$
declare
  admin boolean := app.is_admin();
  account uuid := for_user;
  walk_in uuid := donor;
  made public.year_statements;
begin
  if auth.uid() is null then
    raise exception 'Authentication required' using errcode = '42501', detail = 'sign in for your statement';
  end if;
  if fy !~ '^[0-9]{4}-[0-9]{2}$' then
    raise exception 'Validation error - please check your input' using errcode = '23514', detail = 'a financial year as 2026-27';
  end if;
  if account is null and walk_in is null then
    account := auth.uid();
  elsif not admin and (walk_in is not null or account <> auth.uid()) then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501', detail = 'a statement of one''s own';
  end if;
  if walk_in is not null then
    select d.user_id, case when d.user_id is null then d.id end into account, walk_in
      from public.donors d where d.id = walk_in;
    if account is null and walk_in is null then
      raise exception 'Resource not found' using errcode = 'PT404', detail = 'no such donor';
    end if;
    if account is not null then
      walk_in := null;
    end if;
  end if;
  if not exists (select from public.receipts r
                  where r.fy = request_year_statement.fy and app.statement_has_receipt(account, walk_in, r.user_id, r.donor_id)) then
    raise exception 'Resource not found' using errcode = 'PT404', detail = 'no receipts in that financial year';
  end if;
  insert into public.year_statements as s (fy, user_id, donor_id, requested_by)
  values (request_year_statement.fy, account, walk_in, auth.uid())
  on conflict on constraint year_statements_one do update set requested_at = now(), requested_by = excluded.requested_by
  returning * into made;
  return made;
end
$$;
comment on function public.request_year_statement(text, uuid, uuid) is
  'Asks for a donor''s year statement PDF (one''s own; staff: any account''s or walk-in donor''s).';
revoke execute on function public.request_year_statement(text, uuid, uuid) from public, anon;
grant execute on function public.request_year_statement(text, uuid, uuid) to authenticated;

-- A receipt issued or cancelled: its year's statement is rendered again.
create or replace function app.rerender_year_statement() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.year_statements s set pdf_path = null
   where s.fy = new.fy and s.pdf_path is not null and app.statement_has_receipt(s.user_id, s.donor_id, new.user_id, new.donor_id);
  return null;
end
$$;
revoke execute on function app.rerender_year_statement() from public;
create or replace trigger receipts_rerender_year_statement after insert or update of status on public.receipts
  for each row execute function app.rerender_year_statement();

-- The rows the renderer reads (the role that migrates; no API role reads this view): the
-- trust, the donor (as their latest receipt names them), every receipt of the year with the
-- words both languages print, the totals in figures and words.
create or replace view app.year_statement_pdf_rows as
select s.id, s.fy, s.user_id, s.donor_id, s.pdf_path,
       coalesce(s.user_id::text, 'staff') || '/statement-' || s.fy || coalesce('-' || left(s.donor_id::text, 8), '') || '.pdf' as pdf_name,
       '01-04-' || left(s.fy, 4) as fy_from_text,
       '31-03-' || (left(s.fy, 4)::int + 1)::text as fy_until_text,
       t.trust_name, t.trust_name_kn, t.address as trust_address, t.pan as trust_pan, t.urn_80g, t.signatory,
       latest.donor_name, latest.donor_address, latest.donor_id_code, latest.donor_id_masked,
       agg.receipts, agg.count, agg.cancelled,
       app.indian_figures(agg.total) as total_figures, app.indian_figures(agg.eligible_total) as eligible_figures,
       app.indian_figures(agg.total - agg.eligible_total) as not_eligible_figures,
       app.amount_in_words(agg.total, 'en') as total_words_en, app.amount_in_words(agg.total, 'kn') as total_words_kn,
       to_char(app.india_today(), 'DD-MM-YYYY') as made_on_text
  from public.year_statements s
  cross join public.trust_finance t
  cross join lateral (
    select coalesce(jsonb_agg(jsonb_build_object('receipt_no', r.receipt_no, 'date', r.received_on_text, 'amount', r.amount_figures,
             'mode_en', r.mode_en, 'mode_kn', r.mode_kn, 'purpose_en', r.purpose_en, 'purpose_kn', r.purpose_kn,
             'eligible', r.eligible, 'cancelled', r.status = 'cancelled', 'section', r.section_code)
             order by r.serial), '[]') as receipts,
           (count(*) filter (where r.status = 'issued'))::int as count,
           (count(*) filter (where r.status = 'cancelled'))::int as cancelled,
           coalesce(sum(r.amount) filter (where r.status = 'issued'), 0) as total,
           coalesce(sum(r.amount) filter (where r.status = 'issued' and r.eligible), 0) as eligible_total
      from public.receipts x
      join app.receipt_pdf_rows r on r.id = x.id
     where x.fy = s.fy and app.statement_has_receipt(s.user_id, s.donor_id, x.user_id, x.donor_id)
  ) agg
  cross join lateral (
    select r.donor_name, r.donor_address, r.donor_id_code, r.donor_id_masked
      from public.receipts r
     where r.fy = s.fy and app.statement_has_receipt(s.user_id, s.donor_id, r.user_id, r.donor_id)
     order by r.serial desc limit 1
  ) latest
 where t.id;
comment on view app.year_statement_pdf_rows is 'Year statements as the PDF renderer reads them (ops.declare_document year_statement_pdf).';
revoke all on app.year_statement_pdf_rows from public;

select ops.declare_document('year_statement_pdf', 'app.year_statement_pdf_rows', 'id', 'statement.typ', 'receipts', 'pdf_name',
                            'public.year_statements', 'pdf_path', 'user_id');
