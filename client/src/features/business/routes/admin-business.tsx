// /admin/business: every listing, searchable, filtered by approval, sorted and paged (all kept
// in the URL) with an exact count, cards below 768 px and a CSV export of the filtered view;
// approve or withdraw, edit, delete after confirmation. Content staff and admins (the policies
// decide).
import { ConfirmButton } from '@/components/confirm-button';
import { Check, Pencil, Plus, Trash2, Undo2 } from 'lucide-react';
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
import { Badge } from '@/components/ui/badge';
import { Button, ButtonLink } from '@/components/ui/button';
import { toastWhenDone } from '@/components/ui/toast';
import { adminText as t } from '../admin-text';
import {
  ADMIN_BUSINESS_FILTER_DEFAULTS,
  ADMIN_BUSINESS_SORT,
  fetchAdminBusinessesExport,
  useAdminBusinesses,
  useBusinessActions,
  type AdminBusinessFilters,
} from '../api/admin-business';
import type { Business } from '../api/business';
import { businessCsvColumns } from '../lib/business-csv';

const col = columnHelper<Business>();

function RowActions({ b }: { b: Business }) {
  const { save, remove } = useBusinessActions();
  return (
    <div className="flex flex-wrap gap-1">
      <Button
        variant={b.is_active ? 'ghost' : 'secondary'}
        className="!min-h-9"
        aria-label={b.is_active ? t.unapprove(b.business_name) : t.approve(b.business_name)}
        disabled={save.isPending}
        onClick={() =>
          // mutateAsync: with a filter on approval, this row leaves the list once it is saved.
          void toastWhenDone(
            save.mutateAsync({ id: b.id, values: { is_active: !b.is_active } }),
            b.is_active ? t.withdrawnToast : t.approvedToast,
          )
        }
      >
        {b.is_active ? (
          <Undo2 className="h-4 w-4" aria-hidden />
        ) : (
          <Check className="h-4 w-4" aria-hidden />
        )}
        <span className="hidden sm:inline">{b.is_active ? t.withdrawShort : t.approveShort}</span>
      </Button>
      <ButtonLink
        to={`/admin/business/${b.id}/edit`}
        variant="ghost"
        className="!min-h-9"
        aria-label={t.edit(b.business_name)}
      >
        <Pencil className="h-4 w-4" aria-hidden />
      </ButtonLink>
      <ConfirmButton
        className="!min-h-9 text-red-700"
        aria-label={t.delete(b.business_name)}
        disabled={remove.isPending}
        confirm={{ title: t.confirmDelete(b.business_name), confirmLabel: t.deleteLabel }}
        action={() => remove.mutateAsync(b.id)}
        done={t.deleted}
      >
        <Trash2 className="h-4 w-4" aria-hidden />
      </ConfirmButton>
    </div>
  );
}

const columns: DataTableColumn<Business>[] = [
  col.accessor('business_name', {
    header: t.columns.name,
    meta: { sort: true, cardTitle: true },
    cell: ({ row }) => (
      <Link
        to={`/admin/business/${row.original.id}/edit`}
        className="font-semibold hover:underline"
      >
        {row.original.business_name}
      </Link>
    ),
  }),
  col.accessor('category', { header: t.columns.category, meta: { sort: true } }),
  col.accessor('city', { header: t.columns.city, meta: { sort: true } }),
  col.accessor('owner_name', { header: t.columns.owner, meta: { sort: true } }),
  col.accessor('is_active', {
    header: t.columns.state,
    meta: { sort: true },
    cell: ({ row }) => (
      <span className="flex flex-wrap gap-1">
        <Badge tone={row.original.is_active ? 'success' : 'warning'}>
          {row.original.is_active ? t.approved : t.awaiting}
        </Badge>
        {row.original.is_featured && <Badge tone="info">{t.featured}</Badge>}
      </span>
    ),
  }),
  col.display({
    id: 'actions',
    header: t.columns.actions,
    cell: ({ row }) => <RowActions b={row.original} />,
  }),
];

export function Component() {
  const state = useTableUrlState<AdminBusinessFilters>({
    defaults: ADMIN_BUSINESS_FILTER_DEFAULTS,
    sort: ADMIN_BUSINESS_SORT,
  });
  const list = useAdminBusinesses(state.key);
  const showOptions = useMemo(
    () => [
      { value: 'pending', label: t.pending },
      { value: 'active', label: t.active },
    ],
    [],
  );

  return (
    <div>
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-serif text-2xl font-bold sm:text-3xl">{t.title}</h1>
          <p className="mt-1 text-stone-700">{t.intro}</p>
        </div>
        <ButtonLink to="/admin/business/add">
          <Plus className="h-4 w-4" aria-hidden /> {t.add}
        </ButtonLink>
      </header>
      <DataTable
        label={t.tableLabel}
        columns={columns}
        {...tableQueryProps(list)}
        getRowId={(b) => b.id}
        emptyTitle={state.isFiltered ? t.noMatch : t.empty}
        emptyBody={state.isFiltered ? undefined : t.emptyBody}
        {...tableSortProps(state)}
        toolbar={
          <FilterBar
            state={state}
            actions={
              <ExportCsvButton
                filename={t.exportName()}
                columns={businessCsvColumns}
                label={t.exportCsv}
                rows={() => fetchAdminBusinessesExport(state.view)}
              />
            }
          >
            <SearchFilter state={state} label={t.search} placeholder={t.searchPlaceholder} />
            <SelectFilter
              state={state}
              name="show"
              label={t.show}
              allLabel={t.all}
              options={showOptions}
            />
          </FilterBar>
        }
        footer={<Pagination {...paginationProps(state, list.data?.count)} />}
      />
    </div>
  );
}
