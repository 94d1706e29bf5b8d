// An application's approval state as a badge (spec §4: pending, approved, rejected).
import { approvalLabel } from '@/lib/registration/text';

const TONE: Record<string, string> = {
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
  pending: 'bg-amber-100 text-amber-900',
};

export function StatusBadge({ status }: { status: string | null | undefined }) {
  return (
    <span
      data-testid="application-status"
      className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ${TONE[status ?? 'pending'] ?? TONE.pending}`}
    >
      {approvalLabel(status)}
    </span>
  );
}

/** 14 Aug 2026, or an em dash. */
export const shortDate = (value: string | null | undefined) =>
  value
    ? new Date(value.length === 10 ? `${value}T00:00:00` : value).toLocaleDateString('en-IN', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      })
    : '—';
