// Payments for staff (spec §7): filtered by type, status and payer account, newest first, with
// member, matrimony profile, event, payer and verifier embedded; totals of the view; verify;
// record an offline payment. app.guard_payment and the policies are the gate.
import type { Database } from '@havyaka/sdk/database';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { fetchAllRows } from '@/lib/csv';
import { AppError, unwrap } from '@/lib/errors';
import type { ListView, WholeView } from '@/lib/list-view';
import { pagedList } from '@/lib/paged-list';
import { sdk } from '@/lib/sdk';
import { paymentSearchFilter, totalsOf, type PaymentFilters } from '../lib/payment-filters';
import { text } from '../text';
import { useInvalidate } from '@/lib/invalidate';

type Payment = Database['public']['Tables']['payments']['Row'];
/** The totals follow the filters and the search (the sort and the page do not change them). */
type PaymentTotalsView = Pick<WholeView<PaymentFilters>, 'filters' | 'search'>;
type Person = { full_name: string | null; email: string } | null;
export type PaymentRow = Payment & {
  member: { unique_id: string; full_name: string } | null;
  matrimony: { first_name: string; surname: string } | null;
  event: { title: string } | null;
  user: Person;
  verifier: Person;
};

export const paymentKeys = {
  all: ['payments'] as const,
  lists: () => ['payments', 'list'] as const,
  list: (view: ListView<PaymentFilters>) => ['payments', 'list', view] as const,
  totals: (view: PaymentTotalsView) => ['payments', 'totals', view] as const,
};

const EMBEDS =
  '*, member:member_directory!member_id(unique_id,full_name), matrimony:matrimony_details!matrimony_id(first_name,surname), event:events!event_id(title), user:users!user_id(full_name,email), verifier:users!verified_by(full_name,email)';

function filtered<Q extends { eq(c: string, v: string): Q; or(f: string): Q }>(
  query: Q,
  view: PaymentTotalsView,
): Q {
  let q = query;
  if (view.filters.payment_type) q = q.eq('payment_type', view.filters.payment_type);
  if (view.filters.status) q = q.eq('status', view.filters.status);
  if (view.filters.user) q = q.eq('user_id', view.filters.user);
  const or = paymentSearchFilter(view.search);
  if (or) q = q.or(or);
  return q;
}

/** The payments with what they are for, newest first: a page of the view, and every row. */
export const paymentPages = pagedList({
  key: paymentKeys.list,
  query: (view: WholeView<PaymentFilters>) =>
    filtered(sdk().from('payments').select(EMBEDS, { count: 'exact' }), view)
      .order('created_at', { ascending: false })
      .order('id')
      .returns<PaymentRow[]>(),
});

/** Totals of the whole view (not just the page), from its amounts and statuses. */
export const usePaymentTotals = (view: PaymentTotalsView) =>
  useQuery({
    queryKey: paymentKeys.totals(view),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const rows = await fetchAllRows(async (from, to) =>
        unwrap(
          await filtered(sdk().from('payments').select('amount,status'), view)
            .order('id')
            .range(from, to),
        ),
      );
      return totalsOf(rows);
    },
  });

/** Verify (completed) or mark failed; the server records the verifier and time. */
export function useSetPaymentStatus() {
  const invalidate = useInvalidate(paymentKeys.all);
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: 'completed' | 'failed' }) => {
      const rows = unwrap(
        await sdk().from('payments').update({ status }).eq('id', id).select('id'),
      );
      if (!rows.length) throw new AppError(text.verify, 'AUTHORIZATION_ERROR');
    },
    onSuccess: invalidate,
  });
}

/**
 * Refunds a verified payment whole, with the reason (admins: public.refund_payment): its
 * receipt is cancelled keeping its number, and the payer is told.
 */
export function useRefundPayment() {
  const invalidate = useInvalidate(paymentKeys.all);
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason: string }) =>
      unwrap(await sdk().rpc('refund_payment', { payment_id: id, reason })),
    onSuccess: invalidate,
  });
}

export interface OfflinePayment {
  payment_type: string;
  amount: number;
  payment_method: string;
  transaction_reference: string;
  payer_name: string;
  payer_email: string;
  member: string;
  notes: string;
}

/** Records a payment received in person: completed, verified by the recorder, on the member. */
export function useRecordPayment() {
  const invalidate = useInvalidate(paymentKeys.all);
  return useMutation({
    mutationFn: async ({ values, by }: { values: OfflinePayment; by: string }) => {
      let member: { id: string; user_id: string | null } | null = null;
      if (values.member.trim()) {
        member = unwrap(
          await sdk()
            .from('member_directory')
            .select('id, user_id')
            .eq('unique_id', values.member.trim().toUpperCase())
            .maybeSingle(),
        );
        if (!member) throw new AppError(text.noSuchMember, 'VALIDATION_ERROR');
      }
      const orNull = (v: string) => v.trim() || null;
      return unwrap(
        await sdk()
          .from('payments')
          .insert({
            payment_type: values.payment_type,
            amount: values.amount,
            status: 'completed',
            payment_method: values.payment_method,
            transaction_reference: orNull(values.transaction_reference),
            payer_name: orNull(values.payer_name),
            payer_email: orNull(values.payer_email)?.toLowerCase() ?? null,
            notes: orNull(values.notes),
            member_id: member?.id ?? null,
            // The payer's account when the member has one; never the recorder's.
            user_id: member?.user_id ?? null,
            verified_by: by,
            verified_at: new Date().toISOString(),
          })
          .select()
          .single(),
      );
    },
    onSuccess: invalidate,
  });
}
