// /admin/events/{id}/registrations: who registered, the places taken against the maximum
// (registrants and their guests), attendance, cancellation (the row is kept, its place freed)
// and a CSV export of the filtered list; search, attendance filter, sort and page in the URL,
// cards below 768 px.
import { ConfirmButton } from '@/components/confirm-button';
import { ArrowLeft, XCircle } from 'lucide-react';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  columnHelper,
  DataTable,
  ExportCsvButton,
  FilterBar,
  labelledOptions,
  Pagination,
  paginationProps,
  SearchFilter,
  SelectFilter,
  useTableUrlState,
  type DataTableColumn,
} from '@/components/data-table';
import { ButtonLink } from '@/components/ui/button';
import { controlClass } from '@/components/ui/field';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { toastWhenDone } from '@/components/ui/toast';
import { formatDate } from '@/lib/images';
import { adminText } from '../admin-text';
import { eventQuery, isUuid } from '../api/events';
import {
  ATTENDANCE_STATUSES,
  registrationCsvColumns,
  useAttendance,
  useRegistrations,
  useSetAttendance,
  type AttendanceStatus,
  type Registration,
} from '../api/registrations';

const t = adminText.registrations;
const LIST = '/admin/events';

function Capacity({ eventId }: { eventId: string }) {
  const attendance = useAttendance(eventId);
  if (!attendance.data) return null;
  const { people, max_attendees: max, registrations } = attendance.data;
  const left = max ? Math.max(0, max - people) : null;
  const percent = max ? Math.min(100, Math.round((people / max) * 100)) : 0;
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-4" data-testid="capacity">
      <p className="text-lg font-semibold">{t.count(people, max)}</p>
      <p className="text-sm text-stone-600">
        {t.registrations(registrations)}
        {left !== null && ` · ${left === 0 ? t.full : t.placesLeft(left)}`}
      </p>
      {max ? (
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-stone-200"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={people}
          aria-label={t.count(people, max)}
        >
          <div
            className={`h-full ${left === 0 ? 'bg-red-600' : 'bg-orange-700'}`}
            style={{ width: `${percent}%` }}
          />
        </div>
      ) : null}
    </div>
  );
}

const nameOf = (r: Registration) => r.user?.full_name || r.user?.email || t.unnamed;

function AttendanceControl({ r, eventId }: { r: Registration; eventId: string }) {
  const set = useSetAttendance(eventId);
  return (
    <select
      aria-label={t.statusOf(nameOf(r))}
      className={`${controlClass} !w-auto !py-1 text-sm`}
      value={r.attendance_status}
      disabled={set.isPending}
      onChange={(e) =>
        void toastWhenDone(
          set.mutateAsync({ id: r.id, status: e.target.value as AttendanceStatus }),
          t.updated,
        )
      }
    >
      {ATTENDANCE_STATUSES.map((s) => (
        <option key={s} value={s}>
          {t.statuses[s]}
        </option>
      ))}
    </select>
  );
}

function CancelButton({ r, eventId }: { r: Registration; eventId: string }) {
  const set = useSetAttendance(eventId);
  if (r.attendance_status === 'cancelled') return null;
  return (
    <ConfirmButton
      className="!min-h-9 text-red-700"
      aria-label={t.cancelOf(nameOf(r))}
      disabled={set.isPending}
      confirm={{ title: t.confirmCancel(nameOf(r)), confirmLabel: t.cancel }}
      action={() => set.mutateAsync({ id: r.id, status: 'cancelled' })}
      done={t.cancelled}
    >
      <XCircle className="h-4 w-4" aria-hidden /> {t.cancel}
    </ConfirmButton>
  );
}

const col = columnHelper<Registration>();
type RegistrationFilters = { status: string };
const DEFAULT_SORT = { id: 'registration_date', desc: false };

/** The value a column sorts by (the list is the event's whole set, sorted here). */
const sortValue: Record<string, (r: Registration) => string | number> = {
  name: (r) => nameOf(r).toLowerCase(),
  registration_date: (r) => r.registration_date ?? '',
  guests: (r) => r.guests,
  attendance_status: (r) => r.attendance_status,
};

function registrationColumns(eventId: string): DataTableColumn<Registration>[] {
  return [
    col.display({
      id: 'name',
      header: t.columns.name,
      meta: { sort: true, cardTitle: true },
      cell: ({ row }) => <span className="font-semibold">{nameOf(row.original)}</span>,
    }),
    col.display({
      id: 'email',
      header: t.columns.email,
      meta: { className: 'break-all' },
      cell: ({ row }) => row.original.user?.email,
    }),
    col.display({
      id: 'phone',
      header: t.columns.phone,
      meta: { className: 'whitespace-nowrap' },
      cell: ({ row }) => row.original.user?.phone,
    }),
    col.accessor('registration_date', {
      header: t.columns.registered,
      meta: { sort: true, className: 'whitespace-nowrap' },
      cell: ({ getValue }) => formatDate(getValue(), { dateStyle: 'medium', timeStyle: 'short' }),
    }),
    col.accessor('guests', { header: t.columns.guests, meta: { sort: true } }),
    col.accessor('attendance_status', {
      header: t.columns.status,
      meta: { sort: true },
      cell: ({ row }) => <AttendanceControl r={row.original} eventId={eventId} />,
    }),
    col.accessor('notes', { header: t.columns.notes, meta: { className: 'max-w-xs' } }),
    col.display({
      id: 'actions',
      header: t.columns.actions,
      cell: ({ row }) => <CancelButton r={row.original} eventId={eventId} />,
    }),
  ];
}

