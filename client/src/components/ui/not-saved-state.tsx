// What a screen shows offline for a query with nothing saved on the device (issue 40): a plain
// sentence instead of a placeholder that would load for ever. Not in the first paint's
// JavaScript (query-state.tsx loads it).
import { offlineText as t } from './offline-text';

export function NotSavedState() {
  return (
    <div
      role="status"
      data-testid="not-saved"
      className="rounded-lg border border-stone-300 bg-stone-50 p-6 text-center"
    >
      <p className="font-semibold text-stone-900">{t.notSavedTitle}</p>
      <p className="mt-1 text-sm text-stone-700">{t.notSavedBody}</p>
    </div>
  );
}
