// The account list's columns: name (and "(you)"), email, type, status, created, and the row's
// type and status controls, which depend on who is looking.
import { columnHelper, type DataTableColumn } from '@/components/data-table';
import { formatDate } from '@/lib/display-format';
import type { AccountRow } from '../../api/accounts';
import { AccountControls } from '../../components/account-controls';
import { ResetSecondFactor } from '../../components/reset-second-factor';
import type { Caller } from '../../lib/account-rules';
import { text } from '../../text';

const col = columnHelper<AccountRow>();
const STAFF_TYPES: readonly string[] = [
  'super_admin',
  'admin',
  'content_manager',
  'event_manager',
  'havyaka_sandesh_manager',
];

export function accountColumns(caller: Caller): DataTableColumn<AccountRow>[] {
  return [
    col.accessor('full_name', {
      header: text.col.name,
      meta: { sort: true, cardTitle: true },
      cell: ({ row }) => (
        <span className="font-semibold">
          {row.original.full_name ?? '—'}{' '}
          {row.original.id === caller.id && (
            <span className="font-normal text-stone-600">{text.you}</span>
          )}
        </span>
      ),
    }),
    col.accessor('email', { header: text.col.email, meta: { sort: true } }),
    col.accessor('type', {
      header: text.col.type,
      meta: { sort: true },
      cell: ({ getValue }) => text.typeLabels[getValue()] ?? getValue(),
    }),
    col.accessor('status', {
      header: text.col.status,
      meta: { sort: true },
      cell: ({ getValue }) => text.statusLabels[getValue()] ?? getValue(),
    }),
    col.accessor('created_at', {
      header: text.col.created,
      meta: { sort: true },
      cell: ({ getValue }) => formatDate(getValue()),
    }),
    col.display({
      id: 'actions',
      header: text.col.actions,
      cell: ({ row }) => (
        <div className="flex flex-col gap-1">
          <AccountControls account={row.original} caller={caller} />
          {caller.type === 'super_admin' && STAFF_TYPES.includes(row.original.type) && (
            <ResetSecondFactor
              userId={row.original.id}
              name={row.original.full_name ?? row.original.email}
            />
          )}
        </div>
      ),
    }),
  ];
}