export function Component() {
  const { id } = useParams();
  const valid = isUuid(id);
  const eventId = valid ? id : '00000000-0000-0000-0000-000000000000';
  const event = useQuery({ ...eventQuery(eventId), enabled: valid });
  const registrations = useRegistrations(eventId, valid);
  const state = useTableUrlState<RegistrationFilters>({
    defaults: { status: '' },
    sort: DEFAULT_SORT,
  });
  const columns = useMemo(() => registrationColumns(eventId), [eventId]);
  const { search, sort } = state;
  const status = state.filters.status;

  // Every registration of the event is loaded (they are few): filtered, sorted and paged here.
  const shown = useMemo(() => {
    const q = search.toLowerCase();
    const rows = (registrations.data ?? []).filter(
      (r) =>
        (!status || r.attendance_status === status) &&
        (!q ||
          [r.user?.full_name, r.user?.email, r.user?.phone].some((v) =>
            v?.toLowerCase().includes(q),
          )),
    );
    const by = sortValue[sort?.id ?? ''] ?? sortValue.registration_date;
    const dir = sort?.desc ? -1 : 1;
    return rows.sort((a, b) => {
      const x = by(a);
      const y = by(b);
      return (x < y ? -1 : x > y ? 1 : 0) * dir;
    });
  }, [registrations.data, search, status, sort]);
  const page = useMemo(
    () => (registrations.data ? shown.slice(state.from, state.to + 1) : undefined),
    [registrations.data, shown, state.from, state.to],
  );

  if (!valid || (event.isSuccess && !event.data)) {
    return (
      <div
        role="alert"
        className="mx-auto max-w-lg rounded-lg border border-stone-200 bg-white p-8 text-center"
      >
        <h1 className="font-serif text-2xl font-bold">{adminText.notFound}</h1>
        <p className="mt-2 text-stone-700">{adminText.notFoundBody}</p>
        <ButtonLink to={LIST} className="mt-6">
          {adminText.backToEvents}
        </ButtonLink>
      </div>
    );
  }
  if (event.isPending) return <LoadingState label={adminText.loading} rows={3} />;
  if (event.isError) {
    return (
      <ErrorState
        title={adminText.loadError}
        message={adminText.loadErrorBody}
        onRetry={() => void event.refetch()}
      />
    );
  }
  const e = event.data!;
  const none = registrations.data?.length === 0;

  return (
    <div>
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-serif text-2xl font-bold sm:text-3xl">{t.of(e.title)}</h1>
          <p className="mt-1 text-stone-700">
            {formatDate(e.event_date, { dateStyle: 'full' })}
            {e.location ? ` · ${e.location}` : ''}
          </p>
        </div>
        <ButtonLink to={LIST} variant="secondary">
          <ArrowLeft className="h-4 w-4" aria-hidden /> {adminText.backToEvents}
        </ButtonLink>
      </header>

      {!e.registration_required && <p className="mb-4 text-stone-700">{t.noRegistration}</p>}
      <div className="mb-4">
        <Capacity eventId={e.id} />
      </div>

      <DataTable
        label={t.tableLabel}
        columns={columns}
        rows={page}
        total={registrations.data ? shown.length : undefined}
        getRowId={(r) => r.id}
        isLoading={registrations.isPending}
        isFetching={registrations.isFetching && !registrations.isPending}
        error={registrations.error}
        onRetry={() => void registrations.refetch()}
        emptyTitle={none ? t.empty : t.noMatch}
        emptyBody={none ? t.emptyBody : undefined}
        sort={state.sort}
        onSortToggle={state.toggleSort}
        onSortChange={state.setSort}
        toolbar={
          <FilterBar
            state={state}
            actions={
              <ExportCsvButton
                filename={t.exportName(e.title)}
                columns={registrationCsvColumns((s) => t.statuses[s] ?? s)}
                label={t.export}
                rows={() => shown}
              />
            }
          >
            <SearchFilter state={state} label={t.search} placeholder={t.searchPlaceholder} />
            <SelectFilter
              state={state}
              name="status"
              label={t.status}
              allLabel={t.allStatuses}
              options={labelledOptions(ATTENDANCE_STATUSES, t.statuses)}
            />
          </FilterBar>
        }
        footer={<Pagination {...paginationProps(state, shown.length)} />}
      />
    </div>
  );
}
