// The staff events list's view (spec §4): a search over title, location and organizer, type
// and state filters, the newest event first, 20 a page (10, 20 or 50).
import { labelledOptions } from '@/components/data-table';
import { defineList, preset } from '@/components/resource-list';
import { adminText } from '../../admin-text';
import { text } from '../../text';
import { EVENT_STATUSES, EVENT_TYPES } from '../../lib/event-kinds';

const t = adminText.list;

/** The list's filters, as kept in the URL ('' means any). `when`: 'upcoming' (upcoming or
 *  published, today or later: the dashboard's figure) or 'past'. */
export type AdminEventFilters = { type: string; status: string; when: string };
export const ADMIN_EVENT_FILTER_DEFAULTS: AdminEventFilters = { type: '', status: '', when: '' };
export const EVENT_WHEN = ['upcoming', 'past'] as const;

/** Today in Mumbai (YYYY-MM-DD), the day events are dated in. */
export const mumbaiToday = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now);
export const ADMIN_EVENT_SORT = { id: 'event_date', desc: true };

export const eventList = defineList<AdminEventFilters>({
  defaults: ADMIN_EVENT_FILTER_DEFAULTS,
  pageSize: 20,
  pageSizeOptions: [10, 20, 50],
  sort: ADMIN_EVENT_SORT,
  clampPage: true,
  controls: () => [
    preset.search({ label: t.search, placeholder: t.searchPlaceholder }),
    preset.select('type', {
      label: t.type,
      allLabel: t.allTypes,
      options: labelledOptions(EVENT_TYPES, text.types),
    }),
    preset.select('status', {
      label: t.status,
      allLabel: t.allStatuses,
      options: labelledOptions(EVENT_STATUSES, adminText.statuses),
    }),
    preset.select('when', {
      label: t.when,
      allLabel: t.anyDate,
      options: labelledOptions(EVENT_WHEN, t.whenLabels),
    }),
  ],
});
