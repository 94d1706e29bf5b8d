// /events/my-calendar: the member's personal calendar feed (the events they registered for,
// kept current by their calendar app): the secret link to copy, a webcal:// link that opens
// the phone's calendar, a new link (the old one stops) or none, and how to add it on Android /
// Google, iPhone and Outlook.
import { Copy, RefreshCw, Smartphone, XCircle } from 'lucide-react';
import { ConfirmButton } from '@/components/confirm-button';
import { Button, buttonClass } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { loaded } from '@/components/ui/query-state';
import { Card, Page, PageHeader } from '@/components/ui/states';
import { LoadingState } from '@/components/ui/states';
import { toast, toastWhenDone } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth';
import { apiUrl, sdkKey } from '@/lib/sdk';
import { useCalendarFeed, useCalendarFeedAction } from '../api/calendar-feed';
import { feedText as t } from '../feed-text';
import { feedUrls } from '../lib/calendar-links';

function Steps({ title, steps }: { title: string; steps: readonly string[] }) {
  return (
    <section className="space-y-1">
      <h3 className="font-semibold">{title}</h3>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-stone-800">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}

async function copy(value: string) {
  try {
    await navigator.clipboard.writeText(value);
    toast({ title: t.copied, description: t.copiedBody, variant: 'success' });
  } catch {
    toast({ title: t.copyFailed, variant: 'destructive' });
  }
}

export function Component() {
  const auth = useAuth();
  const userId = auth.session?.user.id;
  const feed = useCalendarFeed(userId);
  const act = useCalendarFeedAction(userId);
  const ready = loaded(feed, {
    loading: <LoadingState rows={2} />,
    errorTitle: t.loadError,
    errorMessage: t.loadError,
  });
  const urls = ready.ok && ready.data ? feedUrls(apiUrl(), ready.data.token, sdkKey()) : null;
  return (
    <Page>
      <div className="mx-auto max-w-2xl space-y-6">
        <PageHeader title={t.title}>{t.intro}</PageHeader>
        <Card>
          {!ready.ok ? (
            ready.fallback
          ) : !urls ? (
            <div className="space-y-3">
              <p className="text-stone-700">{t.none}</p>
              <Button
                disabled={act.isPending}
                onClick={() => void toastWhenDone(act.mutateAsync('make'), t.made)}
              >
                {t.make}
              </Button>
            </div>
          ) : (
            <div className="space-y-4" data-testid="calendar-feed">
              <Field label={t.linkLabel} hint={t.linkHint}>
                <input
                  readOnly
                  value={urls.https}
                  onFocus={(e) => e.currentTarget.select()}
                  className="font-mono text-sm"
                />
              </Field>
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => void copy(urls.https)}>
                  <Copy className="h-4 w-4" aria-hidden /> {t.copy}
                </Button>
                <a className={buttonClass('secondary')} href={urls.webcal}>
                  <Smartphone className="h-4 w-4" aria-hidden /> {t.openInApp}
                </a>
              </div>
              <div className="flex flex-wrap gap-2 border-t border-stone-100 pt-4">
                <ConfirmButton
                  variant="secondary"
                  confirm={{ title: t.renewConfirm, confirmLabel: t.renew }}
                  action={() => act.mutateAsync('make')}
                  done={t.renewed}
                >
                  <RefreshCw className="h-4 w-4" aria-hidden /> {t.renew}
                </ConfirmButton>
                <ConfirmButton
                  variant="secondary"
                  className="text-red-700"
                  confirm={{ title: t.revokeConfirm, confirmLabel: t.revoke }}
                  action={() => act.mutateAsync('revoke')}
                  done={t.revoked}
                >
                  <XCircle className="h-4 w-4" aria-hidden /> {t.revoke}
                </ConfirmButton>
              </div>
            </div>
          )}
        </Card>
        <Card>
          <h2 className="mb-3 font-serif text-xl font-bold">{t.howTo}</h2>
          <div className="space-y-4">
            <Steps {...t.android} />
            <Steps {...t.iphone} />
            <Steps {...t.outlook} />
            <p className="text-sm text-stone-600">{t.updates}</p>
          </div>
        </Card>
      </div>
    </Page>
  );
}
