// The admin student list's filters (spec §7 student_details): equality filters where the value
// 'all' (or nothing) is ignored, and a free-text search over name, email and mobile.
import { ilikeAny } from '@/lib/search';

export const STUDENT_FILTER_DEFAULTS = { approval_status: 'all', gender: 'all', academic_year: '' };
export type StudentFilters = typeof STUDENT_FILTER_DEFAULTS;
export const STUDENT_PAGE_SIZE = 25;

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

export function applyStudentFilters<Q extends Filterable<Q>>(
  query: Q,
  filters: Partial<StudentFilters>,
  search: string,
): Q {
  let q = query;
  for (const [column, value] of equalityFilters(filters)) q = q.eq(column, value);
  const or = studentSearchFilter(search);
  if (or) q = q.or(or);
  return q;
}
