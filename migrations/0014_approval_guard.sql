-- Approval fields belong to administrators. On the detail records (student_details,
-- matrimony_details, members) a user may write their own form but never its approval: an
-- insert by anyone but an admin starts pending with no approver, and an update by anyone
-- but an admin that touches an approval field is refused. An admin's approval records who
-- approved and when (spec §4), whatever the client sent.
--
-- Runs as the caller (not security definer) so app.is_trusted_code sees who is writing.
create function app.guard_approval() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  admin boolean := app.is_admin() or app.is_trusted_code(tg_relid);
begin
  if tg_op = 'INSERT' then
    if not admin then
      new.approval_status := 'pending';
      new.approved_by := null;
      new.approved_at := null;
    end if;
  elsif not admin
     and (new.approval_status, new.approved_by, new.approved_at)
         is distinct from (old.approval_status, old.approved_by, old.approved_at) then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501',
      detail = 'approval fields are changed by an administrator';
  end if;
  if new.approval_status = 'approved'
     and (tg_op = 'INSERT' or old.approval_status is distinct from 'approved') then
    new.approved_by := coalesce(auth.uid(), new.approved_by);
    new.approved_at := now();
  elsif new.approval_status = 'pending' then
    new.approved_by := null;
    new.approved_at := null;
  end if;
  return new;
end
$$;
comment on function app.guard_approval() is 'BEFORE INSERT OR UPDATE on detail records: approval fields are written by admins only; approval records approver and time.';
grant execute on function app.guard_approval() to authenticated, service_role;
