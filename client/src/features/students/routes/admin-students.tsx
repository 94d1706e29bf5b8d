// /admin/students: educational-aid applications (spec §7 student_details): equality filters
// ('all' ignored) and search in the URL, exact count, paging; CSV export.
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
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
  tableQueryProps,
  tableSortProps,
} from '@/components/data-table';
import { ButtonLink } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/states';
import type { CsvColumn } from '@/lib/csv';
import { useAuth } from '@/lib/auth';
import { formatDate, formatInr } from '@/lib/display-format';
import { adminText as text } from '../admin-text';
import { fetchStudentExport, useStudentPage, type StudentRow } from '../api/admin-students';
import { ApprovalBadge } from '../components/student-status';
import {
  STUDENT_FILTER_DEFAULTS,
  STUDENT_PAGE_SIZE,
  type StudentFilters,
} from '../lib/student-filters';

const col = columnHelper<StudentRow>();
const name = (s: StudentRow) => `${s.first_name} ${s.surname}`;

const csvColumns: CsvColumn<StudentRow>[] = [
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

export function Component() {
  const state = useTableUrlState<StudentFilters>({
    defaults: STUDENT_FILTER_DEFAULTS,
    pageSize: STUDENT_PAGE_SIZE,
    sort: { id: 'created_at', desc: true },
  });
  const list = useStudentPage({
    filters: state.filters,
    search: state.search,
    sort: state.sort,
    from: state.from,
    to: state.to,
  });
  const auth = useAuth();
  const isAdmin = auth.user?.type === 'admin' || auth.user?.type === 'super_admin';

  const columns = useMemo<DataTableColumn<StudentRow>[]>(
    () => [
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
    ],
    [],
  );

  return (
    <div>
      <PageHeader title={text.title}>{text.intro}</PageHeader>
      {!isAdmin && <Notice>{text.adminsOnly}</Notice>}
      <DataTable
        label={text.listLabel}
        columns={columns}
        {...tableQueryProps(list)}
        getRowId={(s) => s.id}
        emptyTitle={state.isFiltered ? text.emptyFiltered : text.empty}
        {...tableSortProps(state)}
        toolbar={
          <FilterBar
            state={state}
            actions={
              <>
                <ExportCsvButton
                  filename={`students-${new Date().toISOString().slice(0, 10)}`}
                  columns={csvColumns}
                  label={text.exportCsv}
                  rows={() => fetchStudentExport(state.view)}
                />
                <ButtonLink to="/admin/students/add">
                  <Plus className="h-4 w-4" aria-hidden /> {text.addStudent}
                </ButtonLink>
              </>
            }
          >
            <SearchFilter state={state} label={text.searchLabel} placeholder={text.search} />
            <SelectFilter
              state={state}
              name="approval_status"
              label={text.status}
              allLabel={null}
              options={[
                { value: 'all', label: text.all },
                ...['pending', 'approved', 'rejected'].map((v) => ({
                  value: v,
                  label: text.approvalLabels[v],
                })),
              ]}
            />
            <SelectFilter
              state={state}
              name="gender"
              label={text.gender}
              allLabel={null}
              options={[
                { value: 'all', label: text.all },
                ...['female', 'male', 'other'].map((v) => ({
                  value: v,
                  label: text.genderLabels[v],
                })),
              ]}
            />
          </FilterBar>
        }
        footer={<Pagination {...paginationProps(state, list.data?.count ?? 0)} />}
      />
    </div>
  );
}
