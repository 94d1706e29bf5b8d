-- A member hears of a connection request, and the requester of its acceptance: a bell row and
-- a push (type other), a click opening /dashboard/member (data.link). Declines and withdrawals
-- stay quiet.
create function app.announce_member_connection() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := case when tg_op = 'INSERT' then new.requester_id else new.requested_id end;
  who text;
begin
  if not ((tg_op = 'INSERT' and new.status = 'pending')
          or (tg_op = 'UPDATE' and new.status = 'accepted' and old.status is distinct from 'accepted')) then
    return null;
  end if;
  select coalesce(
           (select d.full_name from public.member_directory d where d.user_id = actor order by d.approval_status = 'approved' desc limit 1),
           (select u.full_name from public.users u where u.id = actor),
           'A member')
    into who;
  if tg_op = 'INSERT' then
    perform app.notify_users(array[new.requested_id], 'other', 'Connection request',
      who || ' asks to connect with you.', jsonb_build_object('link', '/dashboard/member'),
      '/dashboard/member', 'connection-' || new.id);
  else
    perform app.notify_users(array[new.requester_id], 'other', 'Connection accepted',
      who || ' accepted your request to connect.', jsonb_build_object('link', '/dashboard/member'),
      '/dashboard/member', 'connection-' || new.id);
  end if;
  return null;
end
$$;
revoke execute on function app.announce_member_connection() from public;
create trigger member_connections_announce after insert or update of status on public.member_connections
  for each row execute function app.announce_member_connection();
