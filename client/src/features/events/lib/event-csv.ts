// The staff events list's CSV export: one row per event of the filtered view, labels as shown
// on screen (types and states in words), dates as stored (YYYY-MM-DD sorts in a spreadsheet).
import type { CsvColumn } from '@/lib/csv';
import { adminText } from '../admin-text';
import type { EventRow } from '../api/events';

const t = adminText.list.csv;

export const eventCsvColumns: CsvColumn<EventRow>[] = [
  { header: t.title, value: 'title' },
  { header: t.date, value: 'event_date' },
  { header: t.time, value: (e) => e.event_time?.slice(0, 5) ?? '' },
  { header: t.type, value: (e) => adminText.types[e.event_type] ?? e.event_type },
  { header: t.status, value: (e) => adminText.statuses[e.status] ?? e.status },
  { header: t.location, value: (e) => e.location ?? '' },
  { header: t.organizer, value: (e) => e.organizer ?? '' },
  { header: t.registrationRequired, value: (e) => (e.registration_required ? t.yes : t.no) },
  { header: t.maxAttendees, value: (e) => e.max_attendees ?? '' },
  { header: t.deadline, value: (e) => e.registration_deadline ?? '' },
];
