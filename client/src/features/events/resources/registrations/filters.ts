// An event's registrations for its staff: a search over the registrant's name, e-mail and
// phone, the attendance filter and the sort, all in the URL. The registrations of one event
// are few: the whole list is read once and filtered, sorted and paged here (`shownRows`).
import { labelledOptions } from '@/components/data-table';
import { defineList, preset } from '@/components/resource-list';
import type { WholeView } from '@/lib/list-view';
import { adminText } from '../../admin-text';
import { ATTENDANCE_STATUSES, type Registration } from '../../api/registrations';

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

/** The value a column sorts by. */
const sortValue: Record<string, (r: Registration) => string | number> = {
  name: (r) => nameOf(r).toLowerCase(),
  registration_date: (r) => r.registration_date ?? '',
  guests: (r) => r.guests,
  attendance_status: (r) => r.attendance_status,
};

/** The registrations of a view, filtered and sorted (not paged: the export writes them all). */
export function shownRows(all: readonly Registration[], view: WholeView<RegistrationFilters>) {
  const q = view.search.toLowerCase();
  const status = view.filters.status;
  const rows = all.filter(
    (r) =>
      (!status || r.attendance_status === status) &&
      (!q ||
        [r.user?.full_name, r.user?.email, r.user?.phone].some((v) =>
          v?.toLowerCase().includes(q),
        )),
  );
  const by = sortValue[view.sort?.id ?? ''] ?? sortValue.registration_date;
  const dir = view.sort?.desc ? -1 : 1;
  return rows.sort((a, b) => {
    const x = by(a);
    const y = by(b);
    return (x < y ? -1 : x > y ? 1 : 0) * dir;
  });
}
