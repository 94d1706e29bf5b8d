// /admin/events: every event in every state (spec §4), with search, filters by type and state,
// sort, paging (all kept in the URL), an exact count, CSV export of the filtered view, a change
// of state, duplicate and delete (after confirmation); cards below 768 px.
// Event editors (admins, event managers) change events; other staff read.
import { ConfirmButton } from '@/components/confirm-button';
import { Copy, ExternalLink, Pencil, Plus, Trash2, Users } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import {
  columnHelper,
  DataTable,
  ExportCsvButton,
  FilterBar,
  labelledOptions,
  pageCount,
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
import { controlClass } from '@/components/ui/field';
import { toastWhenDone } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth';
import { EVENT_EDITORS, type Role } from '@/lib/authorization';
import { formatDate } from '@/lib/images';
import { adminText } from '../admin-text';
import {
  ADMIN_EVENT_FILTER_DEFAULTS,
  ADMIN_EVENT_PAGE_SIZE,
  ADMIN_EVENT_PAGE_SIZES,
  ADMIN_EVENT_SORT,
  fetchAdminEventsExport,
  useAdminEvents,
  useDeleteEvent,
  useDuplicateEvent,
  useSetEventStatus,
  type AdminEventFilters,
} from '../api/admin-events';
import type { EventRow } from '../api/events';
import { eventCsvColumns } from '../lib/event-csv';
import { EVENT_STATUSES, EVENT_TYPES, type EventStatus } from '../lib/event-form';

const t = adminText.list;

const STATUS_STYLE: Record<string, string> = {
  upcoming: 'bg-sky-100 text-sky-900',
  published: 'bg-emerald-100 text-emerald-900',
  completed: 'bg-stone-200 text-stone-800',
  cancelled: 'bg-red-100 text-red-900',
};

function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[status] ?? ''}`}
    >
      {adminText.statuses[status] ?? status}
    </span>
  );
}

function StatusControl({ event, canEdit }: { event: EventRow; canEdit: boolean }) {
  const setStatus = useSetEventStatus();
  if (!canEdit) return <StatusBadge status={event.status} />;
  return (
    <select
      aria-label={t.statusOf(event.title)}
      className={`${controlClass} !w-auto !py-1 text-sm`}
      value={event.status}
      disabled={setStatus.isPending}
      onChange={(e) => {
        const status = e.target.value as EventStatus;
        void toastWhenDone(
          setStatus.mutateAsync({ id: event.id, status }),
          t.statusChanged(adminText.statuses[status]),
        );
      }}
    >
      {EVENT_STATUSES.map((s) => (
        <option key={s} value={s}>
          {adminText.statuses[s]}
        </option>
      ))}
    </select>
  );
}

function RowActions({ event, canEdit }: { event: EventRow; canEdit: boolean }) {
  const duplicate = useDuplicateEvent(t.copyTitle);
  const remove = useDeleteEvent();
  const iconButton =
    'inline-flex h-10 w-10 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-orange-800';
  return (
    <div className="flex flex-wrap items-center gap-1">
      {canEdit && (
        <Link
          to={`/admin/events/${event.id}/edit`}
          className={iconButton}
          aria-label={t.editOf(event.title)}
          title={t.edit}
        >
          <Pencil className="h-4 w-4" aria-hidden />
        </Link>
      )}
      <Link
        to={`/admin/events/${event.id}/registrations`}
        className={iconButton}
        aria-label={t.registrationsOf(event.title)}
        title={t.registrations}
      >
        <Users className="h-4 w-4" aria-hidden />
      </Link>
      {event.status !== 'cancelled' && (
        <a
          href={`/events/${event.id}`}
          target="_blank"
          rel="noreferrer"
          className={iconButton}
          aria-label={`${t.view}: ${event.title}`}
          title={t.view}
        >
          <ExternalLink className="h-4 w-4" aria-hidden />
        </a>
      )}
      {canEdit && (
        <>
          <button
            type="button"
            className={iconButton}
            aria-label={t.duplicateOf(event.title)}
            title={t.duplicate}
            disabled={duplicate.isPending}
            onClick={() => void toastWhenDone(duplicate.mutateAsync(event), t.duplicated)}
          >
            <Copy className="h-4 w-4" aria-hidden />
          </button>
          <ConfirmButton
            variant={null}
            className={`${iconButton} text-red-700 hover:bg-red-50`}
            aria-label={t.deleteOf(event.title)}
            title={t.delete}
            disabled={remove.isPending}
            confirm={{
              title: t.confirmDelete(event.title),
              description: t.confirmDeleteBody,
              confirmLabel: t.delete,
            }}
            action={() => remove.mutateAsync(event.id)}
            done={t.deleted}
          >
            <Trash2 className="h-4 w-4" aria-hidden />
          </ConfirmButton>
        </>
      )}
    </div>
  );
}

function registrationText(e: EventRow) {
  return e.registration_required ? t.registrationOpen(e.max_attendees) : t.noRegistration;
}

const col = columnHelper<EventRow>();

function eventColumns(canEdit: boolean): DataTableColumn<EventRow>[] {
  return [
    col.accessor('title', {
      header: t.columns.title,
      meta: { sort: true, cardTitle: true },
      cell: ({ row }) =>
        canEdit ? (
          <Link
            to={`/admin/events/${row.original.id}/edit`}
            className="font-semibold hover:underline"
          >
            {row.original.title}
          </Link>
        ) : (
          <span className="font-semibold">{row.original.title}</span>
        ),
    }),
    col.accessor('event_date', {
      header: t.columns.date,
      meta: { sort: true, className: 'whitespace-nowrap' },
      cell: ({ row }) =>
        `${formatDate(row.original.event_date)}${row.original.event_time ? `, ${row.original.event_time.slice(0, 5)}` : ''}`,
    }),
    col.accessor('event_type', {
      header: t.columns.type,
      meta: { sort: true },
      cell: ({ getValue }) => adminText.types[getValue()] ?? getValue(),
    }),
    col.accessor('status', {
      header: t.columns.status,
      meta: { sort: true },
      cell: ({ row }) => <StatusControl event={row.original} canEdit={canEdit} />,
    }),
    col.display({
      id: 'registration',
      header: t.columns.registration,
      cell: ({ row }) => registrationText(row.original),
    }),
    col.display({
      id: 'actions',
      header: t.columns.actions,
      cell: ({ row }) => <RowActions event={row.original} canEdit={canEdit} />,
    }),
  ];
}

export function Component() {
  const auth = useAuth();
  const canEdit = EVENT_EDITORS.includes(auth.user?.type as Role);
  const state = useTableUrlState<AdminEventFilters>({
    defaults: ADMIN_EVENT_FILTER_DEFAULTS,
    pageSize: ADMIN_EVENT_PAGE_SIZE,
    pageSizeOptions: ADMIN_EVENT_PAGE_SIZES,
    sort: ADMIN_EVENT_SORT,
  });
  const events = useAdminEvents(state.key);
  const columns = useMemo(() => eventColumns(canEdit), [canEdit]);

  // A page past the end (after deletions or a narrower filter) goes back to the last page.
  const total = events.data?.count ?? 0;
  const lastPage = pageCount(total, state.pageSize);
  const { page, setPage } = state;
  useEffect(() => {
    if (events.isSuccess && !events.isPlaceholderData && page > lastPage) setPage(lastPage);
  }, [events.isSuccess, events.isPlaceholderData, page, lastPage, setPage]);

  return (
    <div>
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-serif text-2xl font-bold sm:text-3xl">{t.title}</h1>
          <p className="mt-1 text-stone-700">{t.intro}</p>
        </div>
        {canEdit && (
          <ButtonLink to="/admin/events/create">
            <Plus className="h-4 w-4" aria-hidden /> {t.create}
          </ButtonLink>
        )}
      </header>
      <DataTable
        label={t.tableLabel}
        columns={columns}
        {...tableQueryProps(events)}
        getRowId={(e) => e.id}
        emptyTitle={state.isFiltered ? t.noMatch : t.empty}
        emptyBody={state.isFiltered ? t.noMatchBody : canEdit ? t.emptyBody : undefined}
        {...tableSortProps(state)}
        toolbar={
          <FilterBar
            state={state}
            actions={
              <ExportCsvButton
                filename={t.exportName()}
                columns={eventCsvColumns}
                label={t.exportCsv}
                rows={() => fetchAdminEventsExport(state.view)}
              />
            }
          >
            <SearchFilter state={state} label={t.search} placeholder={t.searchPlaceholder} />
            <SelectFilter
              state={state}
              name="type"
              label={t.type}
              allLabel={t.allTypes}
              options={labelledOptions(EVENT_TYPES, adminText.types)}
            />
            <SelectFilter
              state={state}
              name="status"
              label={t.status}
              allLabel={t.allStatuses}
              options={labelledOptions(EVENT_STATUSES, adminText.statuses)}
            />
          </FilterBar>
        }
        footer={<Pagination {...paginationProps(state, events.data?.count)} />}
      />
    </div>
  );
}
