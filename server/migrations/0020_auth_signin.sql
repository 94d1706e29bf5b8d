-- Sign-in for everyone (GoTrue's codes and links, phones, second factors, PKCE, signing keys).
--
-- * Phones: an account may have a phone number (E.164 digits without the `+`, as GoTrue keeps
--   them) beside or instead of an
--   e-mail address, confirmed by an SMS code; a pending change waits in `phone_change`.
-- * One-time tokens carry a short code beside the link token: both redeem the same row (a mailed
--   link, or the code typed from the same mail or SMS). Codes are stored hashed with their user,
--   and wrong attempts are counted on the row, which is spent after OTP_MAX_ATTEMPTS.
-- * PKCE flows (auth-js `flowType: 'pkce'`): the code challenge of a request, the auth code a
--   verified link hands out, and the single exchange of that code for a session.
-- * Second factors (TOTP): factors, their challenges, and the last time step used (replays are
--   refused); sessions record their assurance level and the factor that raised it.
-- * Signing keys: the asymmetric keys that sign access tokens (private halves encrypted with a
--   key derived from JWT_SECRET), the current one and those kept for verification after a
--   rotation.
-- * Text messages: like mail, every SMS is written to an outbox first.

alter table auth.users
  add column phone text check (phone is null or phone ~ '^[1-9][0-9]{6,14}$'),
  add column phone_confirmed_at timestamptz,
  add column phone_change text check (phone_change is null or phone_change ~ '^[1-9][0-9]{6,14}$'),
  add column phone_change_sent_at timestamptz;
create unique index users_phone_unique on auth.users (phone) where phone is not null;
comment on column auth.users.phone is 'E.164 number (digits, country code first, no +), unique; confirmed when phone_confirmed_at is set.';

alter table auth.one_time_tokens drop constraint one_time_tokens_token_type_check;
alter table auth.one_time_tokens add constraint one_time_tokens_token_type_check
  check (token_type in ('confirmation', 'recovery', 'email_change', 'invite', 'magiclink', 'reauthentication',
                        'phone_confirmation', 'phone_change'));
alter table auth.one_time_tokens
  -- SHA-256 (hex) of the user id and the short code sent with the link (null: no code).
  add column code_hash text,
  -- Wrong codes tried against this row.
  add column attempts int not null default 0,
  -- The PKCE flow the token belongs to, if any.
  add column flow_state_id uuid;
create index one_time_tokens_code on auth.one_time_tokens (user_id, code_hash) where code_hash is not null;

create table auth.flow_states (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  -- What the flow is for: signup, magiclink, recovery, invite, email_change, email.
  authentication_method text not null,
  code_challenge text not null,
  code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
  -- SHA-256 (hex) of the auth code handed out when the link was verified.
  auth_code_hash text unique,
  auth_code_issued_at timestamptz,
  created_at timestamptz not null default now()
);
create index flow_states_user on auth.flow_states (user_id);

create table auth.mfa_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null check (factor_type in ('totp')),
  status text not null default 'unverified' check (status in ('unverified', 'verified')),
  -- The TOTP secret, encrypted (see server/src/auth/sealed.rs).
  secret bytea not null,
  -- The last 30-second step whose code was accepted: a code is never accepted twice.
  last_used_step bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index mfa_factors_user on auth.mfa_factors (user_id);
create unique index mfa_factors_user_friendly_name on auth.mfa_factors (user_id, friendly_name)
  where friendly_name is not null and friendly_name <> '';

create table auth.mfa_challenges (
  id uuid primary key default gen_random_uuid(),
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  ip text not null,
  created_at timestamptz not null default now(),
  verified_at timestamptz
);
create index mfa_challenges_factor on auth.mfa_challenges (factor_id);

alter table auth.sessions add column factor_id uuid references auth.mfa_factors (id) on delete set null;

create table auth.signing_keys (
  kid text primary key,
  alg text not null check (alg in ('ES256')),
  -- The public JWK served at /auth/v1/.well-known/jwks.json.
  public_jwk jsonb not null,
  -- The private key (PKCS#8), encrypted with a key derived from JWT_SECRET.
  private_key bytea not null,
  -- next: published and verifying, signs once every replica has seen it (a rotation);
  -- current: signs new tokens; previous: verifies tokens signed before the last rotation.
  status text not null check (status in ('next', 'current', 'previous')),
  created_at timestamptz not null default now(),
  retired_at timestamptz
);
create unique index signing_keys_one_current on auth.signing_keys (status) where status = 'current';

-- An HTML part beside the text, when the template has one.
alter table auth.mail_outbox add column body_html text;

create table auth.sms_outbox (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  recipient text not null,
  body text not null,
  kind text not null,
  sent_at timestamptz,
  last_error text
);

revoke all on all tables in schema auth from public, anon, authenticated, service_role;
grant select, insert, update, delete on all tables in schema auth to auth_admin;
grant usage, select on all sequences in schema auth to auth_admin;
