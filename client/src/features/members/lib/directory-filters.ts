// The admin member directory's filters (spec §7 member_directory): status, member type, city
// and native place (partial match), Sandesha delivery method, and a free-text search over name,
// membership number, mobile and e-mail. Pure: the list query, the CSV export and the tests
// share them.
import { ilikeAny, ilikePattern } from '@/lib/search';

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

/** Applies the view's filters and search to a member_directory query. */
export function applyDirectoryFilters<Q extends FilterableQuery<Q>>(
  query: Q,
  filters: Partial<DirectoryFilters>,
  search: string,
): Q {
  let q = query;
  if (filters.status) q = q.eq('status', filters.status);
  if (filters.member_type) q = q.eq('member_type', filters.member_type);
  const city = ilikePattern(filters.city ?? '');
  if (city) q = q.ilike('city', city);
  const native = ilikePattern(filters.native_place ?? '');
  if (native) q = q.ilike('native_place', native);
  if (filters.delivery === 'none') q = q.is('sandesha_delivery_method', null);
  else if (filters.delivery) q = q.eq('sandesha_delivery_method', filters.delivery);
  const or = searchFilter(search);
  if (or) q = q.or(or);
  return q;
}

/** True when any filter or the search narrows the list. */
export const isFiltered = (filters: Partial<DirectoryFilters>, search: string) =>
  Boolean(search.trim()) || Object.values(filters).some(Boolean);
