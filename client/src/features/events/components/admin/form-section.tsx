import type { ReactNode } from 'react';

/** One titled section of a staff form (a labelled region for screen readers). */
export function FormSection({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {hint && <p className="mt-1 text-sm text-stone-600">{hint}</p>}
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}
