-- Applications decided by staff, and the applicant told of the decision (bell and push),
-- whichever way the approval status changed.

-- The applicant hears the decision on their application (and where to see it).
create or replace function app.announce_decision() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  what text := case tg_table_name when 'student_details' then 'student'
                                  when 'matrimony_details' then 'matrimony'
                                  else 'member' end;
  home text := case tg_table_name when 'student_details' then '/dashboard/student'
                                  when 'matrimony_details' then '/dashboard/matrimony'
                                  else '/dashboard/member' end;
begin
  if new.user_id is null or new.approval_status is not distinct from old.approval_status
     or new.approval_status not in ('approved', 'rejected') then
    return null;
  end if;
  -- In the applicant's language (app.notice_texts: decision_approved_*, decision_rejected_*).
  perform app.notify_notice(array[new.user_id], 'registration',
    'decision_' || new.approval_status || '_' || what,
    jsonb_build_object('remarks', nullif(btrim(to_jsonb(new) ->> 'remarks'), '')),
    jsonb_build_object('record_id', new.id), home, 'decision-' || new.id);
  return null;
end
$$;
revoke execute on function app.announce_decision() from public;

-- Spec §4: a student or matrimony account is approved when both its user status and its detail
-- record are approved; the approver and time are recorded. set_student_approval and
-- set_matrimony_approval do both in one transaction, admins only. The applicant hears of the
-- decision (bell and push) from a trigger, whichever way the approval_status changed.
create or replace function app.decide_application(detail_table text, record_id uuid, decision text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner uuid;
  account_type text := case detail_table when 'student_details' then 'student' else 'matrimony' end;
begin
  if not app.is_admin() and auth.role() is distinct from 'service_role' then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  if decision is null or decision not in ('approved', 'rejected', 'pending') then
    raise exception 'Validation error - please check your input' using errcode = '22023',
      detail = 'decision is approved, rejected or pending';
  end if;
  if detail_table = 'student_details' then
    update public.student_details
       set approval_status = decision,
           approved_by = case when decision = 'pending' then null else auth.uid() end,
           approved_at = case when decision = 'pending' then null else now() end
     where id = record_id
    returning user_id into owner;
  elsif detail_table = 'matrimony_details' then
    update public.matrimony_details
       set approval_status = decision,
           approved_by = case when decision = 'pending' then null else auth.uid() end,
           approved_at = case when decision = 'pending' then null else now() end
     where id = record_id
    returning user_id into owner;
  else
    raise exception 'Validation error - please check your input' using errcode = '22023';
  end if;
  if not found then
    raise exception 'No data found' using errcode = 'P0002';
  end if;
  if owner is not null then
    update public.users
       set status = decision, approval_status = decision,
           approved_by = case when decision = 'approved' then auth.uid() end,
           approved_at = case when decision = 'approved' then now() end
     where id = owner and type = account_type and status is distinct from 'inactive';
  end if;
end
$$;
revoke execute on function app.decide_application(text, uuid, text) from public;

create or replace function public.set_student_approval(student_id uuid, decision text)
returns public.student_details
language plpgsql
security definer
set search_path = ''
as $$
declare
  result public.student_details;
begin
  perform app.decide_application('student_details', student_id, decision);
  select * into result from public.student_details where id = student_id;
  return result;
end
$$;
revoke execute on function public.set_student_approval(uuid, text) from public, anon;

create or replace function public.set_matrimony_approval(profile_id uuid, decision text)
returns public.matrimony_details
language plpgsql
security definer
set search_path = ''
as $$
declare
  result public.matrimony_details;
begin
  perform app.decide_application('matrimony_details', profile_id, decision);
  select * into result from public.matrimony_details where id = profile_id;
  return result;
end
$$;
revoke execute on function public.set_matrimony_approval(uuid, text) from public, anon;
