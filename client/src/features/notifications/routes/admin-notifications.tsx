// /admin/notifications: send an announcement (everyone or one audience; in-app and push), the
// history with delivery counts, and the contact form's messages (the staff inbox; the
// dashboard links here with ?tab=inbox). Both lists: search, filter, sort and page in the URL,
// exact counts, cards below 768 px, CSV export. The database decides who may do each.
import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { useConfirm } from '@/components/confirm-dialog';
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
  tableQueryProps,
  tableSortProps,
} from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { controlClass, Field } from '@/components/ui/field';
import { EmptyState } from '@/components/ui/states';
import { toast, toastWhenDone } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth';
import { ADMINS, type Role } from '@/lib/authorization';
import { formatDate } from '@/lib/images';
import { adminText as t } from '../admin-text';
import {
  AUDIENCES,
  fetchAnnouncementsExport,
  fetchInboxExport,
  HISTORY_FILTER_DEFAULTS,
  INBOX_FILTER_DEFAULTS,
  MESSAGE_STATUSES,
  NEWEST_FIRST,
  useAnnouncements,
  useInbox,
  useSendAnnouncement,
  useSetMessageStatus,
  type AnnouncementWithCounts,
  type ContactMessage,
  type HistoryFilters,
  type InboxFilters,
} from '../api/admin-notifications';
import { announcementCsvColumns, messageCsvColumns } from '../lib/admin-csv';

const schema = z.object({
  title: z.string().trim().min(1, t.messages.titleRequired).max(200, t.messages.titleMax),
  message: z.string().trim().min(1, t.messages.messageRequired).max(2000, t.messages.messageMax),
  audience: z.enum(AUDIENCES),
  link: z
    .string()
    .trim()
    .refine((v) => v === '' || /^(https?:\/\/|\/)\S+$/.test(v), t.messages.link),
});
type Values = z.infer<typeof schema>;

