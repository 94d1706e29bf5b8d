// Connectivity (spec §4, §8): a banner while offline, and a toast on each change. Loaded as a
// chunk of its own as soon as the shell renders (root-layout.tsx): none of it is needed for the
// first paint, and the service worker keeps it for when the network is gone.
import { WifiOff } from '@/components/ui/icons';
import { useEffect, useSyncExternalStore } from 'react';
import { toast } from '@/components/ui/toast';
import { connectivityText as t } from './connectivity-text';

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );

export function useConnectivityToasts() {
  useEffect(() => {
    const offline = () =>
      toast({
        title: t.offlineTitle,
        description: t.offlineBody,
        variant: 'destructive',
        duration: Infinity,
      });
    const online = () =>
      toast({
        title: t.onlineTitle,
        description: t.onlineBody,
        variant: 'success',
      });
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);
}

export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="alert"
      data-testid="offline-banner"
      className="sticky top-0 z-[60] flex items-center justify-center gap-2 bg-stone-900 px-4 py-2 text-sm text-white"
    >
      <WifiOff className="h-4 w-4" aria-hidden />
      <span>
        <strong>{t.offlineBannerTitle}</strong> {t.offlineBannerBody}
      </span>
    </div>
  );
}

/** The banner and the toasts together: what the root layout mounts. */
export default function Connectivity() {
  useConnectivityToasts();
  return <OfflineBanner />;
}
