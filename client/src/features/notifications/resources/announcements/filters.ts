// The announcements sent: a search over title and message, the audience, newest first.
import { labelledOptions } from '@/components/data-table';
import { defineList, NEWEST_FIRST, preset } from '@/components/resource-list';
import { adminText as t } from '../../admin-text';

export const AUDIENCES = ['everyone', 'members', 'students', 'matrimony'] as const;
export type HistoryFilters = { audience: string };

export const announcementList = defineList<HistoryFilters>({
  defaults: { audience: '' },
  sort: NEWEST_FIRST,
  controls: () => [
    preset.search({ label: t.history.search, placeholder: t.history.searchPlaceholder }),
    preset.select('audience', {
      label: t.history.audience,
      allLabel: t.history.allAudiences,
      options: labelledOptions(AUDIENCES, t.audiences),
    }),
  ],
});
