// The notification opt-in card (spec §2): after 5 s, if permission is undecided and the card
// was not dismissed before; a status badge; subscribing through the SDK's push helper.
import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PromptActions, PromptCard } from './prompt-card';
import { toast } from '@/components/ui/toast';
import { sdk } from '@/lib/sdk';
import { readLocal, writeLocal } from '@/lib/storage';
import { text } from '../text';

export const PROMPT_DELAY_MS = 5_000;
export const WELCOME_CLOSE_MS = 3_000;
export const PROMPT_DISMISSED = 'havyaka:notification-prompt-dismissed';

type Permission = 'default' | 'granted' | 'denied' | 'unsupported';
const permission = (): Permission =>
  'Notification' in window ? Notification.permission : 'unsupported';

export function StatusBadge({ state }: { state: Permission }) {
  const [label, style] =
    state === 'granted'
      ? [text.notifications.enabled, 'bg-emerald-100 text-emerald-900']
      : state === 'denied'
        ? [text.notifications.blocked, 'bg-red-100 text-red-900']
        : [text.notifications.notRequested, 'bg-stone-100 text-stone-800'];
  return (
    <span
      className={`rounded px-2 py-0.5 text-xs font-semibold ${style}`}
      data-testid="notification-status"
    >
      {text.notifications.status}: {label}
    </span>
  );
}

/** Asks for permission and subscribes; every outcome is a toast (spec §8). */
export async function enableNotifications(): Promise<boolean> {
  const t = text.notifications;
  if (!('Notification' in window)) {
    toast({ title: t.notSupported, description: t.notSupportedBody, variant: 'destructive' });
    return false;
  }
  if (!('serviceWorker' in navigator)) {
    toast({ title: t.swNotSupported, description: t.swNotSupportedBody, variant: 'destructive' });
    return false;
  }
  const result = await Notification.requestPermission();
  if (result === 'denied') {
    toast({ title: t.blockedTitle, description: t.blockedBody, variant: 'destructive' });
    return false;
  }
  if (result !== 'granted') {
    toast({ title: t.cancelled, description: t.cancelledBody });
    return false;
  }
  try {
    const registration = await navigator.serviceWorker.ready;
    const { error } = await sdk().push.subscribe(registration);
    if (error) throw error;
    toast({ title: t.enabledTitle, description: t.enabledBody, variant: 'success' });
    const shown = await registration
      .showNotification(t.welcome, {
        body: t.welcomeBody,
        tag: 'welcome',
        icon: '/icons/icon-192.png',
      })
      .then(() => registration.getNotifications({ tag: 'welcome' }))
      .catch(() => []);
    setTimeout(() => shown.forEach((n) => n.close()), WELCOME_CLOSE_MS);
    return true;
  } catch {
    toast({ title: t.error, description: t.errorBody, variant: 'destructive' });
    return false;
  }
}

export function NotificationPrompt({ paused = false }: { paused?: boolean }) {
  const [visible, setVisible] = useState(false);
  const [state, setState] = useState<Permission>(permission);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (paused || permission() !== 'default' || readLocal(PROMPT_DISMISSED, false)) return;
    const timer = setTimeout(() => setVisible(true), PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [paused]);
  if (!visible) return null;
  const close = () => {
    writeLocal(PROMPT_DISMISSED, true);
    setVisible(false);
  };
  return (
    <PromptCard
      aria-labelledby="notify-title"
      bottom="bottom-4"
      data-testid="notification-prompt"
      icon={<BellRing className="h-6 w-6 shrink-0 text-orange-800" aria-hidden />}
    >
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <p id="notify-title" className="font-semibold">
            {text.notifications.title}
          </p>
          <StatusBadge state={state} />
        </div>
        <p className="mt-1 text-sm text-stone-700">{text.notifications.body}</p>
        <PromptActions
          accept={text.notifications.enable}
          busy={busy}
          onAccept={async () => {
            setBusy(true);
            const ok = await enableNotifications();
            setBusy(false);
            setState(permission());
            if (ok) close();
          }}
          dismiss={text.notifications.dismiss}
          onDismiss={close}
        />
      </div>
    </PromptCard>
  );
}
