// PAN and Aadhaar through the audited vault (migrations 0012/0026): the full numbers of one
// record via reveal_identity_numbers (admins; one audit row per reveal) and the record's past
// reveals via get_identity_reads. Used by the student and member screens.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from './errors';
import { sdk } from './sdk';

export type IdentityTable = 'student_details' | 'members';

export const identityKeys = {
  reveals: (table: IdentityTable, id: string) => ['identity', 'reveals', table, id] as const,
};

export const useIdentityReveals = (table: IdentityTable, id: string, enabled = true) =>
  useQuery({
    queryKey: identityKeys.reveals(table, id),
    enabled,
    queryFn: async () =>
      unwrap(await sdk().rpc('get_identity_reads', { record_table: table, record_id: id })),
  });

export function useRevealIdentity(table: IdentityTable, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const rows = unwrap(
        await sdk().rpc('reveal_identity_numbers', { record_table: table, record_id: id }),
      );
      return rows[0] ?? { pan: null, aadhar: null };
    },
    onSettled: () => client.invalidateQueries({ queryKey: identityKeys.reveals(table, id) }),
  });
}

/** 123456789012 → 1234 5678 9012 */
export const spacedAadhar = (v: string) => v.replace(/\s/g, '').replace(/(\d{4})(?=\d)/g, '$1 ');
