// An application's decision buttons (students, matrimony profiles): Approve unless approved,
// Reject unless rejected, both disabled while a decision is being saved. Each asks first
// (a rejection as a destructive action) and says when the decision is saved.
import { Check, X } from 'lucide-react';
import { useConfirm } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';

export type Decision = 'approved' | 'rejected';

/** The feature's words for the buttons, the confirmations and the toasts. */
export interface DecisionWords {
  approve: string;
  reject: string;
  approveTitle: string;
  rejectTitle: string;
  approveBody: string;
  rejectBody: string;
  cancel: string;
  approved: string;
  rejected: string;
}

export function DecisionButtons({
  status,
  pending,
  decide,
  onDecided,
  labels: text,
}: {
  status: string;
  pending: boolean;
  /** Saves the decision (usually `mutation.mutateAsync`); a failure is the query client's toast. */
  decide: (decision: Decision) => Promise<unknown>;
  onDecided?: () => void;
  labels: DecisionWords;
}) {
  const confirm = useConfirm();
  async function onDecide(decision: Decision) {
    const approve = decision === 'approved';
    const ok = await confirm({
      title: approve ? text.approveTitle : text.rejectTitle,
      description: approve ? text.approveBody : text.rejectBody,
      confirmLabel: approve ? text.approve : text.reject,
      cancelLabel: text.cancel,
      destructive: !approve,
    });
    if (!ok) return;
    try {
      await decide(decision);
      toast({ title: approve ? text.approved : text.rejected, variant: 'success' });
      onDecided?.();
    } catch {
      // Toasted by the query client.
    }
  }
  return (
    <>
      {status !== 'approved' && (
        <Button onClick={() => void onDecide('approved')} disabled={pending}>
          <Check className="h-4 w-4" aria-hidden /> {text.approve}
        </Button>
      )}
      {status !== 'rejected' && (
        <Button variant="secondary" onClick={() => void onDecide('rejected')} disabled={pending}>
          <X className="h-4 w-4" aria-hidden /> {text.reject}
        </Button>
      )}
    </>
  );
}
