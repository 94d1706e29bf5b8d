// An event's registrations for its staff: a search over the registrant's name, e-mail and
// phone, the attendance filter and the sort, all in the URL, applied by the server
// (api/registrations.ts reads a page of them, or all of the view for the CSV).
import { labelledOptions } from '@/components/data-table';
import { defineList, preset } from '@/components/resource-list';
import type { ListView } from '@/lib/list-view';
import { ilikeAny } from '@/lib/search';
import { adminText } from '../../admin-text';
import type { Registration } from '../../api/registrations';
import { ATTENDANCE_STATUSES } from '../../lib/attendance';

const t = adminText.registrations;

export type RegistrationFilters = { status: string };
const DEFAULT_SORT = { id: 'registration_date', desc: false };

/** The registrant's name as shown (their account's name, else e-mail). */
export const nameOf = (r: Registration) => r.user?.full_name || r.user?.email || t.unnamed;

export const registrationList = defineList<RegistrationFilters>({
  defaults: { status: '' },
  sort: DEFAULT_SORT,
  controls: () => [
    preset.search({ label: t.search, placeholder: t.searchPlaceholder }),
    preset.select('status', {
      label: t.status,
      allLabel: t.allStatuses,
      options: labelledOptions(ATTENDANCE_STATUSES, t.statuses),
    }),
  ],
});

/** The search as an `or` over the registrant's account (`referencedTable: 'user'`), or null. */
export const registrationSearch = (search: string) =>
  ilikeAny(['full_name', 'email', 'phone'], search);

interface Filterable<Q> {
  eq(column: string, value: string): Q;
}

/** The attendance filter (an unknown status matches nothing, as the server says). */
export function applyRegistrationFilters<Q extends Filterable<Q>>(
  q: Q,
  filters: RegistrationFilters,
): Q {
  return filters.status ? q.eq('attendance_status', filters.status) : q;
}

interface Orderable<Q> {
  order(column: string, options?: { ascending?: boolean; nullsFirst?: boolean }): Q;
}

/** The columns a sort id orders by: the name is the account's name, else its e-mail (as
 *  `nameOf` shows it), a to-one embed's columns (`user(full_name)`). */
const SORT_COLUMNS: Record<string, readonly string[]> = {
  name: ['user(full_name)', 'user(email)'],
  registration_date: ['registration_date'],
  guests: ['guests'],
  attendance_status: ['attendance_status'],
};

/** The view's sort (the registration date by default), then the id: pages never overlap. */
export function orderRegistrations<Q extends Orderable<Q>>(
  q: Q,
  sort: ListView<RegistrationFilters>['sort'],
): Q {
  const { id, desc } = sort ?? DEFAULT_SORT;
  const columns = SORT_COLUMNS[id] ?? SORT_COLUMNS[DEFAULT_SORT.id];
  return columns
    .reduce((next, column) => next.order(column, { ascending: !desc, nullsFirst: false }), q)
    .order('id');
}
