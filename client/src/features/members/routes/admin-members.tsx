// /admin/members: the trust's register for staff (spec §7 member_directory). Filters, search,
// page and sort live in the URL; the count is exact; approve or reject one or many (§4);
// export the filtered list as CSV.
import { Check, Plus, X } from 'lucide-react';
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
  TextFilter,
  useTableUrlState,
  type DataTableColumn,
  labelledOptions,
  tableQueryProps,
  tableSortProps,
} from '@/components/data-table';
import { Button, ButtonLink } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/states';
import { useAuth } from '@/lib/auth';
import { fetchDirectoryExport, useDirectoryPage, type DirectoryRow } from '../api/admin-directory';
import { DirectoryStatsPanel } from '../components/directory-stats-panel';
import { StatusBadge } from '../components/status-badge';
import { useApprovalActions } from '../components/use-approval-actions';
import { directoryCsvColumns, directoryCsvName } from '../lib/directory-csv';
import {
  DIRECTORY_FILTER_DEFAULTS,
  DIRECTORY_PAGE_SIZE,
  MEMBER_STATUSES,
  type DirectoryFilters,
} from '../lib/directory-filters';
import { DELIVERY_METHODS, MEMBER_TYPES } from '../lib/member-schema';
import { adminText as text } from '../text';

const col = columnHelper<DirectoryRow>();

export function Component() {
  const state = useTableUrlState<DirectoryFilters>({
    defaults: DIRECTORY_FILTER_DEFAULTS,
    pageSize: DIRECTORY_PAGE_SIZE,
    sort: { id: 'created_at', desc: true },
  });
  const view = {
    filters: state.filters,
    search: state.search,
    sort: state.sort,
    from: state.from,
    to: state.to,
  };
  const list = useDirectoryPage(view);
  const actions = useApprovalActions();
  const auth = useAuth();
  const isAdmin = auth.user?.type === 'admin' || auth.user?.type === 'super_admin';

  const columns = useMemo<DataTableColumn<DirectoryRow>[]>(
    () => [
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
              {m.status !== 'Yes' && (
                <Button
                  variant="secondary"
                  className="!px-2 !py-1 text-xs"
                  aria-label={`${text.approve} ${m.full_name}`}
                  title={`${text.approve} ${m.full_name}`}
                  disabled={actions.busy}
                  onClick={() => void actions.approve([m.id])}
                >
                  <Check className="h-4 w-4" aria-hidden />
                  <span className="sr-only sm:not-sr-only lg:sr-only xl:not-sr-only">
                    {text.approve}
                  </span>
                </Button>
              )}
              {m.status !== 'No' && (
                <Button
                  variant="ghost"
                  className="!px-2 !py-1 text-xs"
                  aria-label={`${text.reject} ${m.full_name}`}
                  title={`${text.reject} ${m.full_name}`}
                  disabled={actions.busy}
                  onClick={() => void actions.reject([m.id])}
                >
                  <X className="h-4 w-4" aria-hidden />
                  <span className="sr-only sm:not-sr-only lg:sr-only xl:not-sr-only">
                    {text.reject}
                  </span>
                </Button>
              )}
            </div>
          );
        },
      }),
    ],
    [actions],
  );

  return (
    <div>
      <PageHeader title={text.title}>{text.intro}</PageHeader>
      {!isAdmin && <Notice>{text.adminsOnly}</Notice>}
      <DirectoryStatsPanel />
      <div className="mt-6">
        <DataTable
          label={text.listLabel}
          columns={columns}
          {...tableQueryProps(list)}
          getRowId={(m) => m.id}
          emptyTitle={state.isFiltered ? text.emptyFiltered : text.empty}
          {...tableSortProps(state)}
          selectable
          rowLabel={(m) => m.full_name}
          bulkActions={({ rows, clear }) => (
            <>
              <Button
                variant="secondary"
                disabled={actions.busy}
                onClick={async () => {
                  if (await actions.approve(rows.map((m) => m.id))) clear();
                }}
              >
                <Check className="h-4 w-4" aria-hidden /> {text.approveSelected(rows.length)}
              </Button>
              <Button
                variant="danger"
                disabled={actions.busy}
                onClick={async () => {
                  if (await actions.reject(rows.map((m) => m.id))) clear();
                }}
              >
                <X className="h-4 w-4" aria-hidden /> {text.rejectSelected(rows.length)}
              </Button>
            </>
          )}
          toolbar={
            <FilterBar
              state={state}
              actions={
                <>
                  <ExportCsvButton
                    filename={directoryCsvName(state.isFiltered)}
                    columns={directoryCsvColumns}
                    label={text.exportCsv}
                    rows={() => fetchDirectoryExport(state.view)}
                  />
                  <ButtonLink to="/admin/members/add">
                    <Plus className="h-4 w-4" aria-hidden /> {text.addMember}
                  </ButtonLink>
                </>
              }
            >
              <SearchFilter state={state} label={text.searchLabel} placeholder={text.search} />
              <SelectFilter
                state={state}
                name="status"
                label={text.status}
                options={labelledOptions(MEMBER_STATUSES, text.statusLabels)}
                allLabel={text.all}
              />
              <SelectFilter
                state={state}
                name="member_type"
                label={text.memberType}
                options={labelledOptions(MEMBER_TYPES, text.typeLabels)}
                allLabel={text.all}
              />
              <TextFilter state={state} name="city" label={text.city} />
              <TextFilter state={state} name="native_place" label={text.nativePlace} />
              <SelectFilter
                state={state}
                name="delivery"
                label={text.delivery}
                options={[
                  ...labelledOptions(DELIVERY_METHODS, text.deliveryLabels),
                  { value: 'none', label: text.noDelivery },
                ]}
                allLabel={text.all}
              />
            </FilterBar>
          }
          footer={
            <Pagination
              {...paginationProps(state, list.data?.count ?? 0)}
              pageSizeOptions={[25, 50, 100]}
            />
          }
        />
      </div>
    </div>
  );
}
