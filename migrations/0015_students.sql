-- Students seeking educational aid (spec §3 student details), one record per student account.
create table public.student_details (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references public.users (id) on delete cascade,
  first_name text not null check (length(first_name) between 1 and 100),
  surname text not null check (length(surname) between 1 and 100),
  father_name text check (length(father_name) <= 200),
  date_of_birth date check (date_of_birth between date '1900-01-01' and current_date),
  age int check (age between 1 and 120),
  gender text check (gender in ('male', 'female', 'other')),
  email text not null check (app.is_email(email)),
  mobile_number text not null check (app.is_phone(mobile_number)),
  current_address text check (length(current_address) <= 500),
  permanent_address text check (length(permanent_address) <= 500),
  current_pincode text check (current_pincode is null or app.is_pincode(current_pincode)),
  permanent_pincode text check (permanent_pincode is null or app.is_pincode(permanent_pincode)),
  -- Masked; the full numbers are in app.identity_numbers (0012).
  pan_no text,
  aadhar_no text,
  passport_no text check (length(passport_no) <= 20),
  last_qualification text check (length(last_qualification) <= 200),
  father_occupation text check (length(father_occupation) <= 200),
  family_income numeric(14, 2) check (family_income >= 0 and family_income <= 100000000),
  father_email text check (father_email is null or app.is_email(father_email)),
  father_mobile text check (father_mobile is null or app.is_phone(father_mobile)),
  mother_name text check (length(mother_name) <= 200),
  mother_occupation text check (length(mother_occupation) <= 200),
  mother_email text check (mother_email is null or app.is_email(mother_email)),
  mother_mobile text check (mother_mobile is null or app.is_phone(mother_mobile)),
  course_planning text check (length(course_planning) <= 2000),
  self_contribution numeric(14, 2) check (self_contribution >= 0),
  course_details text check (length(course_details) <= 2000),
  donation_seeking numeric(14, 2) check (donation_seeking >= 0),
  -- Two Havyaka member references.
  reference1_name text check (length(reference1_name) <= 200),
  reference1_contact text check (length(reference1_contact) <= 200),
  reference2_name text check (length(reference2_name) <= 200),
  reference2_contact text check (length(reference2_contact) <= 200),
  why_donation text check (length(why_donation) <= 2000),
  progress_reports text[] not null default '{}',
  hometown text check (length(hometown) <= 100),
  studying_class text check (length(studying_class) <= 100),
  institution_name text check (length(institution_name) <= 200),
  academic_year text check (length(academic_year) <= 20),
  total_fees numeric(14, 2) check (total_fees >= 0),
  financial_assistance numeric(14, 2) check (financial_assistance >= 0),
  approval_status text not null default 'pending' check (approval_status in ('pending', 'approved', 'rejected')),
  approved_at timestamptz,
  approved_by uuid references public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.student_details is 'Educational-aid applications; PAN and Aadhaar are stored masked.';
create index student_details_approval_status on public.student_details (approval_status);
create index student_details_approved_by on public.student_details (approved_by);
create index student_details_created_at on public.student_details (created_at desc);
create index student_details_gender on public.student_details (gender);
create trigger student_details_updated_at before update on public.student_details
  for each row execute function app.touch_updated_at();
create trigger student_details_approval before insert or update on public.student_details
  for each row execute function app.guard_approval();
create trigger student_details_identity_numbers before insert or update on public.student_details
  for each row execute function app.protect_identity_numbers('pan_no', 'aadhar_no');
create trigger student_details_forget_identity_numbers after delete on public.student_details
  for each row execute function app.forget_identity_numbers();

create trigger members_approval before insert or update on public.members
  for each row execute function app.guard_approval();
