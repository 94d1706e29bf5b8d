// The admin student list's view (spec §7 student_details): equality filters where the value
// 'all' (or nothing) is ignored (approval, gender, and ?academic_year= from a link), a
// free-text search over name, email, mobile and institution (and the name in either script or
// a common spelling: lib/name-search), newest first, 25 a page.
import { defineList, preset, NEWEST_FIRST } from '@/components/resource-list';
import { orMatchingIds } from '@/lib/name-search';
import { ilikeAny } from '@/lib/search';
import { adminText as text } from '../../admin-text';

export const STUDENT_FILTER_DEFAULTS = { approval_status: 'all', gender: 'all', academic_year: '' };
export type StudentFilters = typeof STUDENT_FILTER_DEFAULTS;
export const STUDENT_SORT = NEWEST_FIRST;

export const studentList = defineList<StudentFilters>({
  defaults: STUDENT_FILTER_DEFAULTS,
  pageSize: 25,
  sort: STUDENT_SORT,
  controls: () => preset.applications(text, ['female', 'male', 'other']),
});

/** The filters the query sends: 'all' and empty values dropped. */
export function equalityFilters(filters: Partial<Record<string, string>>): [string, string][] {
  return Object.entries(filters).filter(
    (e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '' && e[1] !== 'all',
  );
}

export const studentSearchFilter = (raw: string) =>
  ilikeAny(['first_name', 'surname', 'email', 'mobile_number', 'institution_name'], raw);

interface Filterable<Q> {
  eq(column: string, value: string): Q;
  or(filters: string): Q;
}

/** The view's filters and search; `nameIds`: the applications whose names match the search. */
export function applyStudentFilters<Q extends Filterable<Q>>(
  query: Q,
  filters: Partial<StudentFilters>,
  search: string,
  nameIds: readonly string[] = [],
): Q {
  let q = query;
  for (const [column, value] of equalityFilters(filters)) q = q.eq(column, value);
  const or = orMatchingIds(studentSearchFilter(search), nameIds);
  if (or) q = q.or(or);
  return q;
}
