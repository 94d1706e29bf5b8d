// /admin/payments (spec §7 payments): type, status and payer filters and a search in the URL,
// newest first, 10 per page; member, profile, event, payer and verifier shown; totals of the
// view; verify or mark failed; record an offline payment; CSV export.
import { Check, Plus, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useConfirm } from '@/components/confirm-dialog';
import {
  columnHelper,
  DataTable,
  ExportCsvButton,
  FilterBar,
  Pagination,
  paginationProps,
  SearchFilter,
  SelectFilter,
  useTableUrlState,
  type DataTableColumn,
  labelledOptions,
  tableQueryProps,
} from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth';
import type { CsvColumn } from '@/lib/csv';
import { formatDateTime, formatInr } from '@/lib/display-format';
import {
  fetchPaymentExport,
  usePayments,
  usePaymentTotals,
  useSetPaymentStatus,
  type PaymentRow,
} from '../api/payments';
import { RecordPaymentDialog } from '../components/record-payment-dialog';
import {
  PAYMENT_FILTER_DEFAULTS,
  PAYMENT_PAGE_SIZE,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  type PaymentFilters,
} from '../lib/payment-filters';
import { text } from '../text';

const col = columnHelper<PaymentRow>();
const payer = (p: PaymentRow) => p.payer_name ?? p.user?.full_name ?? p.user?.email ?? '—';
const purpose = (p: PaymentRow) =>
  p.member
    ? `${p.member.unique_id} ${p.member.full_name}`
    : p.matrimony
      ? `${p.matrimony.first_name} ${p.matrimony.surname}`
      : (p.event?.title ?? '');

const csvColumns: CsvColumn<PaymentRow>[] = [
  { header: text.col.date, value: 'created_at' },
  { header: text.col.payer, value: payer },
  { header: text.fields.payer_email, value: (p) => p.payer_email ?? p.user?.email },
  { header: text.col.type, value: 'payment_type' },
  { header: text.col.for, value: purpose },
  { header: text.col.amount, value: (p) => Number(p.amount) },
  { header: 'Currency', value: 'currency' },
  { header: text.col.method, value: 'payment_method' },
  { header: text.fields.transaction_reference, value: 'transaction_reference' },
  { header: text.col.status, value: 'status' },
  { header: text.col.verified, value: (p) => p.verifier?.full_name ?? p.verifier?.email },
  { header: 'Verified at', value: 'verified_at' },
];

