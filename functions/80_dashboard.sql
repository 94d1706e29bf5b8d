-- The admin dashboard's figures.

-- Spec §5 response checks: numbers for members, students, matrimony and events. Staff only.
create or replace function public.get_dashboard_stats() returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if not app.is_staff() and auth.role() is distinct from 'service_role' then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  return jsonb_build_object(
    'members', (select count(*) from public.member_directory),
    'students', (select count(*) from public.student_details),
    'matrimony', (select count(*) from public.matrimony_details),
    'events', (select count(*) from public.events),
    'pending_members', (select count(*) from public.member_directory where approval_status = 'pending'),
    'pending_students', (select count(*) from public.student_details where approval_status = 'pending'),
    'pending_matrimony', (select count(*) from public.matrimony_details where approval_status = 'pending'),
    'upcoming_events', (select count(*) from public.events
                         where status in ('upcoming', 'published') and event_date >= current_date),
    'users', (select count(*) from public.users),
    'pending_payments', (select count(*) from public.payments where status = 'pending')
  );
end
$$;
revoke execute on function public.get_dashboard_stats() from public, anon;
