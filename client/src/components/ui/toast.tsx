// The one toast system: a single slot, so one toast shows at a time (a new one replaces it).
// Announced politely (assertive for destructive ones) to screen readers.
import { X } from './icons';
import { useEffect, useSyncExternalStore } from 'react';
import { easyViewOn } from '@/lib/i18n/easy-view';
import { uiText } from './text';

export type ToastVariant = 'default' | 'success' | 'destructive';
export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; Infinity stays open until dismissed or replaced. Default 5000. */
  duration?: number;
}
export interface Toast extends ToastInput {
  id: number;
}

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: ToastInput): number {
  current = { duration: 5000, variant: 'default', ...input, id: nextId++ };
  emit();
  return current.id;
}

/**
 * A success toast once `work` (usually `mutation.mutateAsync(…)`) resolves; a rejection is left
 * to the query client, which has already shown it. Unlike mutate()'s callbacks this still runs
 * after the calling row unmounts (a filtered list drops the row it changed; a deleted row goes).
 */
export function toastWhenDone(
  work: Promise<unknown>,
  title: string,
  description?: string,
): Promise<void> {
  return work.then(
    () => void toast({ title, description, variant: 'success' }),
    () => undefined,
  );
}

export function dismissToast(id?: number) {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = null;
  emit();
}

export function currentToast(): Toast | null {
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToast(): Toast | null {
  return useSyncExternalStore(subscribe, currentToast, () => null);
}

const STYLES: Record<ToastVariant, string> = {
  default: 'border-stone-300 bg-white text-stone-900',
  success: 'border-emerald-600 bg-emerald-50 text-emerald-950',
  destructive: 'border-red-700 bg-red-700 text-white',
};

export function Toaster() {
  const t = useToast();
  useEffect(() => {
    // Easy view: no time limit (WCAG 2.2.1): a toast stays until closed or replaced.
    if (!t || t.duration === Infinity || easyViewOn()) return;
    const timer = setTimeout(() => dismissToast(t.id), t.duration);
    return () => clearTimeout(timer);
  }, [t]);
  return (
    <div
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[70] flex justify-center px-4 sm:justify-end"
      aria-live={t?.variant === 'destructive' ? 'assertive' : 'polite'}
      role="status"
    >
      {t && (
        <div
          key={t.id}
          data-testid="toast"
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg ${STYLES[t.variant ?? 'default']}`}
        >
          <div className="flex-1">
            <p className="font-semibold">{t.title}</p>
            {t.description && <p className="mt-1 text-sm opacity-90">{t.description}</p>}
          </div>
          <button
            type="button"
            onClick={() => dismissToast(t.id)}
            className="rounded p-1 hover:bg-black/10 focus-visible:outline-2"
            aria-label={uiText.dismissToast}
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      )}
    </div>
  );
}
