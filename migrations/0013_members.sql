-- Members: the membership detail record of a member account (members), the trust's member
-- register (member_directory, with HWT- ids), who shows what in the directory
-- (member_directory_visibility), members' connections, and the financial ledger.

-- The membership form of a member account (spec §3: detail record chosen by type member).
create table public.members (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references public.users (id) on delete cascade,
  first_name text not null check (length(first_name) between 1 and 100),
  surname text check (length(surname) <= 100),
  father_name text check (length(father_name) <= 200),
  date_of_birth date check (date_of_birth between date '1900-01-01' and current_date),
  gender text check (gender in ('male', 'female', 'other')),
  email text check (email is null or app.is_email(email)),
  phone text check (phone is null or app.is_phone(phone)),
  address text check (length(address) <= 500),
  city text check (length(city) <= 100),
  pincode text check (pincode is null or app.is_pincode(pincode)),
  occupation text check (length(occupation) <= 200),
  education text check (length(education) <= 200),
  gotra text check (length(gotra) <= 100),
  nakshatra_rashi text check (length(nakshatra_rashi) <= 100),
  mother_tongue text check (length(mother_tongue) <= 50),
  native_place text check (length(native_place) <= 100),
  -- Masked; the full numbers are in app.identity_numbers (0012).
  pan_number text,
  aadhar_number text,
  -- An upgradation keeps the member's existing number (spec §7).
  is_upgradation boolean not null default false,
  existing_membership_no text check (length(existing_membership_no) <= 50),
  approval_status text not null default 'pending' check (approval_status in ('pending', 'approved', 'rejected')),
  approved_by uuid references public.users (id) on delete set null,
  approved_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.members is 'Membership form of a member account; approval_status follows its directory entry.';
create index members_approval_status on public.members (approval_status);
create index members_approved_by on public.members (approved_by);
create trigger members_updated_at before update on public.members
  for each row execute function app.touch_updated_at();
create trigger members_identity_numbers before insert or update on public.members
  for each row execute function app.protect_identity_numbers('pan_number', 'aadhar_number');
create trigger members_forget_identity_numbers after delete on public.members
  for each row execute function app.forget_identity_numbers();

-- HWT- numbers come from a sequence: concurrent inserts can never compute the same
-- max()+1, and a number is never reused even after a delete.
create sequence app.member_unique_id_seq minvalue 1 maxvalue 99999 no cycle;

create table public.member_directory (
  id uuid primary key default gen_random_uuid(),
  unique_id text not null unique check (unique_id ~ '^HWT-[0-9]{5}$'),
  membership_no text not null check (length(membership_no) between 1 and 50),
  full_name text not null check (length(full_name) between 1 and 200),
  email text check (email is null or app.is_email(email)),
  mobile_number text check (mobile_number is null or app.is_phone(mobile_number)),
  member_type text not null default 'life' check (length(member_type) between 1 and 50),
  date_of_birth date check (date_of_birth between date '1900-01-01' and current_date),
  gotra text check (length(gotra) <= 100),
  profession text check (length(profession) <= 200),
  address_line1 text check (length(address_line1) <= 300),
  address_line2 text check (length(address_line2) <= 300),
  city text check (length(city) <= 100),
  state text check (length(state) <= 100),
  pincode text check (pincode is null or app.is_pincode(pincode)),
  native_place text check (length(native_place) <= 100),
  -- Check (new application), Yes (approved), No (rejected): spec §4.
  status text not null default 'Check' check (status in ('Check', 'Yes', 'No')),
  approval_status text not null default 'pending' check (approval_status in ('pending', 'approved', 'rejected')),
  approved_by uuid references public.users (id) on delete set null,
  approved_at timestamptz,
  remarks text check (length(remarks) <= 1000),
  approval_notes text check (length(approval_notes) <= 1000),
  sandesha_delivery_method text check (length(sandesha_delivery_method) <= 50),
  sandesha_delivery_enabled boolean not null default true,
  -- The account this entry belongs to, when the member has one.
  user_id uuid references public.users (id) on delete set null,
  created_by uuid references public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.member_directory is 'The trust''s register of members (HWT-00001…); contact details reach member_viewer and staff only.';
create index member_directory_membership_no on public.member_directory (membership_no);
create index member_directory_status on public.member_directory (status);
create index member_directory_approval_status on public.member_directory (approval_status);
create index member_directory_member_type on public.member_directory (member_type);
create index member_directory_delivery on public.member_directory (sandesha_delivery_method, sandesha_delivery_enabled);
create index member_directory_user_id on public.member_directory (user_id);
create index member_directory_created_by on public.member_directory (created_by);
create index member_directory_approved_by on public.member_directory (approved_by);
create index member_directory_created_at on public.member_directory (created_at desc);
create index member_directory_full_name on public.member_directory (full_name);
-- Partial-match filters (city, native place) and the free-text search (name, number, mobile, e-mail).
create index member_directory_full_name_trgm on public.member_directory using gin (full_name extensions.gin_trgm_ops);
create index member_directory_membership_no_trgm on public.member_directory using gin (membership_no extensions.gin_trgm_ops);
create index member_directory_mobile_trgm on public.member_directory using gin (mobile_number extensions.gin_trgm_ops);
create index member_directory_email_trgm on public.member_directory using gin (email extensions.gin_trgm_ops);
create index member_directory_city_trgm on public.member_directory using gin (city extensions.gin_trgm_ops);
create index member_directory_native_place_trgm on public.member_directory using gin (native_place extensions.gin_trgm_ops);

-- Spec §7: a new member gets the next HWT- number; membership_no is the supplied number for
-- an upgradation, else NEW- and a timestamp. A new entry made by anyone but an admin is an
-- application: status Check, approval pending, no approver.
-- Runs as the caller (not security definer): app.is_trusted_code must see who is writing.
create function app.prepare_member_directory_entry() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.unique_id := 'HWT-' || lpad(nextval('app.member_unique_id_seq')::text, 5, '0');
    new.membership_no := coalesce(nullif(btrim(new.membership_no), ''),
      'NEW-' || (extract(epoch from clock_timestamp()) * 1000)::bigint::text);
    new.created_by := coalesce(new.created_by, auth.uid());
    if not (app.is_admin() or app.is_trusted_code('public.member_directory'::regclass)) then
      new.status := 'Check';
      new.approval_status := 'pending';
      new.approved_by := null;
      new.approved_at := null;
    end if;
  else
    -- The HWT- number is the member's for life.
    new.unique_id := old.unique_id;
    if not (app.is_admin() or app.is_trusted_code('public.member_directory'::regclass))
       and (new.status, new.approval_status, new.approved_by, new.approved_at, new.remarks, new.approval_notes, new.user_id, new.membership_no)
           is distinct from (old.status, old.approval_status, old.approved_by, old.approved_at, old.remarks, old.approval_notes, old.user_id, old.membership_no) then
      raise exception 'Access denied - insufficient permissions' using errcode = '42501',
        detail = 'status, approval, remarks and membership number are changed by an administrator';
    end if;
  end if;
  return new;
end
$$;
grant usage on sequence app.member_unique_id_seq to authenticated, service_role;
create trigger member_directory_prepare before insert or update on public.member_directory
  for each row execute function app.prepare_member_directory_entry();
create trigger member_directory_updated_at before update on public.member_directory
  for each row execute function app.touch_updated_at();

-- What an entry's owner lets other members see (spec §7: upserted by the owner).
create table public.member_directory_visibility (
  member_id uuid primary key references public.member_directory (id) on delete cascade,
  user_id uuid references public.users (id) on delete cascade,
  show_in_directory boolean not null default true,
  show_contact_details boolean not null default false,
  updated_at timestamptz not null default now()
);
comment on table public.member_directory_visibility is 'Per entry: listed at all, and whether member viewers may see its contact details.';
create index member_directory_visibility_user_id on public.member_directory_visibility (user_id);
create index member_directory_visibility_contact on public.member_directory_visibility (member_id) where show_contact_details;
create trigger member_directory_visibility_updated_at before update on public.member_directory_visibility
  for each row execute function app.touch_updated_at();

-- Members asking to connect with each other.
create table public.member_connections (
  id uuid primary key default gen_random_uuid(),
  requester_id uuid not null references public.users (id) on delete cascade,
  requested_id uuid not null references public.users (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'accepted', 'declined', 'blocked')),
  message text check (length(message) <= 1000),
  responded_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (requester_id <> requested_id),
  unique (requester_id, requested_id)
);
create index member_connections_requested_id on public.member_connections (requested_id, status);
create index member_connections_status on public.member_connections (status);
create trigger member_connections_updated_at before update on public.member_connections
  for each row execute function app.touch_updated_at();

-- Money the trust received from or paid to a member; its entries keep the member in the
-- register (a member with entries cannot be deleted).
create table public.financial_ledger (
  id uuid primary key default gen_random_uuid(),
  member_id uuid not null references public.member_directory (id) on delete restrict,
  entry_date date not null default current_date,
  description text not null check (length(description) between 1 and 500),
  debit numeric(12, 2) not null default 0 check (debit >= 0),
  credit numeric(12, 2) not null default 0 check (credit >= 0),
  reference text check (length(reference) <= 100),
  created_by uuid references public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (debit > 0 or credit > 0)
);
create index financial_ledger_member_id on public.financial_ledger (member_id, entry_date desc);
create index financial_ledger_created_by on public.financial_ledger (created_by);
create trigger financial_ledger_updated_at before update on public.financial_ledger
  for each row execute function app.touch_updated_at();

-- The foreign key already refuses the delete; this says why in the product's words.
create function app.refuse_member_with_ledger() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select from public.financial_ledger where member_id = old.id) then
    raise exception 'Cannot delete a member with financial ledger entries' using errcode = '23503',
      detail = format('member %s has ledger entries', old.unique_id);
  end if;
  return old;
end
$$;
revoke execute on function app.refuse_member_with_ledger() from public;
create trigger member_directory_keep_ledger before delete on public.member_directory
  for each row execute function app.refuse_member_with_ledger();
