// The attendees' CSV of an event: its registrations (as the list shows them) and its walk-in
// guests, one row each, with the seats each takes. Dates are Mumbai's (Asia/Kolkata) written
// `YYYY-MM-DD HH:MM`, which spreadsheets read as dates.
import type { CsvColumn } from '@/lib/csv';
import type { Registration } from '../api/registrations';
import type { WalkIn } from '../api/event-day';

const IST_OFFSET_MS = 330 * 60_000;

/** An instant as Mumbai's date and time, `2026-03-19 10:00` (empty when there is none). */
export function istDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** Today's date in Mumbai, YYYY-MM-DD (an event's `event_date` is Mumbai's). */
export const mumbaiToday = (now = Date.now()) =>
  new Date(now + IST_OFFSET_MS).toISOString().slice(0, 10);

export interface AttendeeRow {
  kind: 'registration' | 'walk-in';
  name: string;
  email: string;
  phone: string;
  seats: number;
  guests: number;
  status: string;
  registeredAt: string | null;
  checkedInAt: string | null;
  /** How a registrant was checked in (a walk-in: recorded at the door, none). */
  checkedInVia: 'card' | 'list' | null;
  notes: string;
}

export function attendeeRows(
  registrations: readonly Registration[],
  walkIns: readonly WalkIn[],
  statusLabel: (status: string) => string,
  walkInLabel: string,
): AttendeeRow[] {
  return [
    ...registrations.map((r): AttendeeRow => ({
      kind: 'registration',
      name: r.user?.full_name ?? '',
      email: r.user?.email ?? '',
      phone: r.user?.phone ?? '',
      seats: 1 + r.guests,
      guests: r.guests,
      status: statusLabel(r.attendance_status),
      registeredAt: r.registration_date,
      checkedInAt: r.checked_in_at,
      checkedInVia:
        r.checked_in_via === 'card' || r.checked_in_via === 'list' ? r.checked_in_via : null,
      notes: r.notes ?? '',
    })),
    ...walkIns.map((w): AttendeeRow => ({
      kind: 'walk-in',
      name: w.full_name,
      email: '',
      phone: w.phone ?? '',
      seats: w.seats,
      guests: w.seats - 1,
      status: walkInLabel,
      registeredAt: null,
      checkedInAt: w.checked_in_at,
      checkedInVia: null,
      notes: '',
    })),
  ];
}

export const attendeeCsvColumns = (headers: {
  name: string;
  email: string;
  phone: string;
  seats: string;
  guests: string;
  status: string;
  registered: string;
  checkedIn: string;
  checkedInVia: string;
  via: { card: string; list: string };
  notes: string;
}): CsvColumn<AttendeeRow>[] => [
  { header: headers.name, value: 'name' },
  { header: headers.email, value: 'email' },
  { header: headers.phone, value: 'phone' },
  { header: headers.seats, value: 'seats' },
  { header: headers.guests, value: 'guests' },
  { header: headers.status, value: 'status' },
  { header: headers.registered, value: (r) => istDateTime(r.registeredAt) },
  { header: headers.checkedIn, value: (r) => istDateTime(r.checkedInAt) },
  {
    header: headers.checkedInVia,
    value: (r) => (r.checkedInVia ? headers.via[r.checkedInVia] : ''),
  },
  { header: headers.notes, value: 'notes' },
];
