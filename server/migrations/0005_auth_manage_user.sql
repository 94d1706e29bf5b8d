-- Whether the signed-in caller may act on one account through /auth/v1/admin (change its
-- e-mail, password, metadata or ban; delete it). The product's policies replace it with its
-- staff hierarchy (nobody acts on an account that ranks above them); until then it is
-- auth.can_manage_users(). The service role is not asked: it manages every account.
create or replace function auth.can_manage_user(target uuid) returns boolean
language sql stable
as $$ select auth.can_manage_users() $$;
comment on function auth.can_manage_user(uuid) is
  'True when the current request''s user may change or delete the account `target` through /auth/v1/admin. Replaced by the product''s policies.';
grant execute on function auth.can_manage_user(uuid) to anon, authenticated, service_role, auth_admin;
