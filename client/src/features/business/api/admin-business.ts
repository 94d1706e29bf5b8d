// The directory for content staff: every listing (awaiting approval too) a page at a time with
// its exact count, the CSV export, save, approve (is_active), delete. Writes refresh the public
// directory's queries.
import { useQuery } from '@tanstack/react-query';
import type { ListView, WholeView } from '@/lib/list-view';
import { pagedList } from '@/lib/paged-list';
import { closestFirst, idList, nameMatchIds, orMatchingIds } from '@/lib/name-search';
import { ilikeAny } from '@/lib/search';
import { useDeleteRow, useSaveRow } from '@/lib/row-mutations';
import { sdk } from '@/lib/sdk';
import { ADMIN_BUSINESS_SORT, type AdminBusinessFilters } from '../resources/listings/filters';
import { businessKeys, type Business } from './business';
import { fromSdk } from '@/lib/from-sdk';

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
    const filtered = () => {
      const query = sdk().from('business_listings').select('*', { count: 'exact' });
      if (view.filters.show === 'pending') return query.eq('is_active', false);
      if (view.filters.show === 'active') return query.eq('is_active', true);
      return query;
    };
    const sort = view.sort ?? ADMIN_BUSINESS_SORT;
    const ordered = (q: ReturnType<typeof filtered>) =>
      q
        .order(sort.id as keyof Business, { ascending: !sort.desc, nullsFirst: false })
        .order('business_name', { ascending: true })
        .order('id');
    const nameIds = await nameMatchIds('business_name_matches', view.search);
    const partial = ilikeAny(['business_name', 'category', 'city', 'owner_name'], view.search);
    if (
      nameIds.length &&
      sort.id === ADMIN_BUSINESS_SORT.id &&
      sort.desc === ADMIN_BUSINESS_SORT.desc
    ) {
      // The default order with a search: the closest names first.
      return closestFirst(
        nameIds,
        (ids) => filtered().in('id', ids),
        (excluded, f, t) => {
          const rest = filtered().or(partial ?? 'id.is.null');
          return ordered(excluded.length ? rest.not('id', 'in', idList(excluded)) : rest).range(
            f,
            t,
          );
        },
        from,
        to,
      );
    }
    const any = orMatchingIds(partial, nameIds);
    return ordered(any ? filtered().or(any) : filtered()).range(from, to);
  },
});

export const useAdminBusiness = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: adminBusinessKeys.one(id),
    enabled,
    queryFn: fromSdk((db) => db.from('business_listings').select().eq('id', id).maybeSingle()),
  });

export function useBusinessActions() {
  const save = useSaveRow('business_listings', businessKeys.all);
  const remove = useDeleteRow('business_listings', businessKeys.all);
  return { save, remove };
}
