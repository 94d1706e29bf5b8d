// An event's registrations for its staff: the columns (name, check-in, contact, date, guests,
// the attendance as a select, notes, cancel). The CSV is the attendees' (lib/attendees-csv.ts).
import { XCircle } from 'lucide-react';
import { ConfirmButton } from '@/components/confirm-button';
import {
  CellSelect,
  columnHelper,
  labelledOptions,
  type DataTableColumn,
} from '@/components/data-table';
import { formatDate } from '@/lib/images';
import { adminText } from '../../admin-text';
import { CheckInButton } from '../../components/admin/check-in-button';
import { useSetAttendance, type Registration } from '../../api/registrations';
import { ATTENDANCE_STATUSES, type AttendanceStatus } from '../../lib/attendance';
import { nameOf } from './filters';

const t = adminText.registrations;

function AttendanceControl({ r, eventId }: { r: Registration; eventId: string }) {
  const set = useSetAttendance(eventId);
  return (
    <CellSelect
      label={t.statusOf(nameOf(r))}
      value={r.attendance_status as AttendanceStatus}
      options={labelledOptions(ATTENDANCE_STATUSES, t.statuses)}
      disabled={set.isPending}
      change={(status) => set.mutateAsync({ id: r.id, status })}
      done={() => t.updated}
    />
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
export function registrationColumns(eventId: string): DataTableColumn<Registration>[] {
  return [
    col.display({
      id: 'name',
      header: t.columns.name,
      meta: { sort: true, cardTitle: true },
      cell: ({ row }) => <span className="font-semibold">{nameOf(row.original)}</span>,
    }),
    col.display({
      id: 'checkIn',
      header: adminText.day.checkIn,
      cell: ({ row }) => (
        <CheckInButton r={row.original} name={nameOf(row.original)} eventId={eventId} />
      ),
    }),
    col.display({
      id: 'email',
      header: t.columns.email,
      meta: { className: 'min-w-44 break-all' },
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
