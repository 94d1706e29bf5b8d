// /admin/notifications: send an announcement (everyone or one audience; in-app and push), the
// history with delivery counts, and the contact form's messages (the staff inbox; the
// dashboard links here with ?tab=inbox). The database decides who may do each.
import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { useConfirm } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { controlClass, Field } from '@/components/ui/field';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth';
import { ADMINS, type Role } from '@/lib/authorization';
import { dataMessage } from '@/lib/errors';
import { formatDate } from '@/lib/images';
import { adminText as t } from '../admin-text';
import {
  AUDIENCES,
  MESSAGE_STATUSES,
  useAnnouncements,
  useInbox,
  useSendAnnouncement,
  useSetMessageStatus,
} from '../api/admin-notifications';

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

function History() {
  const list = useAnnouncements();
  if (list.isPending) return <LoadingState rows={3} height="h-16" />;
  if (list.isError)
    return (
      <ErrorState
        title={t.history.loadError}
        message={dataMessage(list.error)}
        onRetry={() => void list.refetch()}
      />
    );
  if (list.data.length === 0) return <EmptyState title={t.history.empty} />;
  return (
    <ul className="space-y-2" data-testid="announcements">
      {list.data.map((a) => (
        <li key={a.id} className="rounded-lg border border-stone-200 bg-white p-4">
          <p className="font-semibold">{a.title}</p>
          <p className="mt-1 text-sm text-stone-800">{a.message}</p>
          <p className="mt-2 text-xs text-stone-600">
            {formatDate(a.created_at, { dateStyle: 'medium', timeStyle: 'short' })} ·{' '}
            {t.audiences[a.audience]} · {t.history.recipients(a.recipients)} ·{' '}
            {t.history.pushes(a.queued, a.sent, a.failed)}
          </p>
        </li>
      ))}
    </ul>
  );
}

function Inbox() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? 'new';
  const list = useInbox(status === 'all' ? '' : status);
  const set = useSetMessageStatus();
  return (
    <div className="space-y-4">
      <label className="block max-w-xs">
        <span className="mb-1 block text-sm font-semibold">{t.inbox.show}</span>
        <select
          className={controlClass}
          value={status}
          onChange={(e) => {
            const p = new URLSearchParams(params);
            p.set('status', e.target.value);
            setParams(p, { replace: true });
          }}
        >
          {MESSAGE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t.inbox.statuses[s]}
            </option>
          ))}
          <option value="all">{t.inbox.all}</option>
        </select>
      </label>
      {list.isPending ? (
        <LoadingState rows={3} height="h-20" />
      ) : list.isError ? (
        <ErrorState
          title={t.inbox.loadError}
          message={dataMessage(list.error)}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.length === 0 ? (
        <EmptyState title={t.inbox.empty} />
      ) : (
        <ul className="space-y-2" data-testid="contact-inbox">
          {list.data.map((m) => {
            const name = [m.first_name, m.last_name].filter(Boolean).join(' ');
            return (
              <li key={m.id} className="rounded-lg border border-stone-200 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-semibold">{m.subject}</p>
                    <p className="text-sm break-all text-stone-600">
                      {t.inbox.from(name, m.email)}
                      {m.phone ? ` · ${m.phone}` : ''} ·{' '}
                      {formatDate(m.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    <a
                      className="inline-flex min-h-9 items-center gap-1 rounded-md border border-stone-300 px-3 text-sm font-semibold hover:bg-stone-100"
                      href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}
                      onClick={() =>
                        m.status === 'new' && set.mutate({ id: m.id, status: 'replied' })
                      }
                    >
                      <Mail className="h-4 w-4" aria-hidden /> {t.inbox.reply}
                    </a>
                    <select
                      aria-label={t.inbox.statusOf(m.subject)}
                      className={`${controlClass} !w-auto !py-1 text-sm`}
                      value={m.status}
                      onChange={(e) =>
                        set.mutate(
                          { id: m.id, status: e.target.value },
                          {
                            onSuccess: () => toast({ title: t.inbox.updated, variant: 'success' }),
                          },
                        )
                      }
                    >
                      {MESSAGE_STATUSES.map((s) => (
                        <option key={s} value={s}>
                          {t.inbox.statuses[s]}
                        </option>
                      ))}
                    </select>
                  </div>
                </div>
                <p className="mt-2 text-sm whitespace-pre-line text-stone-800">{m.message}</p>
              </li>
            );
          })}
        </ul>
      )}
    </div>
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
