-- Havyaka Sandesha: issues stamped when published, the download counter, and who edits.

-- Publishing stamps the time; the download counter moves only through
-- increment_sandesha_download_count().
create or replace function app.prepare_sandesha_issue() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.is_published and (tg_op = 'INSERT' or not old.is_published) then
    new.published_at := coalesce(new.published_at, now());
  end if;
  if not app.is_trusted_code(tg_relid) then
    new.download_count := case when tg_op = 'INSERT' then 0 else old.download_count end;
  end if;
  return new;
end
$$;
grant execute on function app.prepare_sandesha_issue() to authenticated, service_role;

-- Spec §7: a download of a published issue counts, once per issue per day for a signed-in
-- reader (visitors have no identity in SQL: their calls are bounded by the per-address limits
-- of the REST engine; docs/security.md). Returns the count, or null for an unknown issue.
create or replace function public.increment_sandesha_download_count(issue_id uuid) returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  issue public.havyaka_sandesha_issues%rowtype;
  reader uuid := auth.uid();
  first_today boolean := true;
begin
  select * into issue from public.havyaka_sandesha_issues i where i.id = issue_id and i.is_published;
  if not found then
    return null;
  end if;
  if reader is not null then
    insert into app.sandesha_downloads (issue_id, user_id) values (issue.id, reader) on conflict do nothing;
    first_today := found;
  end if;
  if not first_today then
    return issue.download_count;
  end if;
  update public.havyaka_sandesha_issues i set download_count = download_count + 1
   where i.id = issue.id returning i.download_count into issue.download_count;
  return issue.download_count;
end
$$;

-- Who edits Havyaka Sandesha (spec §2 /admin/sandesh-editors): accounts of type
-- havyaka_sandesh_manager. Moving an account into or out of a staff type is otherwise a
-- super_admin's right (app.guard_users); this one narrow grant is an admin's too: an approved
-- member (or member viewer) becomes an editor, and an editor goes back to being a member.
-- No other type is touched: students and matrimony users keep their accounts as they are,
-- and no other staff type can be given or taken here.
create or replace function public.set_sandesh_editor(account uuid, editor boolean) returns public.users
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

-- Triggers on public.havyaka_sandesha_issues.
create or replace trigger havyaka_sandesha_issues_updated_at before update on public.havyaka_sandesha_issues
  for each row execute function app.touch_updated_at();
create or replace trigger havyaka_sandesha_issues_prepare before insert or update on public.havyaka_sandesha_issues
  for each row execute function app.prepare_sandesha_issue();

-- Triggers on public.magazine_advertisements.
create or replace trigger magazine_advertisements_updated_at before update on public.magazine_advertisements
  for each row execute function app.touch_updated_at();
