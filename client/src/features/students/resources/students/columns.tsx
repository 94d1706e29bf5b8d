// The admin student list's columns (the name opens the application) and the CSV export's.
import { Link } from 'react-router';
import { columnHelper, type DataTableColumn } from '@/components/data-table';
import type { CsvColumn } from '@/lib/csv';
import { formatDate, formatInr } from '@/lib/display-format';
import { adminText as text } from '../../admin-text';
import type { StudentRow } from '../../api/admin-students';
import { ApprovalBadge } from '../../components/student-status';

const col = columnHelper<StudentRow>();
const name = (s: StudentRow) => `${s.first_name} ${s.surname}`;

export const studentColumns = (): DataTableColumn<StudentRow>[] => [
  col.accessor('first_name', {
    header: text.col.name,
    meta: { sort: true, cardTitle: true },
    cell: ({ row }) => (
      <Link
        to={`/admin/students/${row.original.id}`}
        className="font-semibold text-orange-800 hover:underline"
      >
        {name(row.original)}
      </Link>
    ),
  }),
  col.accessor('email', { header: text.col.email }),
  col.accessor('mobile_number', { header: text.col.mobile }),
  col.accessor('institution_name', { header: text.col.institution, meta: { sort: true } }),
  col.accessor('donation_seeking', {
    header: text.col.seeking,
    meta: { sort: true, className: 'text-right tabular-nums' },
    cell: ({ getValue }) => formatInr(getValue()),
  }),
  col.accessor('approval_status', {
    header: text.col.status,
    meta: { sort: true },
    cell: ({ getValue }) => <ApprovalBadge status={getValue()} />,
  }),
  col.accessor('created_at', {
    header: text.col.applied,
    meta: { sort: true },
    cell: ({ getValue }) => formatDate(getValue()),
  }),
];

export const studentCsvColumns = (): CsvColumn<StudentRow>[] => [
  ...(
    [
      'first_name',
      'surname',
      'email',
      'mobile_number',
      'gender',
      'date_of_birth',
      'institution_name',
      'studying_class',
      'academic_year',
      'course_details',
      'total_fees',
      'donation_seeking',
      'hometown',
    ] as const
  ).map((k) => ({ header: text.fields[k], value: k })),
  { header: text.col.status, value: 'approval_status' },
  { header: text.fields.created_at, value: 'created_at' },
];
