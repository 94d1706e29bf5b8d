// The announcements sent: when, title, message, audience, recipients and the pushes' fate;
// and the CSV export's columns (with the delivery counts), labels as shown on screen.
import { columnHelper, type DataTableColumn } from '@/components/data-table';
import type { CsvColumn } from '@/lib/csv';
import { formatDate } from '@/lib/images';
import { adminText as t } from '../../admin-text';
import type { AnnouncementWithCounts } from '../../api/admin-notifications';

/** A date and time as the lists show them. */
export const when = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
const hc = columnHelper<AnnouncementWithCounts>();
export const announcementColumns = (): DataTableColumn<AnnouncementWithCounts>[] => [
  hc.accessor('created_at', {
    header: t.history.columns.sent,
    meta: { sort: true, className: 'whitespace-nowrap' },
    cell: ({ getValue }) => when(getValue()),
  }),
  hc.accessor('title', {
    header: t.history.columns.title,
    meta: { sort: true, cardTitle: true, className: 'font-semibold' },
  }),
  hc.accessor('message', {
    header: t.history.columns.message,
    meta: { className: 'min-w-64 whitespace-pre-line' },
  }),
  hc.accessor('audience', {
    header: t.history.columns.audience,
    meta: { sort: true },
    cell: ({ getValue }) => t.audiences[getValue()] ?? getValue(),
  }),
  hc.accessor('recipients', {
    header: t.history.columns.recipients,
    meta: { sort: true, className: 'tabular-nums' },
    cell: ({ getValue }) => t.history.recipients(getValue()),
  }),
  hc.display({
    id: 'pushes',
    header: t.history.columns.pushes,
    cell: ({ row }) =>
      t.history.pushes(row.original.queued, row.original.sent, row.original.failed),
  }),
];

const h = t.history.csv;

export const announcementCsvColumns = (): CsvColumn<AnnouncementWithCounts>[] => [
  { header: h.sent, value: 'created_at' },
  { header: h.title, value: 'title' },
  { header: h.message, value: 'message' },
  { header: h.audience, value: (a) => t.audiences[a.audience] ?? a.audience },
  { header: h.link, value: 'link' },
  { header: h.recipients, value: 'recipients' },
  { header: h.queued, value: 'queued' },
  { header: h.delivered, value: 'sent' },
  { header: h.failed, value: 'failed' },
];
