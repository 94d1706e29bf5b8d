-- Reauthentication nonces (GoTrue's `GET /reauthenticate`): a short code mailed to the
-- signed-in user, proof for a password or e-mail change outside the recovery flow. Kept with
-- the other one-time tokens (hashed with the user's id, so two users' codes never collide).
alter table auth.one_time_tokens drop constraint one_time_tokens_token_type_check;
alter table auth.one_time_tokens add constraint one_time_tokens_token_type_check
  check (token_type in ('confirmation', 'recovery', 'email_change', 'invite', 'magiclink', 'reauthentication'));
