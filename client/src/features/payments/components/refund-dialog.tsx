// Refund a verified payment (admins): the reason, then public.refund_payment. The whole
// payment only; its receipt is cancelled keeping its number and the payer is told.
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
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
    <Modal
      title={text.refundTitle}
      description={
        <>
          {payer(payment)} · {formatInr(payment.amount)} — {text.refundIntro}
        </>
      }
      closeLabel={text.close}
      onClose={onClose}
    >
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
    </Modal>
  );
}
