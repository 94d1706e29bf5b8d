// The contact form's messages (the staff inbox): a search over subject, sender and message;
// new messages unless told otherwise ('all' for every status); newest first.
import { labelledOptions } from '@/components/data-table';
import { defineList, NEWEST_FIRST, preset } from '@/components/resource-list';
import { adminText as t } from '../../admin-text';

export const MESSAGE_STATUSES = ['new', 'read', 'replied', 'archived'] as const;
/** 'all' shows every status. */
export type InboxFilters = { status: string };

export const messageList = defineList<InboxFilters>({
  defaults: { status: 'new' },
  sort: NEWEST_FIRST,
  controls: () => [
    preset.search({ label: t.inbox.search, placeholder: t.inbox.searchPlaceholder }),
    preset.select('status', {
      label: t.inbox.show,
      allLabel: null,
      options: [
        ...labelledOptions(MESSAGE_STATUSES, t.inbox.statuses),
        { value: 'all', label: t.inbox.all },
      ],
    }),
  ],
});
