// The admin member directory's columns (HWT- number and name open the entry; approve and
// reject per row) and the CSV export's: every column staff need, in the register's words.
import { Check, X } from 'lucide-react';
import { Link } from 'react-router';
import { columnHelper, type DataTableColumn } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import type { CsvColumn } from '@/lib/csv';
import type { DirectoryRow } from '../../api/admin-directory';
import { StatusBadge } from '../../components/status-badge';
import type { ApprovalActions } from '../../components/use-approval-actions';
import { adminText as text } from '../../text';
import { mumbaiDay } from '@/lib/display-format';

const col = columnHelper<DirectoryRow>();

/** Approve or reject on a row: the icon, its word beside it where the table has room. */
function RowAction({
  decision,
  m,
  actions,
}: {
  decision: 'approve' | 'reject';
  m: DirectoryRow;
  actions: ApprovalActions;
}) {
  const Icon = decision === 'approve' ? Check : X;
  const label = text[decision];
  return (
    <Button
      variant={decision === 'approve' ? 'secondary' : 'ghost'}
      className="!px-2 !py-1 text-xs"
      aria-label={`${label} ${m.full_name}`}
      title={`${label} ${m.full_name}`}
      disabled={actions.busy}
      onClick={() => void actions[decision]([m.id])}
    >
      <Icon className="h-4 w-4" aria-hidden />
      <span className="sr-only sm:not-sr-only lg:sr-only xl:not-sr-only">{label}</span>
    </Button>
  );
}

export function directoryColumns(actions: ApprovalActions): DataTableColumn<DirectoryRow>[] {
  return [
    col.accessor('unique_id', {
      header: text.col.uniqueId,
      meta: { sort: true, className: 'whitespace-nowrap tabular-nums' },
      cell: ({ row }) => (
        <Link
          to={`/admin/members/${row.original.id}`}
          className="font-semibold text-orange-800 underline-offset-2 hover:underline"
        >
          {row.original.unique_id}
        </Link>
      ),
    }),
    col.accessor('full_name', {
      header: text.col.name,
      meta: { sort: true, cardTitle: true },
      cell: ({ row }) => (
        <Link to={`/admin/members/${row.original.id}`} className="hover:underline">
          {row.original.full_name}
        </Link>
      ),
    }),
    col.accessor('membership_no', { header: text.col.membershipNo }),
    col.accessor('mobile_number', { header: text.col.mobile }),
    col.accessor('member_type', {
      header: text.col.type,
      cell: ({ getValue }) => text.typeLabels[getValue()] ?? getValue(),
    }),
    col.accessor('city', { header: text.col.city, meta: { sort: true } }),
    col.accessor('status', {
      header: text.col.status,
      meta: { sort: true },
      cell: ({ getValue }) => <StatusBadge status={getValue()} />,
    }),
    col.display({
      id: 'actions',
      header: text.col.actions,
      cell: ({ row }) => {
        const m = row.original;
        return (
          <div className="flex gap-1">
            {m.status !== 'Yes' && <RowAction decision="approve" m={m} actions={actions} />}
            {m.status !== 'No' && <RowAction decision="reject" m={m} actions={actions} />}
          </div>
        );
      },
    }),
  ];
}

const f = text.fields;
export const directoryCsvColumns = (): CsvColumn<DirectoryRow>[] => [
  { header: f.unique_id, value: 'unique_id' },
  { header: f.membership_no, value: 'membership_no' },
  { header: f.full_name, value: 'full_name' },
  { header: f.email, value: 'email' },
  { header: f.mobile_number, value: 'mobile_number' },
  { header: f.member_type, value: 'member_type' },
  { header: f.date_of_birth, value: 'date_of_birth' },
  { header: f.gotra, value: 'gotra' },
  { header: f.profession, value: 'profession' },
  { header: f.address_line1, value: 'address_line1' },
  { header: f.address_line2, value: 'address_line2' },
  { header: f.city, value: 'city' },
  { header: f.state, value: 'state' },
  { header: f.pincode, value: 'pincode' },
  { header: f.native_place, value: 'native_place' },
  { header: f.status, value: 'status' },
  { header: f.approval_status, value: 'approval_status' },
  { header: f.approved_at_label, value: 'approved_at' },
  { header: f.remarks, value: 'remarks' },
  { header: f.sandesha_delivery_method, value: 'sandesha_delivery_method' },
  {
    header: f.sandesha_delivery_enabled,
    value: (r) => (r.sandesha_delivery_enabled ? text.csvYes : text.csvNo),
  },
  { header: f.created_at, value: 'created_at' },
];

/** members-2026-11-26 (filtered views say so). */
export const directoryCsvName = (filtered: boolean, now = new Date()) =>
  `members${filtered ? '-filtered' : ''}-${mumbaiDay(now)}`;
