-- Test helpers (schema tests, loaded by scripts/policy-tests.sh before pg_prove runs the
-- files of policies/tests): make accounts of each type and act as them the way the server
-- does: role and request.jwt.claims set transaction-locally.
create schema if not exists tests;
grant usage on schema tests to anon, authenticated, service_role;

-- An account (auth.users and public.users) of the given type and status; returns its id.
create or replace function tests.create_user(user_type text, user_status text default 'approved', label text default null)
returns uuid
language plpgsql
as $$
declare
  new_id uuid := gen_random_uuid();
  address text := coalesce(label, user_type) || '-' || left(new_id::text, 8) || '@example.org';
begin
  insert into auth.users (id, email, email_confirmed_at) values (new_id, address, now());
  insert into public.users (id, email, type, status, full_name, approval_status)
  values (new_id, address, user_type, user_status, initcap(replace(coalesce(label, user_type), '_', ' ')),
          case when user_status = 'approved' then 'approved' else 'pending' end);
  return new_id;
end
$$;

-- Acts as a signed-in user until tests.act_as_superuser() (or the end of the transaction).
create or replace function tests.act_as(user_id uuid) returns void
language plpgsql
as $$
begin
  perform set_config('request.jwt.claims',
    json_build_object('sub', user_id, 'role', 'authenticated', 'aud', 'authenticated')::text, true);
  perform set_config('role', 'authenticated', true);
end
$$;

-- The same user in a session that used a second factor (aal2, as a verified TOTP gives).
create or replace function tests.act_as_aal2(user_id uuid) returns void
language plpgsql
as $$
begin
  perform set_config('request.jwt.claims',
    json_build_object('sub', user_id, 'role', 'authenticated', 'aud', 'authenticated', 'aal', 'aal2',
      'amr', json_build_array(json_build_object('method', 'password'), json_build_object('method', 'totp')))::text, true);
  perform set_config('role', 'authenticated', true);
end
$$;

create or replace function tests.act_as_anon() returns void
language plpgsql
as $$
begin
  perform set_config('request.jwt.claims', json_build_object('role', 'anon')::text, true);
  perform set_config('role', 'anon', true);
end
$$;

create or replace function tests.act_as_service() returns void
language plpgsql
as $$
begin
  perform set_config('request.jwt.claims', json_build_object('role', 'service_role')::text, true);
  perform set_config('role', 'service_role', true);
end
$$;

create or replace function tests.act_as_superuser() returns void
language plpgsql
as $$
begin
  reset role;
  perform set_config('request.jwt.claims', '', true);
end
$$;

grant execute on all functions in schema tests to anon, authenticated, service_role;
