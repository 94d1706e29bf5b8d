import type { Database } from '@havyaka/sdk/database';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { nameMatchIds } from '@/lib/name-search';
import { searchTerm } from '@/lib/search';
import { fromSdk } from '@/lib/from-sdk';

export type Business = Database['public']['Tables']['business_listings']['Row'];

export const businessKeys = {
  all: ['business'] as const,
  list: () => ['business', 'list'] as const,
  detail: (id: string) => ['business', 'detail', id] as const,
  names: (search: string) => ['business', 'names', search] as const,
};

export const businessesQuery = () =>
  queryOptions({
    queryKey: businessKeys.list(),
    queryFn: fromSdk((db) =>
      db
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
    queryFn: fromSdk((db) =>
      db.from('business_listings').select().eq('id', id).eq('is_active', true).maybeSingle(),
    ),
    enabled: /^[0-9a-f-]{36}$/i.test(id),
  });

/**
 * The listings whose name or owner matches the search in either script or a common spelling
 * (business_name_matches, asked 300 ms after the last keystroke): ಹೆಗಡೆ finds "Hegde Caterers".
 */
export function useBusinessNameMatches(search: string) {
  const [term, setTerm] = useState(() => searchTerm(search));
  useEffect(() => {
    const timer = setTimeout(() => setTerm(searchTerm(search)), 300);
    return () => clearTimeout(timer);
  }, [search]);
  return useQuery({
    queryKey: businessKeys.names(term),
    queryFn: () => nameMatchIds('business_name_matches', term),
    enabled: term !== '',
    placeholderData: keepPreviousData,
  });
}

/** Free-text and category filtering, on the client (the directory is small); `nameIds`: the
 * listings whose names match the search in either script (useBusinessNameMatches). */
export function filterBusinesses(
  list: Business[],
  search: string,
  category: string,
  nameIds: readonly string[] = [],
): Business[] {
  const q = search.trim().toLowerCase();
  const byName = new Set(nameIds);
  return list.filter(
    (b) =>
      (!category || b.category === category) &&
      (!q ||
        byName.has(b.id) ||
        [b.business_name, b.category, b.city, b.description, b.owner_name].some((v) =>
          v?.toLowerCase().includes(q),
        )),
  );
}
