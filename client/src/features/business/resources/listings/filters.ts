// The staff directory's view: a search over name, category, city and owner, and which
// listings to show (every one, awaiting approval, approved); awaiting approval first.
import { defineList, preset } from '@/components/resource-list';
import { adminText as t } from '../../admin-text';

/** '' every listing, 'pending' awaiting approval, 'active' approved. */
export type AdminBusinessFilters = { show: string };
export const ADMIN_BUSINESS_FILTER_DEFAULTS: AdminBusinessFilters = { show: '' };
/** Awaiting approval first, then by name. */
export const ADMIN_BUSINESS_SORT = { id: 'is_active', desc: false };

export const businessList = defineList<AdminBusinessFilters>({
  defaults: ADMIN_BUSINESS_FILTER_DEFAULTS,
  sort: ADMIN_BUSINESS_SORT,
  controls: () => [
    preset.search({ label: t.search, placeholder: t.searchPlaceholder }),
    preset.select('show', {
      label: t.show,
      allLabel: t.all,
      options: [
        { value: 'pending', label: t.pending },
        { value: 'active', label: t.active },
      ],
    }),
  ],
});
