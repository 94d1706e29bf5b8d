// The payment list's view (spec §7 payments): a search, type and status filters and the payer's
// account (set from a row: ?user=), newest first, 10 a page.
import { labelledOptions } from '@/components/data-table';
import { defineList, preset } from '@/components/resource-list';
import {
  PAYMENT_FILTER_DEFAULTS,
  PAYMENT_PAGE_SIZE,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  type PaymentFilters,
} from '../../lib/payment-filters';
import { text } from '../../text';

export const paymentList = defineList<PaymentFilters>({
  defaults: PAYMENT_FILTER_DEFAULTS,
  pageSize: PAYMENT_PAGE_SIZE,
  controls: () => [
    preset.search({ label: text.searchLabel, placeholder: text.search }),
    preset.select('payment_type', {
      label: text.type,
      options: labelledOptions(PAYMENT_TYPES, text.typeLabels),
      allLabel: text.all,
    }),
    preset.select('status', {
      label: text.status,
      options: labelledOptions(PAYMENT_STATUSES, text.statusLabels),
      allLabel: text.all,
    }),
  ],
});
