-- Keys that sign the app's own tokens (`/cards/v1`): compact ES256 tokens an app hands to its
-- users to show offline, for example a card with a QR code that staff verify against the
-- public keys published at `GET /cards/v1/keys`. The engine signs only what the app's hook
-- `auth.card_claims()` returns for the caller; it never signs claims a client sends.
--
-- A key signs from not_before to not_after (a year; the server adds the next one a month
-- before), and verifies, published, until the last token it may have signed has expired
-- (not_after plus the longest token lifetime); then it is deleted.

create table auth.card_keys (
  kid text primary key check (kid ~ '^[A-Za-z0-9_-]{4,16}$'),
  -- The public JWK served at /cards/v1/keys.
  public_jwk jsonb not null,
  -- The private scalar, sealed with a key derived from JWT_SECRET (as auth.signing_keys).
  private_key bytea not null,
  not_before timestamptz not null,
  not_after timestamptz not null,
  created_at timestamptz not null default now(),
  check (not_after > not_before)
);
comment on table auth.card_keys is 'ES256 keys signing the app''s tokens (/cards/v1): private halves sealed, yearly.';
revoke all on auth.card_keys from public, anon, authenticated, service_role;
grant select, insert, update, delete on auth.card_keys to auth_admin;

-- The app's hook: the claims of the caller's card, or null when the caller has none. The app
-- replaces this body (functions/); it runs in the request's transaction as the caller, so
-- auth.uid() names them. Claims are a JSON object with `exp` (seconds since the epoch); the
-- engine adds `iat` and `k` (the key id) and signs.
create function auth.card_claims() returns jsonb
language sql stable
set search_path = ''
as $$ select null::jsonb $$;
comment on function auth.card_claims() is 'Hook: the claims of the caller''s card (null: none). The app replaces it.';
revoke execute on function auth.card_claims() from public;
grant execute on function auth.card_claims() to anon, authenticated, service_role;
