// Donor details for 80G receipts and Form 10BD, captured once: name as on PAN, address, and the
// identity document (PAN or Aadhaar, else another Form 10BD type). The number is kept in the
// database's vault; what comes back is masked. Staff use it too: for a member's account
// (`forUser`) or a walk-in donor without one (neither: a new donor row each time).
import { useState, type FormEvent } from 'react';
import { Field, Options } from '@/components/ui/field';
import { SubmitRow } from '@/components/ui/submit-row';
import { toastOutcome } from '@/components/ui/toast-outcome';
import { useSaveDonor, type Donor, type DonorValues } from '../api/money';
import { text } from '../text';

const ID_CODES = ['pan', 'aadhaar', 'passport', 'elector', 'driving_licence', 'ration_card', 'tin'];

const fromDonor = (d: Donor | null | undefined): DonorValues => ({
  name: d?.name ?? '',
  address: d?.address ?? '',
  city: d?.city ?? '',
  state: d?.state ?? '',
  pin_code: d?.pin_code ?? '',
  id_code: d?.id_code ?? 'pan',
  id_number: d?.id_masked ?? '',
});

export function DonorForm({
  donor,
  onSaved,
  forUser,
  heading = text.donor.heading,
  saveLabel = text.donor.save,
}: {
  donor: Donor | null | undefined;
  onSaved: (saved: Donor) => void;
  /** Staff: the member account whose details these are. */
  forUser?: string;
  heading?: string;
  saveLabel?: string;
}) {
  const [values, setValues] = useState<DonorValues>(() => fromDonor(donor));
  const [errors, setErrors] = useState<Partial<Record<keyof DonorValues, string>>>({});
  const save = useSaveDonor();
  const set = (key: keyof DonorValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!values.name.trim()) found.name = text.donor.required;
    if (!values.address.trim()) found.address = text.donor.required;
    if (!values.id_number.trim()) found.id_number = text.donor.required;
    if (values.pin_code && !/^[1-9][0-9]{5}$/.test(values.pin_code.trim()))
      found.pin_code = text.donor.pinInvalid;
    setErrors(found);
    if (Object.keys(found).length) return;
    await toastOutcome(
      async () =>
        onSaved(await save.mutateAsync({ ...values, ...(forUser ? { for_user: forUser } : {}) })),
      text.donor.saved,
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={heading} className="grid gap-4 sm:grid-cols-2">
      <Field label={text.donor.name} error={errors.name} required className="sm:col-span-2">
        <input autoComplete="name" value={values.name} onChange={set('name')} />
      </Field>
      <Field label={text.donor.address} error={errors.address} required className="sm:col-span-2">
        <input autoComplete="street-address" value={values.address} onChange={set('address')} />
      </Field>
      <Field label={text.donor.city}>
        <input autoComplete="address-level2" value={values.city} onChange={set('city')} />
      </Field>
      <Field label={text.donor.state}>
        <input autoComplete="address-level1" value={values.state} onChange={set('state')} />
      </Field>
      <Field label={text.donor.pinCode} error={errors.pin_code}>
        <input
          inputMode="numeric"
          autoComplete="postal-code"
          value={values.pin_code}
          onChange={set('pin_code')}
        />
      </Field>
      <Field label={text.donor.idCode}>
        <select value={values.id_code} onChange={set('id_code')}>
          <Options values={ID_CODES} labels={text.donor.idTypes} />
        </select>
      </Field>
      <Field
        label={text.donor.idNumber}
        error={errors.id_number}
        hint={donor ? text.donor.idNumberHint : undefined}
        required
        className="sm:col-span-2"
      >
        <input autoComplete="off" value={values.id_number} onChange={set('id_number')} />
      </Field>
      <SubmitRow pending={save.isPending} className="sm:col-span-2">
        {saveLabel}
      </SubmitRow>
    </form>
  );
}
