-- Staff second factors (issue 32): which staff types must sign in with a second factor, and the
-- full PAN and Aadhaar revealed only from a session that used one (`aal2`), decided here in SQL
-- whatever the browser shows. The audit of reveals records the assurance level.
--
-- The policy is one row: `second_factor_types` lists the staff types that must use a second
-- factor (super_admin and admin by default). A deployment that must run without it for a while
-- (a test server, say) empties the list; the reveal then needs aal2 only from those listed.

create table app.security_policy (
  id boolean primary key default true check (id),
  second_factor_types text[] not null default array['super_admin', 'admin']
    check (second_factor_types <@ array['super_admin', 'admin', 'content_manager', 'event_manager',
      'havyaka_sandesh_manager', 'member', 'member_viewer', 'student', 'matrimony']),
  updated_at timestamptz not null default now()
);
comment on table app.security_policy is
  'One row: the account types that must sign in with a second factor (their reveals of identity numbers need aal2).';
insert into app.security_policy default values;
alter table app.security_policy enable row level security;
revoke all on app.security_policy from public, anon, authenticated, service_role;

alter table app.identity_reads add column aal text;
comment on column app.identity_reads.aal is 'The assurance level (aal1, aal2) of the session that read the numbers.';

-- Whether the caller's session used a second factor.
create function app.at_aal2() returns boolean
language sql stable
set search_path = ''
as $$ select coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2' $$;

-- Whether the signed-in caller's type must use a second factor. (plpgsql: app.current_user_type()
-- comes with the policies, applied after the migrations.)
create function app.needs_second_factor() returns boolean
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  return coalesce((select app.current_user_type() = any (p.second_factor_types) from app.security_policy p), false);
end
$$;

revoke execute on function app.at_aal2(), app.needs_second_factor() from public, anon;
grant execute on function app.at_aal2(), app.needs_second_factor() to authenticated, service_role;

-- For the web app: must the signed-in user enrol and use a second factor?
create function public.second_factor_required() returns boolean
language sql stable
security definer
set search_path = ''
as $$ select app.needs_second_factor() $$;
revoke execute on function public.second_factor_required() from public, anon;
grant execute on function public.second_factor_required() to authenticated;

-- The full PAN and Aadhaar of one record, for admins, from a session that used a second factor
-- when their type must use one, with an audit row per read naming the session's level.
create or replace function public.reveal_identity_numbers(record_table text, record_id uuid)
returns table (pan text, aadhar text)
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not app.is_admin() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  if app.needs_second_factor() and not app.at_aal2() then
    raise exception 'Second factor required'
      using errcode = '42501', hint = 'Sign in with your authenticator app to reveal identity numbers.';
  end if;
  if record_table not in ('student_details', 'members') then
    raise exception 'Validation error - please check your input' using errcode = '22023';
  end if;
  insert into app.identity_reads (reader_id, record_table, record_id, aal)
  values (auth.uid(), reveal_identity_numbers.record_table, reveal_identity_numbers.record_id,
          coalesce(auth.jwt() ->> 'aal', 'aal1'));
  return query
    select n.pan, n.aadhar from app.identity_numbers n
     where n.record_table = reveal_identity_numbers.record_table and n.record_id = reveal_identity_numbers.record_id;
end
$$;
