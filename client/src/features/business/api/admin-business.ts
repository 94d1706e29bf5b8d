// The directory for content staff: every listing (awaiting approval too) a page at a time with
// its exact count, the CSV export, save, approve (is_active), delete. Writes refresh the public
// directory's queries.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Database } from '@havyaka/sdk/database';
import { fetchAllRows } from '@/lib/csv';
import { unwrap } from '@/lib/errors';
import { ilikeAny } from '@/lib/search';
import { sdk } from '@/lib/sdk';
import { businessKeys, type Business } from './business';

type Insert = Database['public']['Tables']['business_listings']['Insert'];

/** The list's filter: '' every listing, 'pending' awaiting approval, 'active' approved. */
export type AdminBusinessFilters = { show: string };
export const ADMIN_BUSINESS_FILTER_DEFAULTS: AdminBusinessFilters = { show: '' };
/** Awaiting approval first, then by name. */
export const ADMIN_BUSINESS_SORT = { id: 'is_active', desc: false };

/** What one page of the list asks for (the URL state feeds it: `state.key`). */
export interface AdminBusinessView {
  search: string;
  filters: AdminBusinessFilters;
  sort: { id: string; desc: boolean } | null;
  from: number;
  to: number;
}

export const adminBusinessKeys = {
  list: (view: AdminBusinessView) => [...businessKeys.all, 'admin', 'list', view] as const,
  one: (id: string) => [...businessKeys.all, 'admin', 'one', id] as const,
};

/** The filtered, sorted query (without its range): the page and the CSV export share it. */
function adminBusinessesQueryOf(view: Omit<AdminBusinessView, 'from' | 'to'>) {
  let query = sdk().from('business_listings').select('*', { count: 'exact' });
  const any = ilikeAny(['business_name', 'category', 'city', 'owner_name'], view.search);
  if (any) query = query.or(any);
  if (view.filters.show === 'pending') query = query.eq('is_active', false);
  if (view.filters.show === 'active') query = query.eq('is_active', true);
  const sort = view.sort ?? ADMIN_BUSINESS_SORT;
  return query
    .order(sort.id as keyof Business, { ascending: !sort.desc, nullsFirst: false })
    .order('business_name', { ascending: true })
    .order('id');
}

/** One page with the exact count of the whole view. */
export async function fetchAdminBusinesses(view: AdminBusinessView) {
  const result = await adminBusinessesQueryOf(view).range(view.from, view.to);
  return { rows: unwrap(result), count: result.count ?? 0 };
}

/** Every listing of a view (not just the page), for the CSV export. */
export const fetchAdminBusinessesExport = (view: Omit<AdminBusinessView, 'from' | 'to'>) =>
  fetchAllRows(async (from, to) => unwrap(await adminBusinessesQueryOf(view).range(from, to)));

export const useAdminBusinesses = (view: AdminBusinessView) =>
  useQuery({
    queryKey: adminBusinessKeys.list(view),
    queryFn: () => fetchAdminBusinesses(view),
    placeholderData: keepPreviousData,
  });

export const useAdminBusiness = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: adminBusinessKeys.one(id),
    enabled,
    queryFn: async () =>
      unwrap(await sdk().from('business_listings').select().eq('id', id).maybeSingle()),
  });

export function useBusinessActions() {
  const client = useQueryClient();
  const invalidate = () => client.invalidateQueries({ queryKey: businessKeys.all });
  const save = useMutation({
    mutationFn: async ({ id, values }: { id?: string; values: Partial<Insert> }) => {
      const table = sdk().from('business_listings');
      return id
        ? unwrap(await table.update(values).eq('id', id).select().single())
        : unwrap(
            await table
              .insert(values as Insert)
              .select()
              .single(),
          );
    },
    onSuccess: () => invalidate(),
  });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      unwrap(await sdk().from('business_listings').delete().eq('id', id));
    },
    onSuccess: () => invalidate(),
  });
  return { save, remove };
}
