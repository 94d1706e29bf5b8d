// The contact form's messages: received, subject, sender, message, the status as a select and
// a reply by e-mail; and the CSV export's columns, labels as shown on screen.
import { Mail } from 'lucide-react';
import {
  CellSelect,
  columnHelper,
  labelledOptions,
  type DataTableColumn,
} from '@/components/data-table';
import type { CsvColumn } from '@/lib/csv';
import { adminText as t } from '../../admin-text';
import { useSetMessageStatus, type ContactMessage } from '../../api/admin-notifications';
import { when } from '../announcements/columns';
import { MESSAGE_STATUSES } from './filters';

function MessageStatus({ m }: { m: ContactMessage }) {
  const set = useSetMessageStatus();
  return (
    <CellSelect
      label={t.inbox.statusOf(m.subject)}
      value={m.status}
      options={labelledOptions(MESSAGE_STATUSES, t.inbox.statuses)}
      disabled={set.isPending}
      change={(status) => set.mutateAsync({ id: m.id, status })}
      done={() => t.inbox.updated}
    />
  );
}

function ReplyLink({ m }: { m: ContactMessage }) {
  const set = useSetMessageStatus();
  return (
    <a
      className="inline-flex min-h-9 items-center gap-1 rounded-md border border-stone-300 px-3 text-sm font-semibold whitespace-nowrap hover:bg-stone-100"
      href={`mailto:${m.email}?subject=${encodeURIComponent(t.inbox.replySubject(m.subject))}`}
      onClick={() => m.status === 'new' && set.mutate({ id: m.id, status: 'replied' })}
    >
      <Mail className="h-4 w-4" aria-hidden /> {t.inbox.reply}
    </a>
  );
}

const ic = columnHelper<ContactMessage>();
export const messageColumns = (): DataTableColumn<ContactMessage>[] => [
  ic.accessor('created_at', {
    header: t.inbox.columns.received,
    meta: { sort: true, className: 'whitespace-nowrap' },
    cell: ({ getValue }) => when(getValue()),
  }),
  ic.accessor('subject', {
    header: t.inbox.columns.subject,
    meta: { sort: true, cardTitle: true, className: 'font-semibold' },
  }),
  ic.display({
    id: 'from',
    header: t.inbox.columns.from,
    meta: { className: 'min-w-48' },
    cell: ({ row }) => {
      const m = row.original;
      return (
        <>
          <span className="block">{[m.first_name, m.last_name].filter(Boolean).join(' ')}</span>
          <span className="block break-all text-stone-600">
            {m.email}
            {m.phone ? ` · ${m.phone}` : ''}
          </span>
        </>
      );
    },
  }),
  ic.accessor('message', {
    header: t.inbox.columns.message,
    meta: { className: 'min-w-64 whitespace-pre-line' },
  }),
  ic.accessor('status', {
    header: t.inbox.columns.status,
    meta: { sort: true },
    cell: ({ row }) => <MessageStatus m={row.original} />,
  }),
  ic.display({
    id: 'reply',
    header: t.inbox.columns.reply,
    cell: ({ row }) => <ReplyLink m={row.original} />,
  }),
];

const m = t.inbox.csv;

export const messageCsvColumns = (): CsvColumn<ContactMessage>[] => [
  { header: m.received, value: 'created_at' },
  { header: m.firstName, value: 'first_name' },
  { header: m.lastName, value: 'last_name' },
  { header: m.email, value: 'email' },
  { header: m.phone, value: 'phone' },
  { header: m.subject, value: 'subject' },
  { header: m.message, value: 'message' },
  { header: m.status, value: (r) => t.inbox.statuses[r.status] ?? r.status },
];
