-- Money (issue 36): donations and membership fees paid by UPI (a reference, a QR code, the
-- payer's UTR) or entered by staff (cash, cheque, kind); donors' details for 80G receipts and
-- Form 10BD with their identity number in the vault; bank statements imported and matched;
-- receipts with a gapless serial per financial year; the audit of every change.
-- Functions, views and triggers: functions/66_money.sql; policies: policies/66_money.sql.

-- What the trust prints and shows: its name, address, PAN, 80G registration, bank account
-- and UPI ID. One row, public (the /donate page and every receipt show it), admins edit it.
create table public.trust_finance (
  id boolean primary key default true check (id),
  trust_name text not null default 'Havyaka Trust' check (length(btrim(trust_name)) between 1 and 200),
  trust_name_kn text check (length(trust_name_kn) <= 200),
  address text not null default '' check (length(address) <= 500),
  pan text check (pan ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'),
  urn_80g text check (length(urn_80g) <= 100),
  urn_80g_issued_on date,
  urn_80g_valid_from date,
  urn_80g_valid_until date,
  bank_account_name text check (length(bank_account_name) <= 200),
  bank_account_number text check (bank_account_number ~ '^[0-9]{9,18}$'),
  bank_name text check (length(bank_name) <= 200),
  bank_branch text check (length(bank_branch) <= 200),
  ifsc text check (ifsc ~ '^[A-Z]{4}0[A-Z0-9]{6}$'),
  upi_id text check (upi_id ~ '^[A-Za-z0-9._-]{2,255}@[A-Za-z][A-Za-z0-9.-]{1,63}$'),
  upi_payee_name text check (length(upi_payee_name) <= 100),
  receipt_prefix text not null default 'HT' check (receipt_prefix ~ '^[A-Z0-9]{1,10}$'),
  signatory text check (length(signatory) <= 200),
  updated_by uuid references public.users (id) on delete set null default auth.uid(),
  updated_at timestamptz not null default now(),
  check (urn_80g_valid_until is null or urn_80g_valid_from is null or urn_80g_valid_until >= urn_80g_valid_from)
);
comment on table public.trust_finance is 'The trust''s name, PAN, 80G registration, bank account and UPI ID (one row).';
insert into public.trust_finance (id) values (true);

-- The purposes a donation may be given for (data: staff may add more), with the 10BD type.
create table public.donation_purposes (
  code text primary key check (code ~ '^[a-z][a-z0-9_]{0,39}$'),
  label text not null check (length(btrim(label)) between 1 and 100),
  label_kn text check (length(label_kn) <= 100),
  donation_type text not null check (donation_type in ('corpus', 'specific_grant', 'others')),
  is_active boolean not null default true,
  display_order int not null default 0
);
comment on table public.donation_purposes is 'What a donation is for; its Form 10BD donation type.';
insert into public.donation_purposes (code, label, label_kn, donation_type, display_order) values
  ('corpus', 'Corpus fund', 'ಕಾರ್ಪಸ್ ನಿಧಿ', 'corpus', 1),
  ('educational_aid', 'Educational aid', 'ಶೈಕ್ಷಣಿಕ ನೆರವು', 'specific_grant', 2),
  ('events', 'Community events', 'ಸಮುದಾಯ ಕಾರ್ಯಕ್ರಮಗಳು', 'others', 3),
  ('general', 'General fund', 'ಸಾಮಾನ್ಯ ನಿಧಿ', 'others', 4);

-- The fee of each member type (data).
create table public.membership_fees (
  member_type text primary key check (length(member_type) between 1 and 50),
  amount numeric(12, 0) not null check (amount > 0 and amount <= 10000000),
  label text not null check (length(btrim(label)) between 1 and 100),
  label_kn text check (length(label_kn) <= 100)
);
comment on table public.membership_fees is 'The membership fee of each member type, in whole rupees.';
insert into public.membership_fees (member_type, amount, label, label_kn) values
  ('life', 5000, 'Life membership', 'ಆಜೀವ ಸದಸ್ಯತ್ವ'),
  ('annual', 500, 'Annual membership', 'ವಾರ್ಷಿಕ ಸದಸ್ಯತ್ವ');

-- Tax sections as data: 80G until 31 March 2026, section 354 of the Income-tax Act 2025 from
-- 1 April 2026. The receipt names the section in force on its date.
create table public.tax_sections (
  code text primary key check (length(code) between 1 and 20),
  act text not null check (length(act) <= 100),
  form_code text not null check (length(form_code) <= 20),
  valid_from date not null,
  valid_until date,
  declaration text not null check (length(declaration) <= 1000),
  declaration_kn text not null check (length(declaration_kn) <= 1000),
  check (valid_until is null or valid_until >= valid_from)
);
comment on table public.tax_sections is 'The section under which donations are deductible, by date (data).';
insert into public.tax_sections (code, act, form_code, valid_from, valid_until, declaration, declaration_kn) values
  ('80G', 'Income-tax Act, 1961', '80G', date '1962-04-01', date '2026-03-31',
   'This donation is eligible for deduction under section 80G of the Income-tax Act, 1961.',
   'ಈ ದೇಣಿಗೆಯು ಆದಾಯ ತೆರಿಗೆ ಕಾಯ್ದೆ, 1961ರ ಸೆಕ್ಷನ್ 80G ಅಡಿಯಲ್ಲಿ ಕಡಿತಕ್ಕೆ ಅರ್ಹವಾಗಿದೆ.'),
  ('354', 'Income-tax Act, 2025', '354', date '2026-04-01', null,
   'This donation is eligible for deduction under section 354 of the Income-tax Act, 2025 (formerly section 80G).',
   'ಈ ದೇಣಿಗೆಯು ಆದಾಯ ತೆರಿಗೆ ಕಾಯ್ದೆ, 2025ರ ಸೆಕ್ಷನ್ 354 (ಹಿಂದಿನ ಸೆಕ್ಷನ್ 80G) ಅಡಿಯಲ್ಲಿ ಕಡಿತಕ್ಕೆ ಅರ್ಹವಾಗಿದೆ.');

-- A donor's details, captured once: the name as on the identity document, the address, and
-- the Form 10BD identity (code and number). The number lives in the vault
-- (app.identity_numbers); the row keeps a mask. Written only through public.save_donor().
create table public.donors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid unique references public.users (id) on delete set null,
  name text not null check (length(btrim(name)) between 1 and 200),
  address text not null check (length(btrim(address)) between 1 and 500),
  city text check (length(city) <= 100),
  state text check (length(state) <= 100),
  pin_code text check (pin_code ~ '^[1-9][0-9]{5}$'),
  id_code text not null check (id_code in ('pan', 'aadhaar', 'tin', 'passport', 'elector', 'driving_licence', 'ration_card')),
  id_masked text not null check (length(id_masked) <= 80),
  email text check (email is null or app.is_email(email)),
  phone text check (phone is null or app.is_phone(phone)),
  created_by uuid references public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.donors is 'Donors as receipts and Form 10BD name them; the identity number is in the vault, masked here.';
create index donors_created_by on public.donors (created_by);

alter table app.identity_numbers drop constraint identity_numbers_record_table_check;
alter table app.identity_numbers add constraint identity_numbers_record_table_check
  check (record_table in ('student_details', 'members', 'donors'));
-- A donor's other Form 10BD identity (TIN, passport, elector's ID, driving licence, ration card).
alter table app.identity_numbers add column other_id text check (length(other_id) between 1 and 75);

-- Payments gain what UPI and receipts need.
alter table public.payments drop constraint payments_payment_method_check;
alter table public.payments add constraint payments_payment_method_check
  check (payment_method in ('cash', 'cheque', 'bank_transfer', 'upi', 'card', 'online', 'kind', 'other'));
alter table public.payments
  add column reference text unique check (reference ~ '^[A-Z]{2,4}[0-9A-Z]{8,12}$'),
  add column purpose text references public.donation_purposes (code),
  add column donor_id uuid references public.donors (id) on delete set null,
  add column utr text check (utr ~ '^[0-9A-Z]{6,35}$'),
  add column proof_path text check (length(proof_path) <= 500),
  add column received_on date,
  add column statement_line_id uuid;
create unique index payments_utr on public.payments (utr) where status <> 'failed' and status <> 'cancelled';
create index payments_donor_id on public.payments (donor_id);
create index payments_purpose on public.payments (purpose);
create index payments_received_on on public.payments (received_on) where status = 'completed';
comment on column public.payments.reference is 'Our reference: the UPI transaction reference (tr) and the tag a statement line is matched by.';
comment on column public.payments.utr is 'The bank''s UTR / UPI transaction id the payer or the statement gave; one payment per UTR.';
comment on column public.payments.proof_path is 'A screenshot of the payment in the payment-proofs bucket ({user id}/…).';

-- Receipts: one per payment, a gapless serial per financial year drawn in the verifying
-- transaction; everything printed is kept as issued (a later change of the donor or the
-- trust does not rewrite a receipt). A cancelled receipt keeps its number.
create table app.receipt_counters (
  fy text primary key check (fy ~ '^[0-9]{4}-[0-9]{2}$'),
  last int not null check (last > 0)
);
comment on table app.receipt_counters is 'The last receipt serial drawn in each financial year.';
revoke all on app.receipt_counters from public, anon, authenticated, service_role;

create table public.receipts (
  id uuid primary key default gen_random_uuid(),
  payment_id uuid not null unique references public.payments (id) on delete restrict,
  user_id uuid references public.users (id) on delete set null,
  fy text not null check (fy ~ '^[0-9]{4}-[0-9]{2}$'),
  serial int not null check (serial > 0),
  receipt_no text not null unique,
  issued_on date not null,
  received_on date not null,
  status text not null default 'issued' check (status in ('issued', 'cancelled')),
  cancelled_at timestamptz,
  cancel_reason text check (length(cancel_reason) <= 500),
  trust_name text not null,
  trust_name_kn text,
  trust_address text not null,
  trust_pan text,
  urn_80g text,
  urn_80g_issued_on date,
  urn_80g_valid_from date,
  urn_80g_valid_until date,
  signatory text,
  donor_id uuid references public.donors (id) on delete set null,
  donor_name text not null,
  donor_address text,
  donor_id_code text,
  donor_id_masked text,
  amount numeric(12, 2) not null check (amount > 0),
  payment_type text not null,
  mode text not null,
  purpose text,
  donation_type text,
  section_code text references public.tax_sections (code),
  eligible boolean not null,
  ineligible_reason text check (ineligible_reason in ('not_a_donation', 'cash_over_limit', 'in_kind', 'no_registration')),
  pdf_path text check (length(pdf_path) <= 500),
  created_at timestamptz not null default now(),
  unique (fy, serial),
  check (eligible = (ineligible_reason is null)),
  check ((status = 'cancelled') = (cancelled_at is not null))
);
comment on table public.receipts is 'Receipts as issued: gapless serial per financial year; cancelled ones keep their number.';
comment on column public.receipts.pdf_path is 'The rendered PDF in the receipts bucket ({user id}/{receipt no}.pdf), written by the renderer.';
create index receipts_user_id on public.receipts (user_id, issued_on desc);
create index receipts_donor_id on public.receipts (donor_id);
create index receipts_fy on public.receipts (fy, serial);

-- Bank statements imported by staff, line by line, and what each line matched.
create table public.bank_statements (
  id uuid primary key default gen_random_uuid(),
  file_name text not null check (length(btrim(file_name)) between 1 and 200),
  layout text not null check (layout in ('sbi', 'hdfc', 'canara', 'generic')),
  imported_by uuid references public.users (id) on delete set null,
  imported_at timestamptz not null default now(),
  credit_lines int not null default 0,
  matched_lines int not null default 0
);
comment on table public.bank_statements is 'Bank statements imported for reconciliation.';
create index bank_statements_imported_by on public.bank_statements (imported_by);

create table public.bank_statement_lines (
  id uuid primary key default gen_random_uuid(),
  statement_id uuid not null references public.bank_statements (id) on delete cascade,
  line_no int not null check (line_no > 0),
  txn_date date not null,
  narration text not null default '',
  bank_reference text,
  utr text,
  amount numeric(14, 2) not null check (amount > 0),
  payment_id uuid references public.payments (id) on delete set null,
  status text not null check (status in ('matched', 'unmatched', 'confirmed', 'already_recorded')),
  confirmed_by uuid references public.users (id) on delete set null,
  confirmed_at timestamptz,
  unique (statement_id, line_no)
);
comment on table public.bank_statement_lines is 'Credits of an imported statement and the pending payment each matched.';
create index bank_statement_lines_payment on public.bank_statement_lines (payment_id);
create index bank_statement_lines_status on public.bank_statement_lines (statement_id, status);
create index bank_statement_lines_confirmed_by on public.bank_statement_lines (confirmed_by);
alter table public.payments add constraint payments_statement_line_fk
  foreign key (statement_line_id) references public.bank_statement_lines (id) on delete set null;
create index payments_statement_line_id on public.payments (statement_line_id);

-- Every change to money: a payment recorded, its status, amount, UTR or method changed, a
-- receipt issued or cancelled, a statement imported, a match confirmed.
create table public.money_audit (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor uuid,
  action text not null,
  payment_id uuid,
  receipt_id uuid,
  statement_id uuid,
  detail jsonb not null default '{}'
);
comment on table public.money_audit is 'Every change to payments, receipts and statements; appended by triggers and functions only.';
create index money_audit_payment on public.money_audit (payment_id, at);
create index money_audit_at on public.money_audit (at desc);

-- Form 10BE files from the portal, matched to donors by PAN / ARN (uploaded by staff).
create table public.form_10be (
  id uuid primary key default gen_random_uuid(),
  fy text not null check (fy ~ '^[0-9]{4}-[0-9]{2}$'),
  donor_id uuid references public.donors (id) on delete set null,
  user_id uuid references public.users (id) on delete set null,
  arn text check (length(arn) <= 21),
  file_path text not null check (length(file_path) <= 500),
  uploaded_at timestamptz not null default now(),
  unique (fy, donor_id)
);
comment on table public.form_10be is 'Form 10BE certificates from the portal, one per donor and year.';
create index form_10be_user on public.form_10be (user_id);

alter table public.trust_finance enable row level security;
alter table public.trust_finance force row level security;
alter table public.donation_purposes enable row level security;
alter table public.donation_purposes force row level security;
alter table public.membership_fees enable row level security;
alter table public.membership_fees force row level security;
alter table public.tax_sections enable row level security;
alter table public.tax_sections force row level security;
alter table public.donors enable row level security;
alter table public.donors force row level security;
alter table public.receipts enable row level security;
alter table public.receipts force row level security;
alter table public.bank_statements enable row level security;
alter table public.bank_statements force row level security;
alter table public.bank_statement_lines enable row level security;
alter table public.bank_statement_lines force row level security;
alter table public.money_audit enable row level security;
alter table public.money_audit force row level security;
alter table public.form_10be enable row level security;
alter table public.form_10be force row level security;

-- Public tables get every privilege by default (server/migrations/0001): keep only what each
-- caller may do, so a refused write says so (42501) rather than changing no row.
revoke insert, update, delete on public.trust_finance, public.donation_purposes, public.membership_fees, public.tax_sections,
  public.donors, public.receipts, public.bank_statements, public.bank_statement_lines, public.money_audit, public.form_10be
  from anon, authenticated;
revoke select on public.donors, public.receipts, public.bank_statements, public.bank_statement_lines, public.money_audit,
  public.form_10be from anon;
grant update (trust_name, trust_name_kn, address, pan, urn_80g, urn_80g_issued_on, urn_80g_valid_from, urn_80g_valid_until,
  bank_account_name, bank_account_number, bank_name, bank_branch, ifsc, upi_id, upi_payee_name, receipt_prefix, signatory)
  on public.trust_finance to authenticated;
grant insert, update, delete on public.donation_purposes, public.membership_fees to authenticated;

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('payment-proofs', 'payment-proofs', false, 2097152, array['image/jpeg', 'image/png', 'image/webp', 'application/pdf']),
  ('receipts', 'receipts', false, 5242880, array['application/pdf'])
on conflict (id) do nothing;
