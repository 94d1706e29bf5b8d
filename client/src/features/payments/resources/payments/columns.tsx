// The payment list's columns (the payer filters the list to their account; verify or mark
// failed while pending; refund once verified) and the CSV export's.
import { Check, Undo2, X } from 'lucide-react';
import { columnHelper, type DataTableColumn } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import type { CsvColumn } from '@/lib/csv';
import { formatDateTime, formatInr } from '@/lib/display-format';
import type { PaymentRow } from '../../api/payments';
import { text } from '../../text';

const col = columnHelper<PaymentRow>();
export const payer = (p: PaymentRow) => p.payer_name ?? p.user?.full_name ?? p.user?.email ?? '—';
const purpose = (p: PaymentRow) =>
  p.member
    ? `${p.member.unique_id} ${p.member.full_name}`
    : p.matrimony
      ? `${p.matrimony.first_name} ${p.matrimony.surname}`
      : (p.event?.title ?? '');

export const paymentCsvColumns = (): CsvColumn<PaymentRow>[] => [
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

export function paymentColumns({
  isAdmin,
  filterPayer,
  decide,
  refund,
}: {
  isAdmin: boolean;
  /** Opens the refund of a verified payment. */
  refund: (p: PaymentRow) => void;
  /** Shows only this account's payments. */
  filterPayer: (userId: string) => void;
  /** Verifies or fails a pending payment, after asking. */
  decide: (p: PaymentRow, status: 'completed' | 'failed') => Promise<void>;
}): DataTableColumn<PaymentRow>[] {
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
            onClick={() => filterPayer(p.user_id!)}
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
              onClick={() => void decide(row.original, 'completed')}
            >
              <Check className="h-4 w-4" aria-hidden /> {text.verify}
            </Button>
            <Button
              variant="ghost"
              className="!px-2 !py-1 text-xs"
              aria-label={text.failLabel(payer(row.original))}
              onClick={() => void decide(row.original, 'failed')}
            >
              <X className="h-4 w-4" aria-hidden />
            </Button>
          </div>
        ) : isAdmin && row.original.status === 'completed' ? (
          <Button
            variant="ghost"
            className="!px-2 !py-1 text-xs"
            aria-label={text.refundLabel(payer(row.original))}
            onClick={() => refund(row.original)}
          >
            <Undo2 className="h-4 w-4" aria-hidden /> {text.refund}
          </Button>
        ) : null,
    }),
  ];
}
