// /notifications/settings: push on this device (the spec §8 toasts and the Enabled / Blocked /
// Not Requested badge, from the PWA feature) and the kinds of notification the user wants
// (from the notifications feature), composed here.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, Page, PageHeader } from '@/components/ui/states';
import { PreferenceToggles } from '@/features/notifications/components/preference-toggles';
import { settingsText as t } from '@/features/notifications/settings-text';
import { enableNotifications, StatusBadge } from '@/features/pwa';
import { useAuth } from '@/lib/auth';

type Permission = 'default' | 'granted' | 'denied' | 'unsupported';
const permission = (): Permission =>
  'Notification' in window ? Notification.permission : 'unsupported';

export function Component() {
  const { session } = useAuth();
  const [state, setState] = useState<Permission>(permission);
  return (
    <Page>
      <div className="mx-auto max-w-2xl space-y-6">
        <PageHeader title={t.title}>{t.intro}</PageHeader>
        <Card>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="font-serif text-xl font-bold">{t.device}</h2>
            <StatusBadge state={state} />
          </div>
          <p className="mt-1 text-sm text-stone-700">{t.deviceBody}</p>
          {state === 'denied' ? (
            <p className="mt-3 text-sm text-red-800">{t.blockedHelp}</p>
          ) : (
            state !== 'granted' && (
              <Button
                className="mt-3"
                onClick={async () => {
                  await enableNotifications();
                  setState(permission());
                }}
              >
                {t.enable}
              </Button>
            )
          )}
        </Card>
        <Card>
          <h2 className="font-serif text-xl font-bold">{t.kindsTitle}</h2>
          <p className="mt-1 text-sm text-stone-700">{t.kindsBody}</p>
          <div className="mt-3">
            <PreferenceToggles userId={session?.user.id ?? ''} />
          </div>
        </Card>
      </div>
    </Page>
  );
}
