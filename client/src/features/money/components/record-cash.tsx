// Staff record cash, a cheque or a gift in kind received in person: the donor first (a member,
// a saved donor or a walk-in entered once: DonorPicker), then the payment. It is recorded as
// received, so the receipt is issued at once (app.issue_receipt) on the donor's details.
import { useState, type FormEvent } from 'react';
import { SubmitRow } from '@/components/ui/submit-row';
import { Field, OptionList, Options } from '@/components/ui/field';
import { TextBox } from '@/components/ui/text-box';
import { toastOutcome } from '@/components/ui/toast-outcome';
import { purposeOptions, usePurposes, useRecordCash, type CashPayment } from '../api/money';
import { text } from '../text';
import { MoneyTool } from './money-tool';
import { DonorPicker, type PickedDonor } from './donor-picker';

const t = text.record;
const METHODS = ['cash', 'cheque', 'kind'] as const;

export function RecordCash() {
  const purposes = usePurposes();
  const record = useRecordCash();
  const [donor, setDonor] = useState<PickedDonor | null>(null);
  const [type, setType] = useState<CashPayment['payment_type']>('donation');
  const [method, setMethod] = useState<CashPayment['payment_method']>('cash');
  const [amount, setAmount] = useState('');
  const [purpose, setPurpose] = useState('general');
  const [reference, setReference] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ donor?: string; amount?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!donor) found.donor = t.needDonor;
    if (!/^\d{1,9}$/.test(amount.trim()) || Number(amount) <= 0) found.amount = t.amountInvalid;
    setErrors(found);
    if (!donor || Object.keys(found).length) return;
    if (
      await toastOutcome(
        () =>
          record.mutateAsync({
            payment_type: type,
            amount: Number(amount),
            payment_method: method,
            purpose: type === 'donation' ? purpose : null,
            transaction_reference: reference.trim() || null,
            member_id: donor.memberId,
            user_id: donor.userId,
            donor_id: donor.donor?.id ?? null,
            payer_name: donor.name,
            payer_email: email.trim().toLowerCase() || donor.email,
          }),
        t.saved,
      )
    ) {
      setDonor(null);
      setAmount('');
      setReference('');
      setEmail('');
    }
  };

  return (
    <MoneyTool heading={t.heading} intro={t.intro}>
      <section aria-label={text.picker.label} className="grid gap-2">
        <h4 className="font-semibold">{text.picker.label}</h4>
        <DonorPicker value={donor} onChange={setDonor} />
        {errors.donor && <p className="text-sm text-red-800">{errors.donor}</p>}
      </section>
      <form
        onSubmit={submit}
        noValidate
        aria-label={t.heading}
        className="grid gap-4 sm:grid-cols-2"
      >
        <Field label={t.type}>
          <select
            value={type}
            onChange={(e) => setType(e.target.value as CashPayment['payment_type'])}
          >
            <Options values={['donation', 'membership'] as const} labels={text.typeLabels} />
          </select>
        </Field>
        <Field label={t.method}>
          <select
            value={method}
            onChange={(e) => setMethod(e.target.value as CashPayment['payment_method'])}
          >
            <Options values={METHODS} labels={text.modeLabels} />
          </select>
        </Field>
        <TextBox
          label={t.amount}
          error={errors.amount}
          required
          inputMode="numeric"
          value={amount}
          onValue={setAmount}
        />
        {type === 'donation' && (
          <Field label={t.purpose}>
            <select value={purpose} onChange={(e) => setPurpose(e.target.value)}>
              <OptionList options={purposeOptions(purposes.data)} />
            </select>
          </Field>
        )}
        <TextBox label={t.chequeNo} value={reference} onValue={setReference} />
        <TextBox label={t.email} type="email" value={email} onValue={setEmail} />
        <SubmitRow pending={record.isPending} className="sm:col-span-2">
          {t.save}
        </SubmitRow>
      </form>
    </MoneyTool>
  );
}
