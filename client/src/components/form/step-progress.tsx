// The progress of a form in steps: "Step n of N: title", a progress bar, and the list of steps
// (from 768 px) with the current one marked.
import { text } from './text';

export function StepProgress({
  titles,
  current,
}: {
  titles: readonly string[];
  /** Zero-based. */
  current: number;
}) {
  const label = text.stepOf(current + 1, titles.length);
  return (
    <nav aria-label={text.progress} className="mb-6">
      <p className="text-sm font-semibold text-stone-700" data-testid="step-counter">
        {label}: {titles[current]}
      </p>
      <div
        role="progressbar"
        aria-valuemin={1}
        aria-valuemax={titles.length}
        aria-valuenow={current + 1}
        aria-label={label}
        className="mt-2 h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className="h-full bg-orange-800 transition-[width]"
          style={{ width: `${((current + 1) / titles.length) * 100}%` }}
        />
      </div>
      <ol className="mt-3 hidden flex-wrap gap-2 text-xs text-stone-600 md:flex">
        {titles.map((title, i) => (
          <li
            key={title}
            aria-current={i === current ? 'step' : undefined}
            className={`rounded-full px-2 py-1 ${i === current ? 'bg-orange-100 font-semibold text-orange-900' : i < current ? 'bg-emerald-50 text-emerald-900' : 'bg-stone-100'}`}
          >
            {i + 1}. {title}
          </li>
        ))}
      </ol>
    </nav>
  );
}
