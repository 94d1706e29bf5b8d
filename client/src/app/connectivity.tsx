// Connectivity (spec §4, §8): a banner while offline, and a toast on each change.
import { WifiOff } from '@/components/ui/icons';
import { useEffect, useSyncExternalStore } from 'react';
import { toast } from '@/components/ui/toast';

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
        title: "You're offline",
        description: 'Some features may not work properly. Please check your connection.',
        variant: 'destructive',
        duration: Infinity,
      });
    const online = () =>
      toast({
        title: 'Connection Restored',
        description: 'Your connection has been restored.',
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
        <strong>Connection Lost.</strong> You&apos;re offline: some features may not work until the
        connection returns.
      </span>
    </div>
  );
}
