// The admin member directory's view (spec §7 member_directory): status, member type, city
// and native place (partial match), Sandesha delivery method, and a free-text search over name,
// membership number, mobile and e-mail; newest first, 50 a page. The filters' query parts are
// pure: the list query, the CSV export and the tests share them.
import { labelledOptions } from '@/components/data-table';
import { defineList, preset, NEWEST_FIRST } from '@/components/resource-list';
import { ilikeAny, ilikePattern, searchTerm } from '@/lib/search';
import { DELIVERY_METHODS, MEMBER_TYPES } from '../../lib/member-row';
import { adminText as text } from '../../text';

/** The filters kept in the URL; '' means "no filter". */
export const DIRECTORY_FILTER_DEFAULTS = {
  status: '',
  member_type: '',
  city: '',
  native_place: '',
  delivery: '',
};
export type DirectoryFilters = typeof DIRECTORY_FILTER_DEFAULTS;

/** Spec §4: Check (new application), Yes (approved), No (rejected). */
export const MEMBER_STATUSES = ['Check', 'Yes', 'No'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** Spec §7 list default: page 1, 50 rows. */
export const DIRECTORY_PAGE_SIZE = 50;

/** Sortable columns (the server orders by them); the default is newest first. */
export const DIRECTORY_SORTS = ['full_name', 'unique_id', 'created_at', 'city', 'status'] as const;
export const DIRECTORY_SORT = NEWEST_FIRST;

export const directoryList = defineList<DirectoryFilters>({
  defaults: DIRECTORY_FILTER_DEFAULTS,
  pageSize: DIRECTORY_PAGE_SIZE,
  pageSizeOptions: [25, 50, 100],
  sort: DIRECTORY_SORT,
  controls: () => [
    preset.search({ label: text.searchLabel, placeholder: text.search }),
    preset.select('status', {
      label: text.status,
      options: labelledOptions(MEMBER_STATUSES, text.statusLabels),
      allLabel: text.all,
    }),
    preset.select('member_type', {
      label: text.memberType,
      options: labelledOptions(MEMBER_TYPES, text.typeLabels),
      allLabel: text.all,
    }),
    preset.text('city', { label: text.city }),
    preset.text('native_place', { label: text.nativePlace }),
    preset.select('delivery', {
      label: text.delivery,
      options: [
        ...labelledOptions(DELIVERY_METHODS, text.deliveryLabels),
        { value: 'none', label: text.noDelivery },
      ],
      allLabel: text.all,
    }),
  ],
});

/** The `or` filter of the free-text search, or null when there is nothing to search. */
export const searchFilter = (raw: string) =>
  ilikeAny(['full_name', 'membership_no', 'unique_id', 'mobile_number', 'email'], raw);

/** The subset of the query builder the filters use (the SDK's builder satisfies it). */
export interface FilterableQuery<Q> {
  eq(column: string, value: string): Q;
  ilike(column: string, pattern: string): Q;
  or(filters: string): Q;
  is(column: string, value: null): Q;
}

/** Applies the view's equality filters (status, member type, delivery method). */
export function applyEqualityFilters<Q extends FilterableQuery<Q>>(
  query: Q,
  filters: Partial<DirectoryFilters>,
): Q {
  let q = query;
  if (filters.status) q = q.eq('status', filters.status);
  if (filters.member_type) q = q.eq('member_type', filters.member_type);
  if (filters.delivery === 'none') q = q.is('sandesha_delivery_method', null);
  else if (filters.delivery) q = q.eq('sandesha_delivery_method', filters.delivery);
  return q;
}

/** Applies the view's filters and search to a member_directory query. */
export function applyDirectoryFilters<Q extends FilterableQuery<Q>>(
  query: Q,
  filters: Partial<DirectoryFilters>,
  search: string,
): Q {
  let q = applyEqualityFilters(query, filters);
  const city = ilikePattern(filters.city ?? '');
  if (city) q = q.ilike('city', city);
  const native = ilikePattern(filters.native_place ?? '');
  if (native) q = q.ilike('native_place', native);
  const or = searchFilter(search);
  if (or) q = q.or(or);
  return q;
}

/** The partial-match terms of admin_member_directory_matches. */
export interface PartialMatchTerms {
  search?: string;
  city?: string;
  native_place?: string;
}

/**
 * The view's search, city and native place as the terms of admin_member_directory_matches,
 * or null when none is set. Through the table, `ilike` cannot use the trigram indexes under
 * row-level security (issue 22: 35–60 ms a request on 50,000 members), so the admin list asks
 * the function for these and filters its rows by the rest.
 */
export function partialMatchTerms(
  filters: Partial<DirectoryFilters>,
  search: string,
): PartialMatchTerms | null {
  const terms: PartialMatchTerms = {};
  const searchText = searchTerm(search);
  if (searchText) terms.search = searchText;
  const city = searchTerm(filters.city ?? '');
  if (city) terms.city = city;
  const native = searchTerm(filters.native_place ?? '');
  if (native) terms.native_place = native;
  return Object.keys(terms).length ? terms : null;
}

/** True when any filter or the search narrows the list. */
export const isFiltered = (filters: Partial<DirectoryFilters>, search: string) =>
  Boolean(search.trim()) || Object.values(filters).some(Boolean);
