// /admin/payments (spec §7 payments): type, status and payer filters and a search in the URL,
// newest first, 10 per page; member, profile, event, payer and verifier shown; totals of the
// view; verify or mark failed; refund a verified one; record an offline payment; CSV export.
import { Plus, X } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useConfirm } from '@/components/confirm-dialog';
import { listWords, ResourceList, useResourceList } from '@/components/resource-list';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { AdminsOnly, isAdminType } from '@/components/ui/admins-only';
import { useAuth } from '@/lib/auth';
import { formatInr } from '@/lib/display-format';
import {
  paymentPages,
  usePaymentTotals,
  useSetPaymentStatus,
  type PaymentRow,
} from '../api/payments';
import { RecordPaymentDialog } from '../components/record-payment-dialog';
import { RefundDialog } from '../components/refund-dialog';
import { payer, paymentColumns, paymentCsvColumns } from '../resources/payments/columns';
import { paymentList } from '../resources/payments/filters';
import { text } from '../text';
import { mumbaiDay } from '@/lib/display-format';

function Screen() {
  const list = useResourceList(paymentList, paymentPages.page);
  const { state } = list;
  const totals = usePaymentTotals({ filters: state.filters, search: state.search });
  const setStatus = useSetPaymentStatus();
  const confirm = useConfirm();
  const auth = useAuth();
  const isAdmin = auth.user?.type === 'admin' || auth.user?.type === 'super_admin';
  const [recording, setRecording] = useState(false);
  const [refunding, setRefunding] = useState<PaymentRow | null>(null);
  const payerFilter = state.filters.user
    ? list.query.data?.rows.find((p) => p.user_id === state.filters.user)
    : undefined;

  const decide = useCallback(
    async (p: PaymentRow, status: 'completed' | 'failed') => {
      const ok = await confirm({
        title: status === 'completed' ? text.verifyTitle : text.failTitle,
        description: status === 'completed' ? text.verifyBody : text.failBody,
        confirmLabel: status === 'completed' ? text.verify : text.fail,
        cancelLabel: text.cancel,
        destructive: status === 'failed',
      });
      if (!ok) return;
      try {
        await setStatus.mutateAsync({ id: p.id, status });
        toast({ title: status === 'completed' ? text.verified : text.failed, variant: 'success' });
      } catch {
        // Toasted by the query client.
      }
    },
    [confirm, setStatus],
  );
  const { setFilter } = state;
  const columns = useMemo(
    () =>
      paymentColumns({
        isAdmin,
        decide,
        refund: setRefunding,
        filterPayer: (userId) => setFilter('user', userId),
      }),
    [isAdmin, decide, setFilter],
  );

  return (
    <div>
      <PageHeader title={text.title}>{text.intro}</PageHeader>
      <section aria-label={text.totals} className="mb-4" data-testid="payment-totals">
        {totals.isError ? (
          <p className="text-sm text-red-800">{text.totalsError}</p>
        ) : totals.data ? (
          <dl className="flex flex-wrap gap-3">
            <div className="rounded-md border border-stone-200 bg-white px-4 py-2">
              <dt className="text-xs text-stone-600">{text.totalsCount(totals.data.count)}</dt>
              <dd className="text-xl font-bold tabular-nums">{formatInr(totals.data.amount)}</dd>
            </div>
            {Object.entries(totals.data.byStatus).map(([status, t]) => (
              <div key={status} className="rounded-md border border-stone-200 bg-white px-4 py-2">
                <dt className="text-xs text-stone-600">
                  {text.statusLabels[status] ?? status} ({t.count})
                </dt>
                <dd className="text-xl font-bold tabular-nums">{formatInr(t.amount)}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <div className="h-16 animate-pulse rounded-md bg-stone-200/70" aria-hidden />
        )}
      </section>
      <ResourceList
        {...list}
        {...listWords(text)}
        columns={columns}
        getRowId={(p) => p.id}
        controls={[
          ...(list.controls ?? []),
          // The payer chosen from a row, with a way back to every payer.
          () =>
            state.filters.user && (
              <Button variant="ghost" onClick={() => state.setFilter('user', '')}>
                <X className="h-4 w-4" aria-hidden /> {text.clearUser}
                {payerFilter ? ` (${payer(payerFilter)})` : ''}
              </Button>
            ),
        ]}
        export={{
          filename: () => `payments-${mumbaiDay()}`,
          columns: paymentCsvColumns(),
          label: text.exportCsv,
          rows: paymentPages.all,
        }}
        actions={
          isAdmin && (
            <Button onClick={() => setRecording(true)}>
              <Plus className="h-4 w-4" aria-hidden /> {text.record}
            </Button>
          )
        }
      />
      {recording && (
        <RecordPaymentDialog by={auth.user?.id ?? ''} onClose={() => setRecording(false)} />
      )}
      {refunding && <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />}
    </div>
  );
}

/** Only admins use this screen; another staff role is told so (issue 40). */
export function Component() {
  const auth = useAuth();
  if (!isAdminType(auth.user?.type))
    return <AdminsOnly title={text.title}>{text.adminsOnly}</AdminsOnly>;
  return <Screen />;
}
