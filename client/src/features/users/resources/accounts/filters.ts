// The account list's view (spec §7 users): filtered by type, status and approval, searched by
// name or email, newest first, 25 a page; all in the URL.
import { labelledOptions } from '@/components/data-table';
import { defineList, preset, NEWEST_FIRST } from '@/components/resource-list';
import { USER_STATUSES, USER_TYPES } from '../../lib/account-rules';
import { text } from '../../text';

export const ACCOUNT_FILTER_DEFAULTS = { type: '', status: '', approval_status: '' };
export type AccountFilters = typeof ACCOUNT_FILTER_DEFAULTS;
export const ACCOUNT_SORT = NEWEST_FIRST;

export const accountList = defineList<AccountFilters>({
  defaults: ACCOUNT_FILTER_DEFAULTS,
  pageSize: 25,
  sort: ACCOUNT_SORT,
  controls: () => [
    preset.search({ label: text.searchLabel, placeholder: text.search }),
    preset.select('type', {
      label: text.type,
      options: labelledOptions(USER_TYPES, text.typeLabels),
      allLabel: text.all,
    }),
    preset.select('status', {
      label: text.status,
      options: labelledOptions(USER_STATUSES, text.statusLabels),
      allLabel: text.all,
    }),
    preset.approvalStatus({ label: text.approval, labels: text.statusLabels, allLabel: text.all }),
  ],
});
