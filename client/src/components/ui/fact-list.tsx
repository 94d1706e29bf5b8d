// A record's facts as a list of terms and values, two columns from 640 px: a summary of an
// application or a profile.
import type { ReactNode } from 'react';

export function FactList({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {rows.map(([k, v]) => (
        <div key={k} className="min-w-0">
          <dt className="font-semibold text-stone-700">{k}</dt>
          <dd className="break-words">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
