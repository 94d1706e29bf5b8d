// /admin/events: every event in every state (spec §4), with search, filters by type and state,
// paging (all kept in the URL), a change of state, duplicate and delete (after confirmation).
// Event editors (admins, event managers) change events; other staff read.
import { Copy, ExternalLink, Pencil, Plus, Trash2, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { controlClass } from '@/components/ui/field';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth';
import { EVENT_EDITORS, type Role } from '@/lib/authorization';
import { dataMessage } from '@/lib/errors';
import { formatDate } from '@/lib/images';
import { adminText } from '../admin-text';
import {
  useAdminEvents,
  useDeleteEvent,
  useDuplicateEvent,
  useSetEventStatus,
  type AdminEventFilters,
} from '../api/admin-events';
import type { EventRow } from '../api/events';
import { EVENT_STATUSES, EVENT_TYPES, type EventStatus } from '../lib/event-form';
import { readListParams, writeListParams, PAGE_SIZES } from '../lib/list-params';

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
        setStatus.mutate(
          { id: event.id, status },
          {
            onSuccess: () =>
              toast({ title: t.statusChanged(adminText.statuses[status]), variant: 'success' }),
          },
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
            onClick={() =>
              duplicate.mutate(event, {
                onSuccess: () => toast({ title: t.duplicated, variant: 'success' }),
              })
            }
          >
            <Copy className="h-4 w-4" aria-hidden />
          </button>
          <button
            type="button"
            className={`${iconButton} text-red-700 hover:bg-red-50`}
            aria-label={t.deleteOf(event.title)}
            title={t.delete}
            disabled={remove.isPending}
            onClick={() => {
              if (!window.confirm(`${t.confirmDelete(event.title)}\n\n${t.confirmDeleteBody}`))
                return;
              remove.mutate(event.id, {
                onSuccess: () => toast({ title: t.deleted, variant: 'success' }),
              });
            }}
          >
            <Trash2 className="h-4 w-4" aria-hidden />
          </button>
        </>
      )}
    </div>
  );
}

function registrationText(e: EventRow) {
  return e.registration_required ? t.registrationOpen(e.max_attendees) : t.noRegistration;
}

function Filters({
  filters,
  onChange,
}: {
  filters: AdminEventFilters;
  onChange: (f: Partial<AdminEventFilters>) => void;
}) {
  const [search, setSearch] = useState(filters.search);
  useEffect(() => setSearch(filters.search), [filters.search]);
  useEffect(() => {
    if (search === filters.search) return;
    const timer = setTimeout(() => onChange({ search, page: 1 }), 300);
    return () => clearTimeout(timer);
  }, [search, filters.search, onChange]);
  return (
    <div role="search" className="mb-4 grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
      <label className="block">
        <span className="mb-1 block text-sm font-semibold text-stone-800">{t.search}</span>
        <input
          type="search"
          className={controlClass}
          placeholder={t.searchPlaceholder}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </label>
      <label className="block">
        <span className="mb-1 block text-sm font-semibold text-stone-800">{t.type}</span>
        <select
          className={controlClass}
          value={filters.type}
          onChange={(e) => onChange({ type: e.target.value, page: 1 })}
        >
          <option value="">{t.allTypes}</option>
          {EVENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {adminText.types[type]}
            </option>
          ))}
        </select>
      </label>
      <label className="block">
        <span className="mb-1 block text-sm font-semibold text-stone-800">{t.status}</span>
        <select
          className={controlClass}
          value={filters.status}
          onChange={(e) => onChange({ status: e.target.value, page: 1 })}
        >
          <option value="">{t.allStatuses}</option>
          {EVENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {adminText.statuses[s]}
            </option>
          ))}
        </select>
      </label>
      <Button
        variant="ghost"
        disabled={!filters.search && !filters.type && !filters.status}
        onClick={() => {
          setSearch('');
          onChange({ search: '', type: '', status: '', page: 1 });
        }}
      >
        {t.clear}
      </Button>
    </div>
  );
}

