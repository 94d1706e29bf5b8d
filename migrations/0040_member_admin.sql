-- The member directory's staff tools (issue 17): HWT- numbers taken only by rows that
-- commit, approval and rejection of one or many entries, the history of each entry's
-- approvals, and the applicant's notification when an entry is approved or rejected.

-- HWT- numbers: spec §7 says a new member gets the highest HWT- number plus one. A sequence
-- (0013) is safe under concurrency but burns a number for every insert that fails or rolls
-- back; a counter row is both safe and gapless: the insert's transaction holds the row's lock
-- until it commits (a concurrent insert waits, then reads the committed value), and a failed
-- or rolled-back insert gives its number back with the rest of its work. Deleted members'
-- numbers are never reused: the counter only grows.
create table app.counters (
  name text primary key,
  value bigint not null check (value >= 0)
);
comment on table app.counters is 'Gapless counters (HWT- member numbers); written only by the app''s own functions.';
alter table app.counters enable row level security;
alter table app.counters force row level security;
revoke all on app.counters from public, anon, authenticated, service_role;

insert into app.counters (name, value)
select 'member_unique_id', greatest(
  coalesce((select max(substr(unique_id, 5)::bigint) from public.member_directory where unique_id ~ '^HWT-[0-9]{5}$'), 0),
  (select case when is_called then last_value else 0 end from app.member_unique_id_seq));

-- The next HWT- number, in the caller's transaction (the counter's lock is held until it ends).
create function app.next_member_unique_id() returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  taken bigint;
begin
  update app.counters set value = value + 1 where name = 'member_unique_id' returning value into taken;
  if taken is null then
    raise exception 'the member number counter is missing' using errcode = 'P0002';
  end if;
  if taken > 99999 then
    raise exception 'Validation error - please check your input' using errcode = '23514',
      detail = 'HWT- numbers are exhausted (HWT-99999 was the last)';
  end if;
  return 'HWT-' || lpad(taken::text, 5, '0');
end
$$;
comment on function app.next_member_unique_id() is 'Takes the next HWT-00000 number; gapless (rolled back with a failed insert) and serialised by the counter row''s lock.';
revoke execute on function app.next_member_unique_id() from public;
grant execute on function app.next_member_unique_id() to authenticated, service_role;

-- As 0013, with the number from the counter instead of the sequence.
create or replace function app.prepare_member_directory_entry() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.unique_id := app.next_member_unique_id();
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

-- The history of an entry's approval: one row when it is created and one for every change
-- of its status or approval (who, when, remarks). Kept in app (never served over REST) and
-- read through public.get_member_approval_history(), which answers admins.
create table app.member_approval_history (
  id bigint generated always as identity primary key,
  member_id uuid not null references public.member_directory (id) on delete cascade,
  action text not null check (action in ('created', 'approved', 'rejected', 'pending', 'status')),
  status text not null,
  approval_status text not null,
  remarks text,
  approval_notes text,
  acted_by uuid references public.users (id) on delete set null,
  acted_at timestamptz not null default now()
);
comment on table app.member_approval_history is 'Audit: every approval change of a directory entry; read through get_member_approval_history().';
create index member_approval_history_member on app.member_approval_history (member_id, acted_at desc);
create index member_approval_history_acted_by on app.member_approval_history (acted_by);
alter table app.member_approval_history enable row level security;
alter table app.member_approval_history force row level security;
revoke all on app.member_approval_history from public, anon, authenticated, service_role;

-- AFTER INSERT OR UPDATE on member_directory: the history row, and the applicant's
-- notification (bell and push) when their entry is approved or rejected.
create function app.record_member_approval() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  action text;
begin
  if tg_op = 'INSERT' then
    action := 'created';
  elsif (new.status, new.approval_status) is distinct from (old.status, old.approval_status) then
    action := case when new.approval_status is distinct from old.approval_status then new.approval_status else 'status' end;
  else
    return null;
  end if;
  insert into app.member_approval_history (member_id, action, status, approval_status, remarks, approval_notes, acted_by)
  values (new.id, action, new.status, new.approval_status, new.remarks, new.approval_notes,
          case when exists (select from public.users u where u.id = auth.uid()) then auth.uid() end);
  if tg_op = 'UPDATE' and new.user_id is not null and action in ('approved', 'rejected') then
    perform app.notify_users(array[new.user_id], 'registration',
      case action when 'approved' then 'Membership approved' else 'Membership application rejected' end,
      case action
        when 'approved' then 'Your membership ' || new.unique_id || ' is approved. Welcome to the trust.'
        else 'Your membership application was not approved: ' || coalesce(new.remarks, 'Application rejected') end,
      jsonb_build_object('member_id', new.id), '/dashboard/member', 'membership-' || new.id);
  end if;
  return null;
end
$$;
revoke execute on function app.record_member_approval() from public;
create trigger member_directory_approval_history after insert or update of status, approval_status on public.member_directory
  for each row execute function app.record_member_approval();

-- Entries that exist before this migration get their creation row.
insert into app.member_approval_history (member_id, action, status, approval_status, remarks, approval_notes, acted_by, acted_at)
select id, 'created', status, approval_status, remarks, approval_notes, null, created_at from public.member_directory;

-- The history of one entry, newest first, with the actor's name. Admins only.
create function public.get_member_approval_history(member_id uuid)
returns table (id bigint, action text, status text, approval_status text, remarks text, approval_notes text,
               acted_by uuid, acted_by_name text, acted_at timestamptz)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if not app.is_admin() and auth.role() is distinct from 'service_role' then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  return query
    select h.id, h.action, h.status, h.approval_status, h.remarks, h.approval_notes, h.acted_by,
           coalesce(u.full_name, u.email), h.acted_at
      from app.member_approval_history h
      left join public.users u on u.id = h.acted_by
     where h.member_id = get_member_approval_history.member_id
     order by h.acted_at desc, h.id desc;
end
$$;

-- Spec §4 for several entries at once (the directory's selection): all or nothing, at most
-- 500 per call, each through approve_member / reject_member.
create function public.approve_members(member_ids uuid[], notes text default null)
returns setof public.member_directory
language plpgsql
security definer
set search_path = ''
as $$
declare
  one uuid;
begin
  if not app.is_admin() and auth.role() is distinct from 'service_role' then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  if coalesce(cardinality(member_ids), 0) = 0 or cardinality(member_ids) > 500 then
    raise exception 'Validation error - please check your input' using errcode = '22023',
      detail = 'approve between 1 and 500 members at once';
  end if;
  for one in select distinct m from unnest(member_ids) m where m is not null loop
    return next public.approve_member(one, notes);
  end loop;
end
$$;

create function public.reject_members(member_ids uuid[], remarks text default 'Application rejected')
returns setof public.member_directory
language plpgsql
security definer
set search_path = ''
as $$
declare
  one uuid;
begin
  if not app.is_admin() and auth.role() is distinct from 'service_role' then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  if coalesce(cardinality(member_ids), 0) = 0 or cardinality(member_ids) > 500 then
    raise exception 'Validation error - please check your input' using errcode = '22023',
      detail = 'reject between 1 and 500 members at once';
  end if;
  for one in select distinct m from unnest(member_ids) m where m is not null loop
    return next public.reject_member(one, reject_members.remarks);
  end loop;
end
$$;

revoke execute on function public.get_member_approval_history(uuid), public.approve_members(uuid[], text),
  public.reject_members(uuid[], text)
  from public, anon;
grant execute on function public.get_member_approval_history(uuid), public.approve_members(uuid[], text),
  public.reject_members(uuid[], text)
  to authenticated, service_role;
