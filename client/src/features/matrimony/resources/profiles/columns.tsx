// The staff matrimony list's columns: the name opens the profile (its id in the URL), age,
// place, mobile (from the contact details), account, approval and registration date.
import { columnHelper, type DataTableColumn } from '@/components/data-table';
import { Badge, statusTone } from '@/components/ui/badge';
import { formatDate } from '@/lib/display-format';
import { adminText as text } from '../../admin-text';
import type { ProfileRow } from '../../api/admin-matrimony';
import { ageOn } from '../../lib/matrimony-filters';

const col = columnHelper<ProfileRow>();

export function profileColumns(open: (id: string) => void): DataTableColumn<ProfileRow>[] {
  return [
    col.accessor('first_name', {
      header: text.col.name,
      meta: { sort: true, cardTitle: true },
      cell: ({ row }) => {
        const name = `${row.original.first_name} ${row.original.surname}`;
        return (
          <button
            type="button"
            className="text-left font-semibold text-orange-800 hover:underline"
            aria-label={text.view(name)}
            onClick={() => open(row.original.id)}
          >
            {name}
          </button>
        );
      },
    }),
    col.accessor('gender', {
      header: text.col.gender,
      cell: ({ getValue }) => text.genderLabels[getValue()] ?? getValue(),
    }),
    col.accessor('date_of_birth', {
      header: text.col.age,
      meta: { sort: true },
      cell: ({ getValue }) => ageOn(getValue()),
    }),
    col.accessor('place', { header: text.col.place }),
    col.accessor((r) => r.contacts?.mobile_no ?? '', {
      id: 'mobile_no',
      header: text.col.mobile,
    }),
    col.accessor('user_id', {
      header: text.col.account,
      cell: ({ getValue }) => (getValue() ? text.hasAccount : text.noAccount),
    }),
    col.accessor('approval_status', {
      header: text.col.status,
      meta: { sort: true },
      cell: ({ getValue }) => (
        <Badge tone={statusTone(getValue())}>{text.approvalLabels[getValue()] ?? getValue()}</Badge>
      ),
    }),
    col.accessor('registration_date', {
      header: text.col.registered,
      meta: { sort: true },
      cell: ({ getValue }) => formatDate(getValue()),
    }),
  ];
}
