-- pwa_analytics rows from an account that has no users record yet (a newcomer between sign-up
-- and the registration's stored function) were refused by the user_id foreign key (409) and
-- lost: such a row keeps its event without the account.
create function app.pwa_analytics_known_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.user_id is not null and not exists (select from public.users u where u.id = new.user_id) then
    new.user_id := null;
  end if;
  return new;
end
$$;
revoke execute on function app.pwa_analytics_known_user() from public;
create trigger pwa_analytics_known_user before insert on public.pwa_analytics
  for each row execute function app.pwa_analytics_known_user();
