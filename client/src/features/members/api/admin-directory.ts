// The admin member directory's data (spec §7 member_directory, §4 approvals): the filtered
// page with its exact count, the figures (get_member_directory_stats, else the 2000-row
// fallback), one entry with its ledger, connections and approval history, and the writes.
// The server is the gate: RLS lets only admins read and write every entry, approve_member(s),
// reject_member(s) and admin_member_directory_matches answer admins only, the ledger trigger
// refuses the delete it must.
import type { Database } from '@havyaka/sdk/database';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AppError, unwrap } from '@/lib/errors';
import type { ListView, WholeView } from '@/lib/list-view';
import { pagedList } from '@/lib/paged-list';
import { sdk } from '@/lib/sdk';
import { useLiveQueries } from '@/lib/realtime';
import {
  applyDirectoryFilters,
  applyEqualityFilters,
  DIRECTORY_SORT,
  partialMatchTerms,
  type DirectoryFilters,
} from '../resources/directory/filters';
import {
  statsFromRows,
  STATS_FALLBACK_COLUMNS,
  STATS_FALLBACK_ROWS,
  type DirectoryStats,
  type StatsRow,
} from '../lib/directory-stats';
import type { MemberFormValues } from '../lib/member-schema';
import { memberRow } from '../lib/member-row';
import { adminText as text } from '../text';
import { fromSdk } from '@/lib/from-sdk';
import { fetchWithApprover } from '@/lib/registration/decided-row';

export type DirectoryRow = Database['public']['Tables']['member_directory']['Row'];
export type LedgerEntry = Database['public']['Tables']['financial_ledger']['Row'];
export type ApprovalEvent =
  Database['public']['Functions']['get_member_approval_history']['Returns'][number];

export const adminMemberKeys = {
  all: ['admin-members'] as const,
  lists: () => ['admin-members', 'list'] as const,
  list: (view: ListView<DirectoryFilters>) => ['admin-members', 'list', view] as const,
  stats: () => ['admin-members', 'stats'] as const,
  detail: (id: string) => ['admin-members', 'detail', id] as const,
  ledger: (id: string) => ['admin-members', 'ledger', id] as const,
  connections: (userId: string) => ['admin-members', 'connections', userId] as const,
  history: (id: string) => ['admin-members', 'history', id] as const,
  form: (userId: string) => ['admin-members', 'form', userId] as const,
  claim: (id: string) => ['admin-members', 'claim', id] as const,
};

/**
 * The register, filtered and sorted by the server, with the exact count of the whole view. With
 * a search or a partial city or native place, the rows come from admin_member_directory_matches
 * (the trigram indexes; see partialMatchTerms), filtered, sorted and counted the same way; a
 * search also finds names in the other script or another spelling, and in the default order
 * (newest first) its rows come closest first.
 */
export const directoryPages = pagedList({
  key: adminMemberKeys.list,
  read: (view: WholeView<DirectoryFilters>, from, to) => {
    const sort = view.sort ?? DIRECTORY_SORT;
    const order = { ascending: !sort.desc, nullsFirst: false };
    const column = sort.id as keyof DirectoryRow;
    const terms = partialMatchTerms(view.filters, view.search);
    if (terms) {
      const matches = applyEqualityFilters(
        sdk().rpc('admin_member_directory_matches', terms, { get: true, count: 'exact' }),
        view.filters,
      );
      // A search in the default order: the function's, closest names first.
      return terms.search && sort.id === DIRECTORY_SORT.id && sort.desc === DIRECTORY_SORT.desc
        ? matches.range(from, to)
        : matches.order(column, order).order('id').range(from, to);
    }
    return applyDirectoryFilters(
      sdk().from('member_directory').select('*', { count: 'exact' }),
      view.filters,
      view.search,
    )
      .order(column, order)
      .order('id')
      .range(from, to);
  },
});

/** get_member_directory_stats, or (spec §7) counts from up to 2000 rows when it fails. */
export async function fetchDirectoryStats(): Promise<DirectoryStats> {
  const [res, { directoryStatsSchema }] = await Promise.all([
    sdk().rpc('get_member_directory_stats'),
    import('../lib/directory-stats-schema'),
  ]);
  const parsed = res.error ? null : directoryStatsSchema.safeParse(res.data);
  if (parsed?.success) return parsed.data;
  const sample = await sdk()
    .from('member_directory')
    .select(STATS_FALLBACK_COLUMNS, { count: 'exact' })
    .range(0, STATS_FALLBACK_ROWS - 1);
  return statsFromRows(unwrap(sample) as unknown as StatsRow[], sample.count);
}
export const useDirectoryStats = () =>
  useQuery({ queryKey: adminMemberKeys.stats(), queryFn: fetchDirectoryStats });

export const useDirectoryEntry = (id: string) =>
  useQuery({
    queryKey: adminMemberKeys.detail(id),
    queryFn: () => fetchWithApprover('member_directory', id, text.notFound),
  });

export const useMemberLedger = (id: string) =>
  useQuery({
    queryKey: adminMemberKeys.ledger(id),
    queryFn: fromSdk((db) =>
      db
        .from('financial_ledger')
        .select()
        .eq('member_id', id)
        .order('entry_date', { ascending: false })
        .order('created_at', { ascending: false }),
    ),
  });

