// /admin/matrimony: matrimony profiles for staff: approval and gender filters and search in the
// URL, exact count; a profile opens with its photo and Approve / Reject; approved profiles
// without an account are synced into auth (spec §7).
import { UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useConfirm } from '@/components/confirm-dialog';
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
} from '@/components/data-table';
import { Badge, statusTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth';
import { formatDate } from '@/lib/display-format';
import { adminText as text } from '../admin-text';
import { useProfilePage, useSyncProfiles, type ProfileRow } from '../api/admin-matrimony';
import { ProfileDialog } from '../components/profile-dialog';
import {
  ageOn,
  MATRIMONY_FILTER_DEFAULTS,
  type MatrimonyFilters,
  type SyncOutcome,
} from '../lib/matrimony-filters';

const col = columnHelper<ProfileRow>();

function SyncReport({ outcome }: { outcome: SyncOutcome }) {
  if (outcome.kind !== 'done' || outcome.errors.length === 0) return null;
  return (
    <div role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-4 text-sm">
      <p className="font-semibold text-red-900">{text.syncErrors}</p>
      <ul className="mt-1 list-disc pl-5 text-red-900" data-testid="sync-errors">
        {outcome.errors.map((e) => (
          <li key={e.name}>
            {e.name}: {e.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Component() {
  const state = useTableUrlState<MatrimonyFilters>({
    defaults: MATRIMONY_FILTER_DEFAULTS,
    pageSize: 25,
    sort: { id: 'created_at', desc: true },
  });
  const list = useProfilePage({
    filters: state.filters,
    search: state.search,
    sort: state.sort,
    from: state.from,
    to: state.to,
  });
  const [params, setParams] = useSearchParams();
  const openId = params.get('profile');
  const open = list.data?.rows.find((p) => p.id === openId) ?? null;
  const setOpen = (id: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id) next.set('profile', id);
      else next.delete('profile');
      return next;
    });
  const auth = useAuth();
  const isAdmin = auth.user?.type === 'admin' || auth.user?.type === 'super_admin';
  const sync = useSyncProfiles();
  const confirm = useConfirm();
  const [outcome, setOutcome] = useState<SyncOutcome | null>(null);

  const columns = useMemo<DataTableColumn<ProfileRow>[]>(
    () => [
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
              onClick={() => setOpen(row.original.id)}
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
          <Badge tone={statusTone(getValue())}>
            {text.approvalLabels[getValue()] ?? getValue()}
          </Badge>
        ),
      }),
      col.accessor('registration_date', {
        header: text.col.registered,
        meta: { sort: true },
        cell: ({ getValue }) => formatDate(getValue()),
      }),
    ],
    // setOpen only writes the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  async function onSync() {
    const ok = await confirm({
      title: text.syncTitle,
      description: text.syncBody,
      confirmLabel: text.sync,
      cancelLabel: text.cancel,
    });
    if (!ok) return;
    try {
      const result = await sync.mutateAsync();
      setOutcome(result);
      if (result.kind === 'none') toast({ title: text.syncNone });
      else if (result.kind === 'all-synced') toast({ title: text.syncAllDone });
      else
        toast({
          title: text.syncResult(result.created, result.errors.length),
          variant: result.errors.length ? 'destructive' : 'success',
        });
    } catch {
      // Toasted by the query client.
    }
  }

  return (
    <div>
      <PageHeader title={text.title}>{text.intro}</PageHeader>
      {!isAdmin && <Notice>{text.adminsOnly}</Notice>}
      {outcome && <SyncReport outcome={outcome} />}
      <DataTable
        label={text.listLabel}
        columns={columns}
        rows={list.data?.rows}
        total={list.data?.count}
        getRowId={(p) => p.id}
        isLoading={list.isPending}
        isFetching={list.isFetching && !list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyTitle={state.isFiltered ? text.emptyFiltered : text.empty}
        sort={state.sort}
        onSortToggle={state.toggleSort}
        toolbar={
          <FilterBar
            state={state}
            actions={
              isAdmin && (
                <Button variant="secondary" onClick={onSync} disabled={sync.isPending}>
                  <UserPlus className="h-4 w-4" aria-hidden />
                  {sync.isPending ? text.syncing : text.sync}
                </Button>
              )
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
                { value: 'female', label: text.genderLabels.female },
                { value: 'male', label: text.genderLabels.male },
              ]}
            />
          </FilterBar>
        }
        footer={<Pagination {...paginationProps(state, list.data?.count ?? 0)} />}
      />
      {open && <ProfileDialog profile={open} canDecide={isAdmin} onClose={() => setOpen(null)} />}
    </div>
  );
}
