-- Who edits Havyaka Sandesha (spec §2 /admin/sandesh-editors): accounts of type
-- havyaka_sandesh_manager. Moving an account into or out of a staff type is otherwise a
-- super_admin's right (app.guard_users); this one narrow grant is an admin's too: an approved
-- member (or member viewer) becomes an editor, and an editor goes back to being a member.
-- No other type is touched: students and matrimony users keep their accounts as they are,
-- and no other staff type can be given or taken here.

create function public.set_sandesh_editor(account uuid, editor boolean) returns public.users
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.users%rowtype;
begin
  -- plpgsql: app.is_admin() is defined with the policies, after the migrations.
  if not app.is_admin() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501',
      detail = 'only administrators choose the Sandesha editors';
  end if;
  select * into target from public.users where id = account for update;
  if not found then
    raise exception 'No data found' using errcode = 'P0002', detail = 'no such account';
  end if;
  if editor then
    if target.type = 'havyaka_sandesh_manager' then
      return target;
    end if;
    if target.type not in ('member', 'member_viewer') or target.status <> 'approved' then
      raise exception 'Validation error - please check your input' using errcode = '23514',
        detail = 'only an approved member account becomes a Sandesha editor';
    end if;
    update public.users set type = 'havyaka_sandesh_manager', role = 'havyaka_sandesh_manager'
     where id = account returning * into target;
  else
    if target.type <> 'havyaka_sandesh_manager' then
      raise exception 'Validation error - please check your input' using errcode = '23514',
        detail = 'the account is not a Sandesha editor';
    end if;
    update public.users set type = 'member', role = 'member'
     where id = account returning * into target;
  end if;
  return target;
end
$$;
comment on function public.set_sandesh_editor(uuid, boolean) is
  'Admins make an approved member a Havyaka Sandesha editor (editor = true) or return an editor to member (false).';
revoke execute on function public.set_sandesh_editor(uuid, boolean) from public;
grant execute on function public.set_sandesh_editor(uuid, boolean) to authenticated, service_role;
