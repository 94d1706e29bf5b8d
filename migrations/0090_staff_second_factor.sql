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

-- The functions that read the policy (app.at_aal2, app.needs_second_factor,
-- public.second_factor_required) and the reveal that needs aal2 live in
-- functions/12_identity_numbers.sql.
