// /admin/users: accounts filtered by type, status and approval, searched by name or email
// (all in the URL); type and status changed within the rules of app.guard_users; deactivation
// instead of deletion.
import { useMemo } from 'react';
import {
  columnHelper,
  DataTable,
  FilterBar,
  Pagination,
  paginationProps,
  SearchFilter,
  SelectFilter,
  useTableUrlState,
  type DataTableColumn,
  labelledOptions,
  tableQueryProps,
  tableSortProps,
} from '@/components/data-table';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/states';
import { useAuth } from '@/lib/auth';
import { formatDate } from '@/lib/display-format';
import {
  ACCOUNT_FILTER_DEFAULTS,
  useAccounts,
  type AccountFilters,
  type AccountRow,
} from '../api/accounts';
import { AccountControls } from '../components/account-controls';
import { InviteStaff } from '../components/invite-staff';
import { ResetSecondFactor } from '../components/reset-second-factor';
import { USER_STATUSES, USER_TYPES } from '../lib/account-rules';
import { text } from '../text';

const col = columnHelper<AccountRow>();
const STAFF_TYPES: readonly string[] = [
  'super_admin',
  'admin',
  'content_manager',
  'event_manager',
  'havyaka_sandesh_manager',
];

export function Component() {
  const state = useTableUrlState<AccountFilters>({
    defaults: ACCOUNT_FILTER_DEFAULTS,
    pageSize: 25,
    sort: { id: 'created_at', desc: true },
  });
  const list = useAccounts({
    filters: state.filters,
    search: state.search,
    sort: state.sort,
    from: state.from,
    to: state.to,
  });
  const auth = useAuth();
  const caller = useMemo(
    () => ({ id: auth.user?.id ?? '', type: auth.user?.type ?? '' }),
    [auth.user?.id, auth.user?.type],
  );

  const columns = useMemo<DataTableColumn<AccountRow>[]>(
    () => [
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
    ],
    [caller],
  );

  return (
    <div>
      <PageHeader title={text.title}>{text.intro}</PageHeader>
      {caller.type === 'super_admin' && <InviteStaff onInvited={() => void list.refetch()} />}
      {caller.type !== 'admin' && caller.type !== 'super_admin' && (
        <Notice>{text.adminsOnly}</Notice>
      )}
      <DataTable
        label={text.listLabel}
        columns={columns}
        {...tableQueryProps(list)}
        getRowId={(u) => u.id}
        emptyTitle={state.isFiltered ? text.emptyFiltered : text.empty}
        {...tableSortProps(state)}
        toolbar={
          <FilterBar state={state}>
            <SearchFilter state={state} label={text.searchLabel} placeholder={text.search} />
            <SelectFilter
              state={state}
              name="type"
              label={text.type}
              options={labelledOptions(USER_TYPES, text.typeLabels)}
              allLabel={text.all}
            />
            <SelectFilter
              state={state}
              name="status"
              label={text.status}
              options={labelledOptions(USER_STATUSES, text.statusLabels)}
              allLabel={text.all}
            />
            <SelectFilter
              state={state}
              name="approval_status"
              label={text.approval}
              options={labelledOptions(['pending', 'approved', 'rejected'], text.statusLabels)}
              allLabel={text.all}
            />
          </FilterBar>
        }
        footer={<Pagination {...paginationProps(state, list.data?.count ?? 0)} />}
      />
    </div>
  );
}
