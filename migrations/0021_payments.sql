-- Payments: membership fees, donations, matrimony registration fees, event fees. Each names
-- who paid and what it pays for, so the admin list embeds member, matrimony profile, event,
-- user and verifier (spec §7). Status and amount are changed by admins only.

create table public.payments (
  id uuid primary key default gen_random_uuid(),
  payment_type text not null check (payment_type in ('membership', 'donation', 'matrimony', 'event', 'sandesha', 'other')),
  status text not null default 'pending' check (status in ('pending', 'completed', 'failed', 'refunded', 'cancelled')),
  amount numeric(12, 2) not null check (amount > 0 and amount <= 100000000),
  currency text not null default 'INR' check (currency ~ '^[A-Z]{3}$'),
  payment_method text check (payment_method in ('cash', 'cheque', 'bank_transfer', 'upi', 'card', 'online', 'other')),
  transaction_reference text check (length(transaction_reference) <= 200),
  payer_name text check (length(payer_name) <= 200),
  payer_email text check (payer_email is null or app.is_email(payer_email)),
  notes text check (length(notes) <= 2000),
  user_id uuid references public.users (id) on delete set null default auth.uid(),
  member_id uuid references public.member_directory (id) on delete set null,
  matrimony_id uuid references public.matrimony_details (id) on delete set null,
  event_id uuid references public.events (id) on delete set null,
  verified_by uuid references public.users (id) on delete set null,
  verified_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.payments is 'Money received; users record their own (pending), admins verify.';
create index payments_created_at on public.payments (created_at desc);
create index payments_type_status on public.payments (payment_type, status, created_at desc);
create index payments_status on public.payments (status, created_at desc);
create index payments_user_id on public.payments (user_id, created_at desc);
create index payments_member_id on public.payments (member_id);
create index payments_matrimony_id on public.payments (matrimony_id);
create index payments_event_id on public.payments (event_id);
create index payments_verified_by on public.payments (verified_by);
create trigger payments_updated_at before update on public.payments
  for each row execute function app.touch_updated_at();

-- A payment recorded by its payer starts pending and unverified; only admins change its
-- status or amount, and a status change records who verified it and when.
create function app.guard_payment() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  admin boolean := app.is_admin() or app.is_trusted_code(tg_relid);
begin
  if tg_op = 'INSERT' then
    if not admin then
      new.status := 'pending';
      new.verified_by := null;
      new.verified_at := null;
    end if;
  else
    if not admin and (new.status, new.amount, new.currency, new.verified_by, new.verified_at, new.user_id)
                     is distinct from (old.status, old.amount, old.currency, old.verified_by, old.verified_at, old.user_id) then
      raise exception 'Access denied - insufficient permissions' using errcode = '42501',
        detail = 'a payment''s status and amount are changed by an administrator';
    end if;
    if new.status is distinct from old.status and new.status <> 'pending' then
      new.verified_by := coalesce(auth.uid(), new.verified_by);
      new.verified_at := now();
    end if;
  end if;
  return new;
end
$$;
grant execute on function app.guard_payment() to authenticated, service_role;
create trigger payments_guard before insert or update on public.payments
  for each row execute function app.guard_payment();
