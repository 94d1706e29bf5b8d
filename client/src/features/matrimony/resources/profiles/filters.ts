// The staff matrimony list's view: approval and gender ('all' ignored) and a search over name,
// place and the contact details, newest first, 25 a page.
import { defineList, preset, NEWEST_FIRST } from '@/components/resource-list';
import { adminText as text } from '../../admin-text';

export const MATRIMONY_FILTER_DEFAULTS = { approval_status: 'all', gender: 'all' };
export type MatrimonyFilters = typeof MATRIMONY_FILTER_DEFAULTS;
export const MATRIMONY_SORT = NEWEST_FIRST;

export const profileList = defineList<MatrimonyFilters>({
  defaults: MATRIMONY_FILTER_DEFAULTS,
  pageSize: 25,
  sort: MATRIMONY_SORT,
  controls: () => preset.applications(text, ['female', 'male']),
});
