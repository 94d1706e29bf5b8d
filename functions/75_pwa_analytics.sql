-- The web app's install and engagement records.

-- A pwa_analytics row from an account that has no users record yet (a newcomer between sign-up
-- and the registration's stored function) keeps its event without the account (the user_id
-- foreign key would refuse it, and the event would be lost).
create or replace function app.pwa_analytics_known_user() returns trigger
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

-- Triggers on public.pwa_analytics.
create or replace trigger pwa_analytics_known_user before insert on public.pwa_analytics
  for each row execute function app.pwa_analytics_known_user();
