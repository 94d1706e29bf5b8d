// Accounts (public.users) for the user-management screen: filtered, searched, paged with an
// exact count; type and status changes (app.guard_users and the policies are the gate).
import type { Database } from '@havyaka/sdk/database';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { ListView, WholeView } from '@/lib/list-view';
import { pagedList } from '@/lib/paged-list';
import { sdk } from '@/lib/sdk';
import { ilikeAny } from '@/lib/search';
import { ACCOUNT_SORT, type AccountFilters } from '../resources/accounts/filters';

export type AccountRow = Database['public']['Tables']['users']['Row'];
export const accountKeys = {
  all: ['accounts'] as const,
  lists: () => ['accounts', 'list'] as const,
  list: (view: ListView<AccountFilters>) => ['accounts', 'list', view] as const,
};

/** The account list: a page of the view, and every row of it. */
export const accountPages = pagedList({
  key: accountKeys.list,
  query: (view: WholeView<AccountFilters>) => {
    const sort = view.sort ?? ACCOUNT_SORT;
    let q = sdk().from('users').select('*', { count: 'exact' });
    // spec §7 users: filtered by role (the type) or approval_status.
    if (view.filters.type) q = q.eq('type', view.filters.type);
    if (view.filters.status) q = q.eq('status', view.filters.status);
    if (view.filters.approval_status) q = q.eq('approval_status', view.filters.approval_status);
    const or = ilikeAny(['full_name', 'email'], view.search);
    if (or) q = q.or(or);
    return q
      .order(sort.id as keyof AccountRow, { ascending: !sort.desc, nullsFirst: false })
      .order('id');
  },
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
