// An application's approval as a badge with words.
import { adminText as text } from '../admin-text';

const STYLES: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-300',
  approved: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  rejected: 'bg-red-100 text-red-900 ring-red-300',
};

export function ApprovalBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STYLES[status] ?? 'bg-stone-100 ring-stone-300'}`}
    >
      {text.approvalLabels[status] ?? status}
    </span>
  );
}