/** The member's connections (through their account; paper members have none). */
export const useMemberConnections = (userId: string | null) =>
  useQuery({
    queryKey: adminMemberKeys.connections(userId ?? ''),
    enabled: Boolean(userId),
    queryFn: async () =>
      unwrap(
        await sdk()
          .from('member_connections')
          .select(
            '*, requester:users!requester_id(full_name,email), requested:users!requested_id(full_name,email)',
          )
          .or(`requester_id.eq.${userId},requested_id.eq.${userId}`)
          .order('created_at', { ascending: false }),
      ) as unknown as MemberConnection[],
  });
export type MemberConnection = Database['public']['Tables']['member_connections']['Row'] & {
  requester: { full_name: string | null; email: string } | null;
  requested: { full_name: string | null; email: string } | null;
};

export type MembershipForm = Database['public']['Tables']['members']['Row'];

/** The membership form of the entry's account (members), when it has one. */
export const useMembershipForm = (userId: string | null) =>
  useQuery({
    queryKey: adminMemberKeys.form(userId ?? ''),
    enabled: Boolean(userId),
    queryFn: fromSdk((db) => db.from('members').select().eq('user_id', userId!).maybeSingle()),
  });

/** What the application claims (membership number, e-mail) against the register and account. */
export interface MembershipClaim {
  membership_no: string | null;
  register:
    | {
        id: string;
        unique_id: string;
        full_name: string;
        city: string | null;
        approval_status: string;
        has_account: boolean;
      }[]
    | null;
  taken: boolean;
  form_email: string | null;
  account_email: string | null;
  email_matches_account: boolean;
}

export const useMembershipClaim = (id: string) =>
  useQuery({
    queryKey: adminMemberKeys.claim(id),
    queryFn: async () =>
      unwrap(await sdk().rpc('membership_claim', { entry_id: id })) as unknown as MembershipClaim,
  });

export const useApprovalHistory = (id: string) =>
  useQuery({
    queryKey: adminMemberKeys.history(id),
    queryFn: fromSdk((db) => db.rpc('get_member_approval_history', { member_id: id })),
  });

/** After a write: lists, figures and the entry are stale. */
function useInvalidate() {
  const client = useQueryClient();
  return (id?: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminMemberKeys.lists() }),
      client.invalidateQueries({ queryKey: adminMemberKeys.stats() }),
      id ? client.invalidateQueries({ queryKey: adminMemberKeys.detail(id) }) : null,
      id ? client.invalidateQueries({ queryKey: adminMemberKeys.history(id) }) : null,
    ]);
}

/** Spec §4 approve, one or several (all or nothing). */
export function useApproveMembers() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ ids, notes }: { ids: string[]; notes?: string }) =>
      unwrap(
        await sdk().rpc('approve_members', { member_ids: ids, notes: notes?.trim() || undefined }),
      ),
    onSuccess: (_rows, { ids }) => invalidate(ids.length === 1 ? ids[0] : undefined),
  });
}

/** Spec §4 reject, one or several; remarks default to "Application rejected" on the server. */
export function useRejectMembers() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ ids, remarks }: { ids: string[]; remarks?: string }) =>
      unwrap(
        await sdk().rpc('reject_members', {
          member_ids: ids,
          remarks: remarks?.trim() || undefined,
        }),
      ),
    onSuccess: (_rows, { ids }) => invalidate(ids.length === 1 ? ids[0] : undefined),
  });
}

/** Creates an entry: the server gives it the next HWT- number and its membership number. */
export function useCreateMember() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: fromSdk((db, values: MemberFormValues) =>
      db
        .from('member_directory')
        // unique_id and an empty membership_no are replaced by the server's numbers.
        .insert({ unique_id: '', membership_no: '', ...memberRow(values, 'create') })
        .select()
        .single(),
    ),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateMember(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: fromSdk((db, values: MemberFormValues) =>
      db.from('member_directory').update(memberRow(values, 'edit')).eq('id', id).select().single(),
    ),
    onSuccess: () => invalidate(id),
  });
}

/** The number of ledger entries that keep a member in the register (spec §7). */
export async function countLedgerEntries(id: string): Promise<number> {
  const res = await sdk()
    .from('financial_ledger')
    .select('id', { count: 'exact', head: true })
    .eq('member_id', id);
  if (res.error) throw res.error;
  return res.count ?? 0;
}

/** Deletes after checking the ledger; refuses with the reason when entries exist. */
export function useDeleteMember() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string) => {
      const entries = await countLedgerEntries(id);
      if (entries > 0) throw new AppError(text.deleteRefused(entries), 'VALIDATION_ERROR');
      const res = await sdk().from('member_directory').delete().eq('id', id).select('id');
      const deleted = unwrap(res);
      if (!deleted.length) throw new AppError(text.deleteNothing, 'AUTHORIZATION_ERROR');
      return id;
    },
    onSuccess: () => invalidate(),
  });
}

/** Keeps the register's pages and figures live: a change to any entry (an application, an
 * approval) refetches them. */
export function useLiveDirectory() {
  useLiveQueries({ name: 'admin-members', changes: [{ table: 'member_directory' }] }, [
    adminMemberKeys.lists(),
    adminMemberKeys.stats(),
  ]);
}