function Pager({
  filters,
  total,
  onChange,
}: {
  filters: AdminEventFilters;
  total: number;
  onChange: (f: Partial<AdminEventFilters>) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / filters.pageSize));
  const from = total === 0 ? 0 : (filters.page - 1) * filters.pageSize + 1;
  const to = Math.min(total, filters.page * filters.pageSize);
  return (
    <nav
      aria-label="Pagination"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <p aria-live="polite">{t.showing(from, to, total)}</p>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2">
          {t.perPage}
          <select
            className={`${controlClass} !w-auto !py-1`}
            value={filters.pageSize}
            onChange={(e) => onChange({ pageSize: Number(e.target.value), page: 1 })}
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <Button
          variant="secondary"
          disabled={filters.page <= 1}
          onClick={() => onChange({ page: filters.page - 1 })}
        >
          {t.previous}
        </Button>
        <span>{t.page(filters.page, pages)}</span>
        <Button
          variant="secondary"
          disabled={filters.page >= pages}
          onClick={() => onChange({ page: filters.page + 1 })}
        >
          {t.next}
        </Button>
      </div>
    </nav>
  );
}

export function Component() {
  const auth = useAuth();
  const canEdit = EVENT_EDITORS.includes(auth.user?.type as Role);
  const [params, setParams] = useSearchParams();
  const filters = readListParams(params);
  const events = useAdminEvents(filters);
  const change = (patch: Partial<AdminEventFilters>) =>
    setParams(writeListParams({ ...readListParams(params), ...patch }), { replace: true });

  // A page past the end (after deletions or a narrower filter) goes back to the last page.
  const total = events.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / filters.pageSize));
  useEffect(() => {
    if (events.isSuccess && !events.isPlaceholderData && filters.page > lastPage) {
      setParams(writeListParams({ ...filters, page: lastPage }), { replace: true });
    }
  }, [events.isSuccess, events.isPlaceholderData, filters, lastPage, setParams]);

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
      <Filters filters={filters} onChange={change} />
      {events.isPending ? (
        <LoadingState rows={5} height="h-14" />
      ) : events.isError ? (
        <ErrorState
          title={t.loadError}
          message={dataMessage(events.error)}
          onRetry={() => void events.refetch()}
        />
      ) : events.data.rows.length === 0 ? (
        <EmptyState title={t.empty}>{t.emptyBody}</EmptyState>
      ) : (
        <>
          {/* Cards below 768 px, a table above. */}
          <ul className="space-y-3 md:hidden" data-testid="events-cards">
            {events.data.rows.map((e) => (
              <li key={e.id} className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
                <div className="flex items-start justify-between gap-2">
                  <p className="font-semibold text-stone-900">{e.title}</p>
                  <StatusBadge status={e.status} />
                </div>
                <p className="mt-1 text-sm text-stone-600">
                  {formatDate(e.event_date)} · {adminText.types[e.event_type] ?? e.event_type} ·{' '}
                  {registrationText(e)}
                </p>
                <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
                  <StatusControl event={e} canEdit={canEdit} />
                  <RowActions event={e} canEdit={canEdit} />
                </div>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-lg border border-stone-200 bg-white md:block">
            <table className="w-full text-left text-sm" data-testid="events-table">
              <thead className="bg-stone-100 text-xs tracking-wide text-stone-700 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    {t.columns.title}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t.columns.date}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t.columns.type}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t.columns.status}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t.columns.registration}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">{t.columns.actions}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200">
                {events.data.rows.map((e) => (
                  <tr key={e.id} className={events.isPlaceholderData ? 'opacity-60' : ''}>
                    <th scope="row" className="px-4 py-3 font-semibold text-stone-900">
                      {canEdit ? (
                        <Link to={`/admin/events/${e.id}/edit`} className="hover:underline">
                          {e.title}
                        </Link>
                      ) : (
                        e.title
                      )}
                    </th>
                    <td className="px-4 py-3 whitespace-nowrap">
                      {formatDate(e.event_date)}
                      {e.event_time ? `, ${e.event_time.slice(0, 5)}` : ''}
                    </td>
                    <td className="px-4 py-3">{adminText.types[e.event_type] ?? e.event_type}</td>
                    <td className="px-4 py-3">
                      <StatusControl event={e} canEdit={canEdit} />
                    </td>
                    <td className="px-4 py-3">{registrationText(e)}</td>
                    <td className="px-4 py-3">
                      <RowActions event={e} canEdit={canEdit} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager filters={filters} total={events.data.total} onChange={change} />
        </>
      )}
    </div>
  );
}
