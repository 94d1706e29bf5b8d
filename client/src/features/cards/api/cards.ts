// The membership card's data: the member's own card and token (kept on the device for
// offline use: lib/offline/saved-queries.ts), and what the scanner keeps to check cards
// offline: the public keys and the revocation list.
import type { Database } from '@havyaka/sdk/database';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import type { Revocation } from '../lib/verify';

export type MemberCardRow = Database['public']['Functions']['my_member_card']['Returns'][number];

export interface MyCard {
  card: MemberCardRow;
  /** Null when the server signs none (a lapsed membership). */
  token: string | null;
}

export const cardKeys = {
  own: ['members', 'card', 'own'] as const,
  keys: ['cards', 'keys'] as const,
  revocations: ['cards', 'revocations'] as const,
  holder: (no: string) => ['cards', 'holder', no] as const,
};

/** The signed-in member's card and a fresh token (none for anyone else). */
export const useMyCard = (enabled: boolean) =>
  useQuery({
    queryKey: cardKeys.own,
    enabled,
    queryFn: async (): Promise<MyCard | null> => {
      const rows = unwrap(await sdk().rpc('my_member_card', undefined, { get: true }));
      const card = rows[0];
      if (!card) return null;
      const signed = await sdk().cards.token();
      return { card, token: signed.data?.token ?? null };
    },
  });

/** The public keys that verify cards (kept on the device). */
export const useCardKeys = () =>
  useQuery({
    queryKey: cardKeys.keys,
    queryFn: async () => unwrap(await sdk().cards.keys())?.keys ?? [],
  });

/** The revocation list (event staff and admins; kept on the device). */
export const useRevocations = () =>
  useQuery({
    queryKey: cardKeys.revocations,
    queryFn: async (): Promise<Revocation[]> =>
      unwrap(await sdk().rpc('card_revocation_list', undefined, { get: true })),
  });

/** The holder's name and photo, when online. */
export const useCardHolder = (memberNo: string | null) =>
  useQuery({
    queryKey: cardKeys.holder(memberNo ?? ''),
    enabled: memberNo !== null,
    queryFn: async () =>
      unwrap(await sdk().rpc('card_holder', { member_no: memberNo ?? '' }, { get: true }))[0] ??
      null,
  });
