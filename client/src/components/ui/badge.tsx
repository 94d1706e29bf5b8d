// Small status labels for tables and cards (approval status, roles, published/draft).
import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-stone-100 text-stone-800 ring-stone-300',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  warning: 'bg-amber-50 text-amber-900 ring-amber-300',
  danger: 'bg-red-50 text-red-800 ring-red-300',
  info: 'bg-sky-50 text-sky-800 ring-sky-300',
};

/** The tone of a record status (pending, approved, rejected, inactive, published, draft…). */
export function statusTone(status: string | null | undefined): BadgeTone {
  switch (status) {
    case 'approved':
    case 'active':
    case 'published':
    case 'paid':
      return 'success';
    case 'pending':
    case 'draft':
      return 'warning';
    case 'rejected':
    case 'cancelled':
    case 'failed':
      return 'danger';
    default:
      return 'neutral';
  }
}

/** A pill with text (colour is never the only cue: the text says it). */
export function Badge({
  tone = 'neutral',
  children,
  testId,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  /** data-testid of the pill (browser tests read a status by it). */
  testId?: string;
}) {
  return (
    <span
      data-testid={testId}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
