-- Accounts and sessions for the GoTrue-compatible auth service (/auth/v1).
--
-- Only the server's auth service touches these tables, as the role `auth_admin` (created by
-- the server with the other API roles and granted to `authenticator`). The API roles get no
-- privilege here: nothing in `auth` is reachable over REST. Secrets are never stored in
-- clear: passwords are argon2id hashes, refresh and one-time tokens are SHA-256 hashes.

create table auth.users (
  id uuid primary key default gen_random_uuid(),
  aud text not null default 'authenticated',
  role text not null default 'authenticated',
  email text check (email is null or (length(email) <= 320 and position('@' in email) > 1)),
  encrypted_password text,
  email_confirmed_at timestamptz,
  confirmation_sent_at timestamptz,
  recovery_sent_at timestamptz,
  -- A requested new address, until it is confirmed.
  email_change text,
  email_change_sent_at timestamptz,
  invited_at timestamptz,
  last_sign_in_at timestamptz,
  -- Set by the server and admins only; users can never write it.
  raw_app_meta_data jsonb not null default '{}',
  raw_user_meta_data jsonb not null default '{}',
  is_anonymous boolean not null default false,
  banned_until timestamptz,
  -- Soft-deleted accounts keep their id (for foreign keys) and lose everything else.
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table auth.users is 'One row per account. E-mail is unique regardless of case.';
create unique index users_email_unique on auth.users (lower(email)) where email is not null;

create table auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  aal text not null default 'aal1',
  -- How the session was established: [{"method": "password", "timestamp": 1700000000}].
  amr jsonb not null default '[]',
  user_agent text,
  ip text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  refreshed_at timestamptz
);
create index sessions_user_id on auth.sessions (user_id);

create table auth.refresh_tokens (
  id bigint generated always as identity primary key,
  -- SHA-256 (hex) of the token the client holds.
  token_hash text not null unique,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The token this one replaced when it was rotated.
  parent_id bigint references auth.refresh_tokens (id) on delete set null,
  -- Random salt of a rotated token: the token is HMAC(secret, parent token || salt), so a
  -- client that refreshes the parent again within the reuse interval gets this same token
  -- back (one continuation) although only its hash is stored.
  salt bytea,
  -- Set when the token was used (rotated) or its session was revoked.
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index refresh_tokens_session_id on auth.refresh_tokens (session_id);
create index refresh_tokens_parent_id on auth.refresh_tokens (parent_id);

create table auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null check (token_type in ('confirmation', 'recovery', 'email_change', 'invite', 'magiclink')),
  -- SHA-256 (hex) of the token sent by e-mail.
  token_hash text not null unique,
  -- The address the token was sent to.
  relates_to text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index one_time_tokens_user_type on auth.one_time_tokens (user_id, token_type);

create table auth.audit_log (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  -- signup, login, login_failed, token_refreshed, token_revoked, logout, user_updated,
  -- password_changed, recovery_requested, user_confirmed, admin_*…
  action text not null,
  actor_id uuid,
  target_id uuid,
  ip text,
  details jsonb not null default '{}'
);
create index audit_log_target on auth.audit_log (target_id, occurred_at);

-- Mail that could not (yet) be sent over SMTP, or any mail when SMTP is not configured:
-- never silently dropped.
create table auth.mail_outbox (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  recipient text not null,
  subject text not null,
  body_text text not null,
  kind text not null,
  sent_at timestamptz,
  last_error text
);

-- Rate-limit counters (per client address or e-mail address and action), shared by every
-- replica. Failed sign-ins per e-mail address live here too (hits = failures in a row), keyed
-- by address whether or not an account exists, so the backoff reveals nothing.
create table auth.rate_limits (
  bucket text primary key,
  window_start timestamptz not null,
  hits int not null
);

-- Whether the signed-in caller may use the admin API without the service key. The product's
-- migrations replace it (for example: members of the staff table); false until then.
create or replace function auth.can_manage_users() returns boolean
language sql stable
as $$ select false $$;
comment on function auth.can_manage_users() is
  'True when the current request''s user may manage accounts through /auth/v1/admin. Replaced by the product''s migrations.';

revoke all on all tables in schema auth from public, anon, authenticated, service_role;
grant usage on schema auth to auth_admin;
grant select, insert, update, delete on all tables in schema auth to auth_admin;
grant usage, select on all sequences in schema auth to auth_admin;
grant execute on function auth.can_manage_users() to anon, authenticated, service_role, auth_admin;
