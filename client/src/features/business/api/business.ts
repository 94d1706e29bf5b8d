import type { Database } from '@havyaka/sdk/database';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';

export type Business = Database['public']['Tables']['business_listings']['Row'];

export const businessKeys = {
  all: ['business'] as const,
  list: () => ['business', 'list'] as const,
  detail: (id: string) => ['business', 'detail', id] as const,
};

export const businessesQuery = () =>
  queryOptions({
    queryKey: businessKeys.list(),
    queryFn: async () =>
      unwrap(
        await sdk()
          .from('business_listings')
          .select()
          .eq('is_active', true)
          .order('is_featured', { ascending: false })
          .order('display_order')
          .order('business_name'),
      ),
  });
export const useBusinesses = () => useQuery(businessesQuery());

export const useBusiness = (id: string) =>
  useQuery({
    queryKey: businessKeys.detail(id),
    queryFn: async () =>
      unwrap(
        await sdk()
          .from('business_listings')
          .select()
          .eq('id', id)
          .eq('is_active', true)
          .maybeSingle(),
      ),
    enabled: /^[0-9a-f-]{36}$/i.test(id),
  });

/** Free-text and category filtering, on the client (the directory is small). */
export function filterBusinesses(list: Business[], search: string, category: string): Business[] {
  const q = search.trim().toLowerCase();
  return list.filter(
    (b) =>
      (!category || b.category === category) &&
      (!q ||
        [b.business_name, b.category, b.city, b.description, b.owner_name].some((v) =>
          v?.toLowerCase().includes(q),
        )),
  );
}
