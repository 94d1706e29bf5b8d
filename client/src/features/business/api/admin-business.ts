// The directory for content staff: every listing (awaiting approval too) a page at a time with
// its exact count, the CSV export, save, approve (is_active), delete. Writes refresh the public
// directory's queries.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Database } from '@havyaka/sdk/database';
import { unwrap } from '@/lib/errors';
import type { ListView, WholeView } from '@/lib/list-view';
import { pagedList } from '@/lib/paged-list';
import { nameMatchIds, orMatchingIds } from '@/lib/name-search';
import { ilikeAny } from '@/lib/search';
import { sdk } from '@/lib/sdk';
import { ADMIN_BUSINESS_SORT, type AdminBusinessFilters } from '../resources/listings/filters';
import { businessKeys, type Business } from './business';

type Insert = Database['public']['Tables']['business_listings']['Insert'];

export const adminBusinessKeys = {
  list: (view: ListView<AdminBusinessFilters>) =>
    [...businessKeys.all, 'admin', 'list', view] as const,
  one: (id: string) => [...businessKeys.all, 'admin', 'one', id] as const,
};

/** Every listing (awaiting approval too): a page of the view, and every row of it. A search
 * also finds names written in the other script or spelt another way (business_name_matches). */
export const adminBusinessPages = pagedList({
  key: adminBusinessKeys.list,
  read: async (view: WholeView<AdminBusinessFilters>, from, to) => {
    let query = sdk().from('business_listings').select('*', { count: 'exact' });
    const nameIds = await nameMatchIds('business_name_matches', view.search);
    const any = orMatchingIds(
      ilikeAny(['business_name', 'category', 'city', 'owner_name'], view.search),
      nameIds,
    );
    if (any) query = query.or(any);
    if (view.filters.show === 'pending') query = query.eq('is_active', false);
    if (view.filters.show === 'active') query = query.eq('is_active', true);
    const sort = view.sort ?? ADMIN_BUSINESS_SORT;
    return query
      .order(sort.id as keyof Business, { ascending: !sort.desc, nullsFirst: false })
      .order('business_name', { ascending: true })
      .order('id')
      .range(from, to);
  },
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
