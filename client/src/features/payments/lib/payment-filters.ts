// The payment list's view (spec §7 payments): type, status and payer account filters, a search,
// newest first, 10 rows by default; totals of a view by status.
import { ilikeAny } from '@/lib/search';

export const PAYMENT_FILTER_DEFAULTS = { payment_type: '', status: '', user: '' };
export type PaymentFilters = typeof PAYMENT_FILTER_DEFAULTS;
/** Spec §9: payments default range length 10. */
export const PAYMENT_PAGE_SIZE = 10;
export const PAYMENT_TYPES = [
  'membership',
  'donation',
  'matrimony',
  'event',
  'sandesha',
  'other',
] as const;
export const PAYMENT_STATUSES = [
  'pending',
  'completed',
  'failed',
  'refunded',
  'cancelled',
] as const;
export const OFFLINE_METHODS = ['cash', 'cheque', 'upi', 'bank_transfer'] as const;

export const paymentSearchFilter = (raw: string) =>
  ilikeAny(['payer_name', 'payer_email', 'transaction_reference', 'notes'], raw);

export interface Totals {
  count: number;
  amount: number;
  byStatus: Record<string, { count: number; amount: number }>;
}

/** Sums the amounts of a view, overall and by status (amounts arrive as numbers or strings). */
export function totalsOf(rows: { amount: number | string; status: string }[]): Totals {
  const totals: Totals = { count: 0, amount: 0, byStatus: {} };
  for (const r of rows) {
    const amount = Number(r.amount);
    totals.count += 1;
    totals.amount += amount;
    const s = (totals.byStatus[r.status] ??= { count: 0, amount: 0 });
    s.count += 1;
    s.amount += amount;
  }
  const paise = (n: number) => Math.round(n * 100) / 100;
  totals.amount = paise(totals.amount);
  for (const s of Object.values(totals.byStatus)) s.amount = paise(s.amount);
  return totals;
}
