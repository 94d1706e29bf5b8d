// Accounts (public.users) for the user-management screen: filtered, searched, paged with an
// exact count; type and status changes (app.guard_users and the policies are the gate).
import type { Database } from '@havyaka/sdk/database';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import { ilikeAny } from '@/lib/search';

export type AccountRow = Database['public']['Tables']['users']['Row'];
export const ACCOUNT_FILTER_DEFAULTS = { type: '', status: '', approval_status: '' };
export type AccountFilters = typeof ACCOUNT_FILTER_DEFAULTS;

export interface AccountView {
  filters: AccountFilters;
  search: string;
  sort: { id: string; desc: boolean } | null;
  from: number;
  to: number;
}

export const accountKeys = {
  all: ['accounts'] as const,
  lists: () => ['accounts', 'list'] as const,
  list: (view: AccountView) => ['accounts', 'list', view] as const,
};

export async function fetchAccounts(view: AccountView) {
  const sort = view.sort ?? { id: 'created_at', desc: true };
  let q = sdk().from('users').select('*', { count: 'exact' });
  // spec §7 users: filtered by role (the type) or approval_status.
  if (view.filters.type) q = q.eq('type', view.filters.type);
  if (view.filters.status) q = q.eq('status', view.filters.status);
  if (view.filters.approval_status) q = q.eq('approval_status', view.filters.approval_status);
  const or = ilikeAny(['full_name', 'email'], view.search);
  if (or) q = q.or(or);
  const res = await q
    .order(sort.id as keyof AccountRow, { ascending: !sort.desc, nullsFirst: false })
    .order('id')
    .range(view.from, view.to);
  return { rows: unwrap(res), count: res.count ?? 0 };
}

export const useAccounts = (view: AccountView) =>
  useQuery({
    queryKey: accountKeys.list(view),
    queryFn: () => fetchAccounts(view),
    placeholderData: keepPreviousData,
  });

/** Changes an account's type or status; only those fields are sent. */
export function useChangeAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      changes,
    }: {
      id: string;
      changes: { type?: string; status?: string };
    }) => {
      const patch: Database['public']['Tables']['users']['Update'] = { ...changes };
      if (changes.status === 'approved' || changes.status === 'rejected')
        patch.approval_status = changes.status;
      const rows = unwrap(await sdk().from('users').update(patch).eq('id', id).select());
      // RLS hides an account the caller may not change: nothing updated means refused.
      if (rows.length === 0) throw Object.assign(new Error('Access forbidden'), { status: 403 });
      return rows[0];
    },
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.lists() }),
  });
}
