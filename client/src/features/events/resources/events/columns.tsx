// The staff events list's columns (title, date, type, state as a select for event editors,
// registration, and the row's edit, registrations, view, duplicate and delete) and the CSV
// export's: one row per event of the filtered view, labels as shown on screen (types and
// states in words), dates as stored (YYYY-MM-DD sorts in a spreadsheet).
import { Copy, ExternalLink, Pencil, Users, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import {
  CellSelect,
  columnHelper,
  labelledOptions,
  type DataTableColumn,
} from '@/components/data-table';
import { toastWhenDone } from '@/components/ui/toast';
import type { CsvColumn } from '@/lib/csv';
import { formatDate } from '@/lib/images';
import { adminText } from '../../admin-text';
import { text } from '../../text';
import { useDeleteEvent, useDuplicateEvent, useSetEventStatus } from '../../api/admin-events';
import type { EventRow } from '../../api/events';
import { EVENT_STATUSES, type EventStatus } from '../../lib/event-kinds';
import { DeleteButton } from '@/components/row-actions';

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
    <CellSelect
      label={t.statusOf(event.title)}
      value={event.status as EventStatus}
      options={labelledOptions(EVENT_STATUSES, adminText.statuses)}
      disabled={setStatus.isPending}
      change={(status) => setStatus.mutateAsync({ id: event.id, status })}
      done={(status) => t.statusChanged(adminText.statuses[status])}
    />
  );
}

const iconButton =
  'inline-flex h-10 w-10 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-orange-800';

/** A row's icon link to one of the event's admin pages, named by `label`, titled `title`. */
function IconLink({
  to,
  label,
  title,
  icon: Icon,
}: {
  to: string;
  label: string;
  title: string;
  icon: LucideIcon;
}) {
  return (
    <Link to={to} className={iconButton} aria-label={label} title={title}>
      <Icon className="h-4 w-4" aria-hidden />
    </Link>
  );
}

function RowActions({ event, canEdit }: { event: EventRow; canEdit: boolean }) {
  const duplicate = useDuplicateEvent(t.copyTitle);
  const remove = useDeleteEvent();
  return (
    <div className="flex flex-wrap items-center gap-1">
      {canEdit && (
        <IconLink
          to={`/admin/events/${event.id}/edit`}
          label={t.editOf(event.title)}
          title={t.edit}
          icon={Pencil}
        />
      )}
      <IconLink
        to={`/admin/events/${event.id}/registrations`}
        label={t.registrationsOf(event.title)}
        title={t.registrations}
        icon={Users}
      />
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
          <DeleteButton
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
          />
        </>
      )}
    </div>
  );
}

function registrationText(e: EventRow) {
  return e.registration_required ? t.registrationOpen(e.max_attendees) : t.noRegistration;
}

const col = columnHelper<EventRow>();

export function eventColumns(canEdit: boolean): DataTableColumn<EventRow>[] {
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
      cell: ({ getValue }) => text.types[getValue()] ?? getValue(),
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

const c = t.csv;

export const eventCsvColumns = (): CsvColumn<EventRow>[] => [
  { header: c.title, value: 'title' },
  { header: c.date, value: 'event_date' },
  { header: c.time, value: (e) => e.event_time?.slice(0, 5) ?? '' },
  { header: c.type, value: (e) => text.types[e.event_type] ?? e.event_type },
  { header: c.status, value: (e) => adminText.statuses[e.status] ?? e.status },
  { header: c.location, value: (e) => e.location ?? '' },
  { header: c.organizer, value: (e) => e.organizer ?? '' },
  { header: c.registrationRequired, value: (e) => (e.registration_required ? c.yes : c.no) },
  { header: c.maxAttendees, value: (e) => e.max_attendees ?? '' },
  { header: c.deadline, value: (e) => e.registration_deadline ?? '' },
];
