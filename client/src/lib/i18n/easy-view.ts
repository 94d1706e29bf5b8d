// Easy view (ಸುಲಭ ನೋಟ): larger text, targets of at least 44 px, stronger contrast, underlined
// links and no motion, as `data-easy` on <html> (index.css). index.html's inline script sets it
// before the first paint from the device's memory; the account's choice follows at sign-in.
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
export const easyViewOn = () => document.documentElement.hasAttribute('data-easy');

export function applyEasyView(on: boolean) {
  document.documentElement.toggleAttribute('data-easy', on);
  try {
    localStorage.setItem('easy', on ? '1' : '0');
  } catch {
    // private mode: the choice lasts this visit
  }
  listeners.forEach((l) => l());
}

export function useEasyView(): boolean {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, easyViewOn);
}