export function Component() {
  const state = useTableUrlState<PaymentFilters>({
    defaults: PAYMENT_FILTER_DEFAULTS,
    pageSize: PAYMENT_PAGE_SIZE,
  });
  const view = { filters: state.filters, search: state.search };
  const list = usePayments({ ...view, from: state.from, to: state.to });
  const totals = usePaymentTotals(view);
  const setStatus = useSetPaymentStatus();
  const confirm = useConfirm();
  const auth = useAuth();
  const isAdmin = auth.user?.type === 'admin' || auth.user?.type === 'super_admin';
  const [recording, setRecording] = useState(false);
  const payerFilter = state.filters.user
    ? list.data?.rows.find((p) => p.user_id === state.filters.user)
    : undefined;

  const setFilter = state.setFilter;
  const columns = useMemo<DataTableColumn<PaymentRow>[]>(() => {
    async function change(p: PaymentRow, status: 'completed' | 'failed') {
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
    }
    return [
      col.accessor('created_at', {
        header: text.col.date,
        meta: { className: 'whitespace-nowrap' },
        cell: ({ getValue }) => formatDateTime(getValue()),
      }),
      col.display({
        id: 'payer',
        header: text.col.payer,
        meta: { cardTitle: true },
        cell: ({ row }) => {
          const p = row.original;
          return p.user_id ? (
            <button
              type="button"
              className="text-left font-semibold text-orange-800 hover:underline"
              title={text.filterUser(payer(p))}
              onClick={() => setFilter('user', p.user_id!)}
            >
              {payer(p)}
            </button>
          ) : (
            <span className="font-semibold">{payer(p)}</span>
          );
        },
      }),
      col.accessor('payment_type', {
        header: text.col.type,
        cell: ({ getValue }) => text.typeLabels[getValue()] ?? getValue(),
      }),
      col.display({ id: 'for', header: text.col.for, cell: ({ row }) => purpose(row.original) }),
      col.accessor('amount', {
        header: text.col.amount,
        meta: { className: 'text-right tabular-nums whitespace-nowrap' },
        cell: ({ getValue }) => formatInr(getValue()),
      }),
      col.accessor('payment_method', {
        header: text.col.method,
        cell: ({ row }) =>
          [
            text.methodLabels[row.original.payment_method ?? ''] ?? row.original.payment_method,
            row.original.transaction_reference,
          ]
            .filter(Boolean)
            .join(' · '),
      }),
      col.accessor('status', {
        header: text.col.status,
        cell: ({ getValue }) => text.statusLabels[getValue()] ?? getValue(),
      }),
      col.display({
        id: 'verified',
        header: text.col.verified,
        cell: ({ row }) =>
          row.original.verifier
            ? `${row.original.verifier.full_name ?? row.original.verifier.email} · ${formatDateTime(row.original.verified_at)}`
            : '',
      }),
      col.display({
        id: 'actions',
        header: text.col.actions,
        cell: ({ row }) =>
          isAdmin && row.original.status === 'pending' ? (
            <div className="flex gap-1">
              <Button
                variant="secondary"
                className="!px-2 !py-1 text-xs"
                aria-label={text.verifyLabel(payer(row.original))}
                onClick={() => void change(row.original, 'completed')}
              >
                <Check className="h-4 w-4" aria-hidden /> {text.verify}
              </Button>
              <Button
                variant="ghost"
                className="!px-2 !py-1 text-xs"
                aria-label={text.failLabel(payer(row.original))}
                onClick={() => void change(row.original, 'failed')}
              >
                <X className="h-4 w-4" aria-hidden />
              </Button>
            </div>
          ) : null,
      }),
    ];
  }, [confirm, setStatus, isAdmin, setFilter]);

  return (
    <div>
      <PageHeader title={text.title}>{text.intro}</PageHeader>
      {!isAdmin && <Notice>{text.adminsOnly}</Notice>}
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
      <DataTable
        label={text.listLabel}
        columns={columns}
        {...tableQueryProps(list)}
        getRowId={(p) => p.id}
        emptyTitle={state.isFiltered ? text.emptyFiltered : text.empty}
        toolbar={
          <FilterBar
            state={state}
            actions={
              <>
                <ExportCsvButton
                  filename={`payments-${new Date().toISOString().slice(0, 10)}`}
                  columns={csvColumns}
                  label={text.exportCsv}
                  rows={() => fetchPaymentExport(view)}
                />
                {isAdmin && (
                  <Button onClick={() => setRecording(true)}>
                    <Plus className="h-4 w-4" aria-hidden /> {text.record}
                  </Button>
                )}
              </>
            }
          >
            <SearchFilter state={state} label={text.searchLabel} placeholder={text.search} />
            <SelectFilter
              state={state}
              name="payment_type"
              label={text.type}
              options={labelledOptions(PAYMENT_TYPES, text.typeLabels)}
              allLabel={text.all}
            />
            <SelectFilter
              state={state}
              name="status"
              label={text.status}
              options={labelledOptions(PAYMENT_STATUSES, text.statusLabels)}
              allLabel={text.all}
            />
            {state.filters.user && (
              <Button variant="ghost" onClick={() => state.setFilter('user', '')}>
                <X className="h-4 w-4" aria-hidden /> {text.clearUser}
                {payerFilter ? ` (${payer(payerFilter)})` : ''}
              </Button>
            )}
          </FilterBar>
        }
        footer={<Pagination {...paginationProps(state, list.data?.count ?? 0)} />}
      />
      {recording && (
        <RecordPaymentDialog by={auth.user?.id ?? ''} onClose={() => setRecording(false)} />
      )}
    </div>
  );
}
