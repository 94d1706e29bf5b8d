// /admin/notifications: send an announcement (everyone or one audience; in-app and push), the
// history with delivery counts, and the contact form's messages (the staff inbox; the
// dashboard links here with ?tab=inbox). Both lists: search, filter, sort and page in the URL,
// exact counts, cards below 768 px, CSV export. The database decides who may do each.
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { useConfirm } from '@/components/confirm-dialog';
import { ResourceList, useResourceList } from '@/components/resource-list';
import { Button } from '@/components/ui/button';
import { Field, Options } from '@/components/ui/field';
import { ScreenTabs } from '@/components/ui/screen-tabs';
import { EmptyState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth';
import { ADMINS, type Role } from '@/lib/authorization';
import { adminText as t } from '../admin-text';
import { announcementPages, messagePages, useSendAnnouncement } from '../api/admin-notifications';
import { announcementColumns, announcementCsvColumns } from '../resources/announcements/columns';
import { announcementList, AUDIENCES } from '../resources/announcements/filters';
import { messageColumns, messageCsvColumns } from '../resources/messages/columns';
import { messageList } from '../resources/messages/filters';

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
            <Options values={AUDIENCES} labels={t.audiences} />
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

function History() {
  const list = useResourceList(announcementList, announcementPages.page);
  return (
    <ResourceList
      {...list}
      label={t.history.tableLabel}
      columns={announcementColumns()}
      empty={{ title: t.history.empty }}
      noMatch={{ title: t.history.noMatch }}
      export={{
        filename: t.history.exportName,
        columns: announcementCsvColumns(),
        label: t.history.exportCsv,
        rows: announcementPages.all,
      }}
    />
  );
}

function Inbox() {
  const list = useResourceList(messageList, messagePages.page);
  return (
    <ResourceList
      {...list}
      label={t.inbox.tableLabel}
      columns={messageColumns()}
      empty={{ title: t.inbox.empty }}
      export={{
        filename: t.inbox.exportName,
        columns: messageCsvColumns(),
        label: t.inbox.exportCsv,
        rows: messagePages.all,
      }}
    />
  );
}

const TABS = ['compose', 'history', 'inbox'] as const;

export function Component() {
  const auth = useAuth();
  const isAdmin = ADMINS.includes(auth.user?.type as Role);
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((k) => k === params.get('tab')) ?? 'compose';
  const go = (next: string) => setParams(next === 'compose' ? {} : { tab: next });
  return (
    <div>
      <ScreenTabs
        title={t.title}
        intro={t.intro}
        tabs={TABS.map((key) => ({ key, label: t.tabs[key] }))}
        active={tab}
        panel="panel-notifications"
        onSelect={go}
      />
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
