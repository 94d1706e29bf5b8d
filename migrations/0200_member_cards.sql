-- Membership cards (issue 36 items 7 and 8): a member's card carries a token signed by the
-- engine (/cards/v1) over the claims auth.card_claims() returns (functions/22_member_card.sql).
-- A card is revoked by bumping its version: tokens of an older version are refused by the
-- scanner, which reads the revocation list (public.card_revocation_list()).
alter table public.members
  add column card_version integer not null default 1 check (card_version between 1 and 1000000);
comment on column public.members.card_version is 'The version of the member''s card: tokens of older versions are revoked. Bumped by revoke_member_card().';
