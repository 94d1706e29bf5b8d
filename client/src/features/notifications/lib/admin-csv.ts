// The CSV exports of the staff notifications screen: the announcements sent (with their
// delivery counts) and the contact form's messages, labels as shown on screen.
import type { CsvColumn } from '@/lib/csv';
import { adminText } from '../admin-text';
import type { AnnouncementWithCounts, ContactMessage } from '../api/admin-notifications';

const h = adminText.history.csv;
const m = adminText.inbox.csv;

export const announcementCsvColumns: CsvColumn<AnnouncementWithCounts>[] = [
  { header: h.sent, value: 'created_at' },
  { header: h.title, value: 'title' },
  { header: h.message, value: 'message' },
  { header: h.audience, value: (a) => adminText.audiences[a.audience] ?? a.audience },
  { header: h.link, value: 'link' },
  { header: h.recipients, value: 'recipients' },
  { header: h.queued, value: 'queued' },
  { header: h.delivered, value: 'sent' },
  { header: h.failed, value: 'failed' },
];

export const messageCsvColumns: CsvColumn<ContactMessage>[] = [
  { header: m.received, value: 'created_at' },
  { header: m.firstName, value: 'first_name' },
  { header: m.lastName, value: 'last_name' },
  { header: m.email, value: 'email' },
  { header: m.phone, value: 'phone' },
  { header: m.subject, value: 'subject' },
  { header: m.message, value: 'message' },
  { header: m.status, value: (r) => adminText.inbox.statuses[r.status] ?? r.status },
];
