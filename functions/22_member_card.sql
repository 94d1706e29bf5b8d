-- The membership card (issue 36 items 7 and 8; docs/money.md "Membership card"). An approved
-- member's card: the register's number, name and type, the account's photo, a valid-until
-- date, and a token signed by the engine over auth.card_claims() (member number m, type t,
-- version v, name n, exp; the engine adds iat and the key id k): no phone, e-mail or
-- identity number. Staff revoke a card by bumping members.card_version.

-- The last day of the financial year (1 April to 31 March) containing `day`.
create or replace function app.financial_year_end(day date) returns date
language sql immutable
set search_path = ''
as $$ select make_date(extract(year from day + interval '9 months')::int, 3, 31) $$;
grant execute on function app.financial_year_end(date) to anon, authenticated, service_role;

-- The card of an account, whether or not it is valid today: the approved register entry
-- linked to the account (the latest approved, if ever two), its approved membership form's
-- version. Annual memberships run to the end of the financial year of the latest completed
-- membership payment (or of the approval); other types have no end.
create or replace function app.member_card_of(account uuid)
returns table (membership_no text, full_name text, member_type text, valid_until date, photo_url text,
               card_version integer)
language sql stable
security definer
set search_path = ''
as $$
  select d.membership_no, d.full_name, d.member_type,
         case when d.member_type = 'annual' then app.financial_year_end(greatest(
           (d.approved_at at time zone 'Asia/Kolkata')::date,
           (select max(coalesce(p.received_on, (p.verified_at at time zone 'Asia/Kolkata')::date,
                                (p.created_at at time zone 'Asia/Kolkata')::date))
              from public.payments p
             where p.payment_type = 'membership' and p.status = 'completed'
               and (p.member_id = d.id or p.user_id = account))))
         end,
         u.avatar_url, m.card_version
    from public.member_directory d
    join public.members m on m.user_id = d.user_id and m.approval_status = 'approved'
    join public.users u on u.id = d.user_id and u.status = 'approved'
   where d.user_id = account and d.approval_status = 'approved'
   order by d.approved_at desc nulls last
   limit 1
$$;
revoke execute on function app.member_card_of(uuid) from public, anon, authenticated;

-- The caller's card for their dashboard (no row: no card).
create or replace function public.my_member_card()
returns table (membership_no text, full_name text, member_type text, valid_until date, photo_url text,
               card_version integer)
language sql stable
security definer
set search_path = ''
as $$ select * from app.member_card_of(auth.uid()) $$;
comment on function public.my_member_card() is 'The caller''s membership card (approved members only): number, name, type, valid-until, photo, version.';
revoke execute on function public.my_member_card() from public, anon;
grant execute on function public.my_member_card() to authenticated;

-- The engine's hook: what /cards/v1/token signs for the caller. Null unless the caller is an
-- approved member whose membership has not lapsed. The token lives a year at most, and never
-- past the membership's last day (end of that day in India).
create or replace function auth.card_claims() returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
           'm', c.membership_no, 't', c.member_type, 'v', c.card_version, 'n', left(c.full_name, 60),
           'exp', floor(extract(epoch from least(
             now() + interval '365 days',
             coalesce(((c.valid_until + 1)::timestamp at time zone 'Asia/Kolkata'), 'infinity'::timestamptz)))))
    from app.member_card_of(auth.uid()) c
   where c.valid_until is null or c.valid_until >= (now() at time zone 'Asia/Kolkata')::date
$$;
comment on function auth.card_claims() is 'The claims of the caller''s membership card (m, t, v, n, exp), or null.';
revoke execute on function auth.card_claims() from public;
grant execute on function auth.card_claims() to anon, authenticated, service_role;

-- The revocation list the scanner keeps: every member number whose tokens below a version are
-- refused (a bumped version), or all of whose tokens are (no longer approved). Small: one row
-- per member ever revoked or struck off. Staff who check people in (and admins) read it.
create or replace function public.card_revocation_list()
returns table (member_no text, revoked_below integer)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if not (app.can_manage_events() or app.is_admin()) then
    return;
  end if;
  return query
  select d.membership_no,
         case when d.approval_status = 'approved' and m.approval_status = 'approved' and u.status = 'approved'
              then m.card_version else m.card_version + 1 end
    from public.members m
    join public.member_directory d on d.user_id = m.user_id and d.approved_at is not null
    join public.users u on u.id = m.user_id
   where m.card_version > 1 or d.approval_status <> 'approved' or m.approval_status <> 'approved'
      or u.status <> 'approved'
   order by 1;
end
$$;
comment on function public.card_revocation_list() is 'Event staff and admins: member numbers whose card tokens below revoked_below are refused.';
revoke execute on function public.card_revocation_list() from public, anon;
grant execute on function public.card_revocation_list() to authenticated;

-- Revokes a member's card (a lost phone, a printed card handed on): admins bump its version;
-- the member's next token carries the new one. Returns the new version.
create or replace function public.revoke_member_card(member_no text) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  version integer;
begin
  if not app.is_admin() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  update public.members m set card_version = m.card_version + 1
    from public.member_directory d
   where d.user_id = m.user_id and d.membership_no = revoke_member_card.member_no
  returning m.card_version into version;
  if version is null then
    raise exception 'Resource not found' using errcode = 'PT404', detail = 'no member with this number has an account';
  end if;
  return version;
end
$$;
comment on function public.revoke_member_card(text) is 'Admins: revokes a member''s card (bumps its version); the new version.';
revoke execute on function public.revoke_member_card(text) from public, anon;
grant execute on function public.revoke_member_card(text) to authenticated;

-- What the scanner shows beside a verdict when online: the holder's name, photo and whether
-- they are a member in good standing now. Event staff and admins.
create or replace function public.card_holder(member_no text)
returns table (full_name text, photo_url text, member_type text, approved boolean)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if not (app.can_manage_events() or app.is_admin()) then
    return;
  end if;
  return query
  select d.full_name, u.avatar_url, d.member_type, d.approval_status = 'approved'
    from public.member_directory d
    left join public.users u on u.id = d.user_id
   where d.membership_no = card_holder.member_no
   limit 1;
end
$$;
comment on function public.card_holder(text) is 'Event staff and admins: the name and photo of the holder of a member number.';
revoke execute on function public.card_holder(text) from public, anon;
grant execute on function public.card_holder(text) to authenticated;

-- The version moves only through revoke_member_card(): a member editing their form, or an
-- admin editing it directly, keeps it; a new form starts at 1.
create or replace function app.guard_card_version() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if app.is_trusted_code(tg_relid) then
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.card_version := 1;
  elsif new.card_version is distinct from old.card_version then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501',
      detail = 'a card is revoked with revoke_member_card()';
  end if;
  return new;
end
$$;
grant execute on function app.guard_card_version() to anon, authenticated, service_role;
create or replace trigger members_card_version before insert or update of card_version on public.members
  for each row execute function app.guard_card_version();
