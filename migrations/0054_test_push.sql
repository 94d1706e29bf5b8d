-- The admin test page (/admin/test) sends a test notification to the signed-in staff member:
-- one in-app notification and a push to each of their own subscribed devices. Returns how
-- many devices it was queued for (0: this account has no device that allows notifications).

create function public.send_test_push() returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  devices int;
begin
  -- plpgsql: app.is_staff() is defined with the policies, after the migrations.
  if auth.uid() is null or not app.is_staff() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501',
      detail = 'the test notification is for staff';
  end if;
  select count(*)::int into devices from push.subscriptions where user_id = auth.uid();
  insert into public.notifications (user_id, type, title, message, data)
  values (auth.uid(), 'other', 'Test notification', 'Notifications reach this account.', '{"test": true}');
  if devices > 0 then
    perform push.enqueue_to_user(auth.uid(), 'Test notification', 'Push notifications reach this device.',
                                 '/admin/test', 'test-push', '{"test": true}');
  end if;
  return devices;
end
$$;
comment on function public.send_test_push() is 'Staff send themselves a test notification (in-app, and push to their own devices).';
revoke execute on function public.send_test_push() from public;
grant execute on function public.send_test_push() to authenticated, service_role;
