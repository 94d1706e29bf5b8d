// Record a payment received in person (cash, cheque, UPI): a dialog with the form.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { SubmitRow } from '@/components/ui/submit-row';
import { Field, Options } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast';
import { isEmail, messages } from '@/lib/validation/validators';
import { useRecordPayment } from '../api/payments';
import { OFFLINE_METHODS, PAYMENT_TYPES } from '../lib/payment-filters';
import { text } from '../text';

export const offlinePaymentSchema = z.object({
  payment_type: z.enum(PAYMENT_TYPES),
  amount: z
    .string()
    .trim()
    .min(1, messages.required(text.names.amount))
    .refine(
      (v) => /^\d+(\.\d{1,2})?$/.test(v) && Number(v) > 0 && Number(v) <= 100_000_000,
      text.amountInvalid,
    ),
  payment_method: z.enum(OFFLINE_METHODS),
  transaction_reference: z
    .string()
    .trim()
    .max(200, messages.max(text.names.transaction_reference, 200)),
  payer_name: z.string().trim().min(1, messages.required(text.names.payer_name)).max(200),
  payer_email: z
    .string()
    .trim()
    .refine((v) => v === '' || isEmail(v), messages.email),
  member: z
    .string()
    .trim()
    .refine((v) => v === '' || /^HWT-\d{5}$/i.test(v), messages.pattern(text.names.member)),
  notes: z.string().trim().max(2000, messages.max(text.names.notes, 2000)),
});
type Values = z.infer<typeof offlinePaymentSchema>;

export function RecordPaymentDialog({ by, onClose }: { by: string; onClose: () => void }) {
  const record = useRecordPayment();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(offlinePaymentSchema),
    defaultValues: {
      payment_type: 'membership',
      amount: '',
      payment_method: 'cash',
      transaction_reference: '',
      payer_name: '',
      payer_email: '',
      member: '',
      notes: '',
    },
  });
  const f = text.fields;

  return (
    <Modal
      title={text.recordTitle}
      description={text.recordIntro}
      aside={
        <Link
          to="/admin/finance?tab=record"
          className="text-sm font-semibold text-orange-800 hover:underline"
        >
          {text.cashWithDonor}
        </Link>
      }
      closeLabel={text.close}
      onClose={onClose}
      className="max-h-[calc(100vh-2rem)] max-w-2xl overflow-y-auto"
    >
      <form
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-2"
        onSubmit={handleSubmit(async (v) => {
          try {
            await record.mutateAsync({ values: { ...v, amount: Number(v.amount) }, by });
            toast({ title: text.recorded, variant: 'success' });
            onClose();
          } catch {
            // Toasted by the query client.
          }
        })}
      >
        <Field label={f.payment_type} error={errors.payment_type?.message}>
          <select {...register('payment_type')}>
            <Options values={PAYMENT_TYPES} labels={text.typeLabels} />
          </select>
        </Field>
        <Field label={`${f.amount} *`} error={errors.amount?.message}>
          <input inputMode="decimal" {...register('amount')} />
        </Field>
        <Field label={f.payment_method} error={errors.payment_method?.message}>
          <select {...register('payment_method')}>
            <Options values={OFFLINE_METHODS} labels={text.methodLabels} />
          </select>
        </Field>
        <Field label={f.transaction_reference} error={errors.transaction_reference?.message}>
          <input {...register('transaction_reference')} />
        </Field>
        <Field label={`${f.payer_name} *`} error={errors.payer_name?.message}>
          <input {...register('payer_name')} />
        </Field>
        <Field label={f.payer_email} error={errors.payer_email?.message}>
          <input type="email" {...register('payer_email')} />
        </Field>
        <Field label={f.member} error={errors.member?.message} hint={text.memberHint}>
          <input {...register('member')} />
        </Field>
        <Field label={f.notes} error={errors.notes?.message}>
          <input {...register('notes')} />
        </Field>
        <SubmitRow pending={record.isPending} className="sm:col-span-2">
          {text.save}
        </SubmitRow>
      </form>
    </Modal>
  );
}
