// The submit button's states (spec §4): idle, loading, success (back to idle after 3 s),
// error (back after 5 s).
import { Check, Loader2, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { buttonClass } from './button';

export type SubmitState = 'idle' | 'loading' | 'success' | 'error';
export const SUCCESS_RESET_MS = 3_000;
export const ERROR_RESET_MS = 5_000;

export function useSubmitState() {
  const [state, setState] = useState<SubmitState>('idle');
  useEffect(() => {
    if (state !== 'success' && state !== 'error') return;
    const timer = setTimeout(
      () => setState('idle'),
      state === 'success' ? SUCCESS_RESET_MS : ERROR_RESET_MS,
    );
    return () => clearTimeout(timer);
  }, [state]);
  const run = useCallback(async (work: () => Promise<void>) => {
    setState('loading');
    try {
      await work();
      setState('success');
    } catch (error) {
      setState('error');
      throw error;
    }
  }, []);
  return { state, setState, run };
}

export function SubmitButton({
  state,
  labels,
  className = '',
}: {
  state: SubmitState;
  labels: Record<SubmitState, string>;
  className?: string;
}) {
  const variant = state === 'error' ? 'danger' : 'primary';
  return (
    <button
      type="submit"
      disabled={state === 'loading'}
      aria-live="polite"
      data-state={state}
      className={buttonClass(
        variant,
        `${state === 'success' ? '!bg-emerald-700' : ''} ${className}`,
      )}
    >
      {state === 'loading' && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
      {state === 'success' && <Check className="h-4 w-4" aria-hidden />}
      {state === 'error' && <X className="h-4 w-4" aria-hidden />}
      {labels[state]}
    </button>
  );
}
