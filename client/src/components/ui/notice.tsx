// A short information notice (role="note"): why a screen shows what it shows.
import { Info } from 'lucide-react';
import type { ReactNode } from 'react';

export function Notice({ children }: { children: ReactNode }) {
  return (
    <div
      role="note"
      className="mb-4 flex gap-2 rounded-md border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950"
    >
      <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <div>{children}</div>
    </div>
  );
}