function Compose({ onSent }: { onSent: () => void }) {
  const send = useSendAnnouncement();
  const confirm = useConfirm();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { title: '', message: '', audience: 'everyone', link: '' },
  });
  const submit = handleSubmit(async (v) => {
    const ok = await confirm({
      title: t.confirmSend(t.audiences[v.audience].toLowerCase()),
      description: t.confirmSendBody,
      confirmLabel: t.send,
    });
    if (!ok) return;
    try {
      const sent = await send.mutateAsync({ ...v, link: v.link || undefined });
      toast({ title: t.sent(sent.recipients), variant: 'success' });
      reset();
      onSent();
    } catch {
      // the query client has shown the error
    }
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t.tabs.compose}
      className="max-w-2xl space-y-4 rounded-lg border border-stone-200 bg-white p-4 sm:p-6"
    >
      <Field label={t.fields.title} error={errors.title?.message}>
        <input {...register('title')} />
      </Field>
      <Field label={t.fields.message} error={errors.message?.message}>
        <textarea rows={4} {...register('message')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t.fields.audience}>
          <select {...register('audience')}>
            {AUDIENCES.map((a) => (
              <option key={a} value={a}>
                {t.audiences[a]}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t.fields.link} error={errors.link?.message} hint={t.fields.linkHint}>
          <input {...register('link')} placeholder="/events" />
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={send.isPending}>
          <Send className="h-4 w-4" aria-hidden /> {send.isPending ? t.sending : t.send}
        </Button>
      </div>
    </form>
  );
}

const when = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
const hc = columnHelper<AnnouncementWithCounts>();
const historyColumns: DataTableColumn<AnnouncementWithCounts>[] = [
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

function History() {
  const state = useTableUrlState<HistoryFilters>({
    defaults: HISTORY_FILTER_DEFAULTS,
    sort: NEWEST_FIRST,
  });
  const list = useAnnouncements(state.key);
  return (
    <DataTable
      label={t.history.tableLabel}
      columns={historyColumns}
      {...tableQueryProps(list)}
      getRowId={(a) => a.id}
      emptyTitle={state.isFiltered ? t.history.noMatch : t.history.empty}
      {...tableSortProps(state)}
      toolbar={
        <FilterBar
          state={state}
          actions={
            <ExportCsvButton
              filename={t.history.exportName()}
              columns={announcementCsvColumns}
              label={t.history.exportCsv}
              rows={() => fetchAnnouncementsExport(state.view)}
            />
          }
        >
          <SearchFilter
            state={state}
            label={t.history.search}
            placeholder={t.history.searchPlaceholder}
          />
          <SelectFilter
            state={state}
            name="audience"
            label={t.history.audience}
            allLabel={t.history.allAudiences}
            options={labelledOptions(AUDIENCES, t.audiences)}
          />
        </FilterBar>
      }
      footer={<Pagination {...paginationProps(state, list.data?.count)} />}
    />
  );
}

function MessageStatus({ m }: { m: ContactMessage }) {
  const set = useSetMessageStatus();
  return (
    <select
      aria-label={t.inbox.statusOf(m.subject)}
      className={`${controlClass} !w-auto !py-1 text-sm`}
      value={m.status}
      disabled={set.isPending}
      onChange={(e) =>
        void toastWhenDone(set.mutateAsync({ id: m.id, status: e.target.value }), t.inbox.updated)
      }
    >
      {MESSAGE_STATUSES.map((s) => (
        <option key={s} value={s}>
          {t.inbox.statuses[s]}
        </option>
      ))}
    </select>
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
const inboxColumns: DataTableColumn<ContactMessage>[] = [
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

function Inbox() {
  const state = useTableUrlState<InboxFilters>({
    defaults: INBOX_FILTER_DEFAULTS,
    sort: NEWEST_FIRST,
  });
  const list = useInbox(state.key);
  return (
    <DataTable
      label={t.inbox.tableLabel}
      columns={inboxColumns}
      {...tableQueryProps(list)}
      getRowId={(m) => m.id}
      emptyTitle={t.inbox.empty}
      {...tableSortProps(state)}
      toolbar={
        <FilterBar
          state={state}
          actions={
            <ExportCsvButton
              filename={t.inbox.exportName()}
              columns={messageCsvColumns}
              label={t.inbox.exportCsv}
              rows={() => fetchInboxExport(state.view)}
            />
          }
        >
          <SearchFilter
            state={state}
            label={t.inbox.search}
            placeholder={t.inbox.searchPlaceholder}
          />
          <SelectFilter
            state={state}
            name="status"
            label={t.inbox.show}
            allLabel={null}
            options={[
              ...labelledOptions(MESSAGE_STATUSES, t.inbox.statuses),
              { value: 'all', label: t.inbox.all },
            ]}
          />
        </FilterBar>
      }
      footer={<Pagination {...paginationProps(state, list.data?.count)} />}
    />
  );
}

const TABS = ['compose', 'history', 'inbox'] as const;

export function Component() {
  const auth = useAuth();
  const isAdmin = ADMINS.includes(auth.user?.type as Role);
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? params.get('tab')!
    : 'compose';
  const go = (next: string) => setParams(next === 'compose' ? {} : { tab: next });
  const tabClass = (active: boolean) =>
    `min-h-11 border-b-2 px-4 py-2 text-sm font-semibold ${active ? 'border-orange-800 text-orange-900' : 'border-transparent text-stone-600 hover:text-stone-900'}`;
  return (
    <div>
      <header className="mb-4">
        <h1 className="font-serif text-2xl font-bold sm:text-3xl">{t.title}</h1>
        <p className="mt-1 text-stone-700">{t.intro}</p>
      </header>
      <div
        role="tablist"
        aria-label={t.title}
        className="mb-6 flex flex-wrap gap-2 border-b border-stone-200"
      >
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`tab-${k}`}
            aria-selected={tab === k}
            aria-controls="panel-notifications"
            className={tabClass(tab === k)}
            onClick={() => go(k)}
          >
            {t.tabs[k]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="panel-notifications" aria-labelledby={`tab-${tab}`}>
        {tab === 'compose' ? (
          <Compose onSent={() => go('history')} />
        ) : tab === 'history' ? (
          <History />
        ) : isAdmin ? (
          <Inbox />
        ) : (
          <EmptyState title={t.inbox.adminsOnly} />
        )}
      </div>
    </div>
  );
}
