// Whether a CSS media query matches, following changes (false where matchMedia is missing).
import { useCallback, useSyncExternalStore } from 'react';

/** True while `query` matches (e.g. '(min-width: 768px)'). */
export function useMediaQuery(query: string, fallback = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = globalThis.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => globalThis.matchMedia?.(query).matches ?? fallback,
    () => fallback,
  );
}
