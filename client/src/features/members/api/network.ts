// Members among themselves: the directory a member reads (get_member_network: listed
// entries, contact details only when shown or connected, the caller's connection with each),
// connection requests (request, accept, decline, withdraw) and the member's own visibility
// choice (member_directory_visibility, upsert). The policies decide; see policies/20_members.sql.
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import { useInvalidate } from '@/lib/invalidate';

export const NETWORK_PAGE_SIZE = 24;

export interface NetworkEntry {
  id: string;
  user_id: string | null;
  unique_id: string;
  membership_no: string;
  full_name: string;
  member_type: string;
  profession: string | null;
  city: string | null;
  native_place: string | null;
  mobile_number: string | null;
  email: string | null;
  is_self: boolean;
  contact_shown: boolean;
  connection_id: string | null;
  connection_status: 'pending' | 'accepted' | 'declined' | 'blocked' | null;
  requested_by_me: boolean;
  total_count: number;
}

export const networkKeys = {
  all: ['members', 'network'] as const,
  page: (f: { search: string; page: number }) => ['members', 'network', 'page', f] as const,
  connections: () => ['members', 'network', 'connections'] as const,
  ownEntry: (userId: string) => ['members', 'network', 'own', userId] as const,
};

async function network(args: {
  search?: string;
  only_connections?: boolean;
  page_limit: number;
  page_offset: number;
}) {
  return unwrap(await sdk().rpc('get_member_network', args)) as unknown as NetworkEntry[];
}

export const useMemberNetwork = (f: { search: string; page: number }) =>
  useQuery({
    queryKey: networkKeys.page(f),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const rows = await network({
        search: f.search.trim() || undefined,
        page_limit: NETWORK_PAGE_SIZE,
        page_offset: (f.page - 1) * NETWORK_PAGE_SIZE,
      });
      return { rows, count: rows[0]?.total_count ?? 0 };
    },
  });

/** Everyone the member has a connection or request with (either way), at most 100. */
export const useConnections = () =>
  useQuery({
    queryKey: networkKeys.connections(),
    queryFn: () => network({ only_connections: true, page_limit: 100, page_offset: 0 }),
  });

/** The member's own register entry: approved, or their application and its decision. */
export interface OwnEntry {
  id: string;
  full_name: string;
  unique_id: string;
  membership_no: string;
  approval_status: string;
  remarks: string | null;
  approved_at: string | null;
  created_at: string;
}

/** The member's own directory entry and their visibility choice (null: none made yet). */
export const useOwnEntry = (userId: string | undefined) =>
  useQuery({
    queryKey: networkKeys.ownEntry(userId ?? ''),
    enabled: !!userId,
    queryFn: async () => {
      const entry = unwrap(
        await sdk()
          .from('member_directory')
          .select(
            'id, full_name, unique_id, membership_no, approval_status, remarks, approved_at, created_at',
          )
          .eq('user_id', userId!)
          .maybeSingle(),
      ) as OwnEntry | null;
      if (!entry) return null;
      const visibility = unwrap(
        await sdk()
          .from('member_directory_visibility')
          .select('show_in_directory, show_contact_details')
          .eq('member_id', entry.id)
          .maybeSingle(),
      );
      return {
        entry,
        visibility: visibility ?? { show_in_directory: true, show_contact_details: false },
      };
    },
  });

export function useSaveVisibility(userId: string) {
  const refresh = useInvalidate(networkKeys.all);
  return useMutation({
    mutationFn: async (v: {
      memberId: string;
      showInDirectory: boolean;
      showContactDetails: boolean;
    }) =>
      unwrap(
        await sdk()
          .from('member_directory_visibility')
          .upsert(
            {
              member_id: v.memberId,
              user_id: userId,
              show_in_directory: v.showInDirectory,
              show_contact_details: v.showContactDetails,
            },
            { onConflict: 'member_id' },
          )
          .select('member_id')
          .single(),
      ),
    onSuccess: refresh,
  });
}

export type ConnectionAction =
  | { kind: 'request'; userId: string; requestedId: string }
  | { kind: 'accept' | 'decline'; id: string }
  | { kind: 'withdraw'; id: string };

export function useConnectionAction() {
  const refresh = useInvalidate(networkKeys.all);
  return useMutation({
    mutationFn: async (a: ConnectionAction) => {
      const table = sdk().from('member_connections');
      if (a.kind === 'request')
        return unwrap(
          await table
            .insert({ requester_id: a.userId, requested_id: a.requestedId })
            .select('id')
            .single(),
        );
      if (a.kind === 'withdraw') return unwrap(await table.delete().eq('id', a.id).select('id'));
      return unwrap(
        await table
          .update({ status: a.kind === 'accept' ? 'accepted' : 'declined' })
          .eq('id', a.id)
          .select('id')
          .single(),
      );
    },
    onSettled: refresh,
  });
}
