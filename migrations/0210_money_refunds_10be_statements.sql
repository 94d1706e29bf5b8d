-- Money (issue 36, the remaining parts): refunds of verified payments, Form 10BE files from the
-- portal matched to donors, donors' year statements as PDFs, and donor details staff enter for
-- a member's account. Functions: functions/66_money_refunds.sql, functions/66_money_form_10be.sql,
-- functions/67_year_statement_pdfs.sql; policies: policies/66_money.sql.

-- A refund: the whole payment (partial refunds are not supported), with its reason and time.
alter table public.payments
  add column refund_reason text check (length(btrim(refund_reason)) between 1 and 500),
  add column refunded_at timestamptz;
comment on column public.payments.refund_reason is 'Why a verified payment was refunded (whole payments only; refund_payment()).';
create index payments_refunded_at on public.payments (refunded_at) where status = 'refunded';

-- Form 10BE files: what the upload was called, how it was matched, who uploaded it, when the
-- donor was told. An unmatched file has no donor yet (listed for a manual match).
alter table public.form_10be
  add column file_name text check (length(btrim(file_name)) between 1 and 255),
  add column matched_by text check (matched_by in ('pan', 'aadhaar', 'arn', 'manual')),
  add column found_id text check (length(found_id) <= 75),
  add column uploaded_by uuid references public.users (id) on delete set null,
  add column notified_at timestamptz,
  add constraint form_10be_file_path_unique unique (file_path),
  add constraint form_10be_matched check ((donor_id is null) = (matched_by is null));
comment on column public.form_10be.found_id is 'The PAN, Aadhaar or ARN read from the file name (masked for PAN/Aadhaar).';
create index form_10be_uploaded_by on public.form_10be (uploaded_by);
create index form_10be_unmatched on public.form_10be (fy) where donor_id is null;

-- Year statements: one PDF per donor (an account, or a walk-in donor without one) and
-- financial year, rendered by the documents worker on request and again when a receipt of
-- that year is issued or cancelled.
create table public.year_statements (
  id uuid primary key default gen_random_uuid(),
  fy text not null check (fy ~ '^[0-9]{4}-[0-9]{2}$'),
  user_id uuid references public.users (id) on delete cascade,
  donor_id uuid references public.donors (id) on delete cascade,
  pdf_path text check (length(pdf_path) <= 500),
  requested_by uuid references public.users (id) on delete set null,
  requested_at timestamptz not null default now(),
  check (user_id is not null or donor_id is not null),
  constraint year_statements_one unique nulls not distinct (user_id, donor_id, fy)
);
comment on table public.year_statements is 'A donor''s year statement PDF (receipts of a financial year), rendered by the documents worker.';
create index year_statements_donor on public.year_statements (donor_id);
create index year_statements_requested_by on public.year_statements (requested_by);
alter table public.year_statements enable row level security;
alter table public.year_statements force row level security;
revoke insert, update, delete on public.year_statements from anon, authenticated;
revoke select on public.year_statements from anon;

-- save_donor gains `for_user` (staff entering a member's details for their account): the old
-- signature goes so that the API has one save_donor.
drop function if exists public.save_donor(text, text, text, text, text, text, text, text, text, uuid);
