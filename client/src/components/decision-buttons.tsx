// An application's decision buttons (students, matrimony profiles): Approve unless approved,
// Reject unless rejected, both disabled while a decision is being saved.
import { Check, X } from 'lucide-react';
import { Button } from '@/components/ui/button';

export type Decision = 'approved' | 'rejected';

export function DecisionButtons({
  status,
  pending,
  onDecide,
  labels,
}: {
  status: string;
  pending: boolean;
  onDecide: (decision: Decision) => void;
  labels: { approve: string; reject: string };
}) {
  return (
    <>
      {status !== 'approved' && (
        <Button onClick={() => onDecide('approved')} disabled={pending}>
          <Check className="h-4 w-4" aria-hidden /> {labels.approve}
        </Button>
      )}
      {status !== 'rejected' && (
        <Button variant="secondary" onClick={() => onDecide('rejected')} disabled={pending}>
          <X className="h-4 w-4" aria-hidden /> {labels.reject}
        </Button>
      )}
    </>
  );
}
