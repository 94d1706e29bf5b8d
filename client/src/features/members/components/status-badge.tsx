// A member's status (spec §4: Check, Yes, No) as a coloured badge with words, never colour alone.
import { adminText as text } from '../text';

const STYLES: Record<string, string> = {
  Check: 'bg-amber-100 text-amber-900 ring-amber-300',
  Yes: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  No: 'bg-red-100 text-red-900 ring-red-300',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STYLES[status] ?? 'bg-stone-100 text-stone-800 ring-stone-300'}`}
    >
      {text.statusLabels[status] ?? status}
    </span>
  );
}
