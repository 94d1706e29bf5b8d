// Refund a verified payment (admins): the reason, then public.refund_payment. The whole
// payment only; its receipt is cancelled keeping its number and the payer is told.
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { formatInr } from '@/lib/display-format';
import { useRefundPayment, type PaymentRow } from '../api/payments';
import { payer } from '../resources/payments/columns';
import { text } from '../text';

export function RefundDialog({ payment, onClose }: { payment: PaymentRow; onClose: () => void }) {
  const refund = useRefundPayment();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const why = reason.trim();
    if (!why || why.length > 500) {
      setError(text.refundReasonRequired);
      return;
    }
    setError(undefined);
    try {
      await refund.mutateAsync({ id: payment.id, reason: why });
      toast({ title: text.refunded, variant: 'success' });
      onClose();
    } catch {
      // Toasted by the query client.
    }
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-950/50" />
        <Dialog.Content className="fixed inset-x-2 top-4 z-40 mx-auto max-w-lg rounded-lg bg-white p-5 shadow-xl focus:outline-none sm:p-6">
          <div className="flex items-start justify-between gap-3">
            <div>
              <Dialog.Title className="font-serif text-xl font-bold">
                {text.refundTitle}
              </Dialog.Title>
              <Dialog.Description className="text-sm text-stone-700">
                {payer(payment)} · {formatInr(payment.amount)} — {text.refundIntro}
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" aria-label={text.close}>
                <X className="h-5 w-5" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <form noValidate className="mt-4 grid gap-4" onSubmit={submit}>
            <Field label={text.refundReason} error={error} required>
              <textarea rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
            </Field>
            <div>
              <Button type="submit" variant="danger" disabled={refund.isPending}>
                {text.refundConfirm}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
