// The loading placeholder: a few pulsing blocks the height of what is coming (states.tsx
// re-exports it; the home page imports it from here, so its first paint needs nothing else).
import { uiText } from './text';

export function LoadingState({
  label = uiText.loading,
  rows = 3,
  height = 'h-20',
}: {
  label?: string;
  rows?: number;
  /** A height close to the content's, so nothing jumps when it arrives. */
  height?: string;
}) {
  return (
    <div role="status" aria-live="polite" className="space-y-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={`${height} animate-pulse rounded-lg bg-stone-200/70`} aria-hidden />
      ))}
    </div>
  );
}
