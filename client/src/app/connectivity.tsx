// Connectivity (spec §4, §8): a banner while offline, and a toast on each change; and the toasts
// for unhandled errors. Loaded as a chunk of its own as soon as the shell renders (root-layout.tsx):
// none of it is needed for the first paint, and the service worker keeps it for when the network is gone.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { WifiOff } from '@/components/ui/icons';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { toast } from '@/components/ui/toast';
import { formatDateTime } from '@/lib/display-format';
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

type WindowListeners = { [K in keyof WindowEventMap]?: (event: WindowEventMap[K]) => void };

/** Listens to the window's events while the component is mounted. */
function useWindowListeners(listeners: WindowListeners) {
  useEffect(() => {
    const entries = Object.entries(listeners) as [string, EventListener][];
    for (const [type, listener] of entries) window.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of entries) window.removeEventListener(type, listener);
    };
  }, [listeners]);
}

const connectivityListeners: WindowListeners = {
  offline: () =>
    toast({
      title: t.offlineTitle,
      description: t.offlineBody,
      variant: 'destructive',
      duration: Infinity,
    }),
  online: () =>
    toast({
      title: t.onlineTitle,
      description: t.onlineBody,
      variant: 'success',
    }),
};

export function useConnectivityToasts() {
  useWindowListeners(connectivityListeners);
}

/** When the oldest answer on screen was fetched (ms), or null when none is shown. */
export function oldestShownAnswer(client: QueryClient): number | null {
  let oldest: number | null = null;
  for (const query of client.getQueryCache().getAll()) {
    if (!query.isActive() || query.state.data === undefined) continue;
    const at = query.state.dataUpdatedAt;
    if (at > 0 && (oldest === null || at < oldest)) oldest = at;
  }
  return oldest;
}

function useOldestShownAnswer(): number | null {
  const client = useQueryClient();
  const subscribe = useCallback(
    (listener: () => void) => client.getQueryCache().subscribe(listener),
    [client],
  );
  return useSyncExternalStore(subscribe, () => oldestShownAnswer(client));
}

export function OfflineBanner() {
  const online = useOnline();
  const savedAt = useOldestShownAnswer();
  if (online) return null;
  return (
    <div
      role="alert"
      data-testid="offline-banner"
      className="sticky top-0 z-[60] flex items-center justify-center gap-2 bg-stone-900 px-4 py-2 text-sm text-white"
    >
      <WifiOff className="h-4 w-4" aria-hidden />
      <span>
        <strong>{t.offlineBannerTitle}</strong>{' '}
        {savedAt === null
          ? t.offlineBannerBody
          : t.offlineSavedBody(formatDateTime(new Date(savedAt).toISOString()))}
      </span>
    </div>
  );
}

/** A toast for an unhandled promise rejection or script error (from this chunk's arrival on:
 *  none is needed before the first paint). */
export function useGlobalErrorHandlers() {
  useWindowListeners(errorListeners);
}

const errorListeners: WindowListeners = {
  unhandledrejection: () =>
    toast({
      title: t.rejectionTitle,
      description: t.rejectionBody,
      variant: 'destructive',
    }),
  error: (event) => {
    // Resource load failures (images) are not script errors.
    if (!event.error && !event.message) return;
    toast({
      title: t.scriptErrorTitle,
      description: t.scriptErrorBody,
      variant: 'destructive',
    });
  },
};

/** The banner and the toasts together: what the root layout mounts. */
export default function Connectivity() {
  useConnectivityToasts();
  useGlobalErrorHandlers();
  return <OfflineBanner />;
}
