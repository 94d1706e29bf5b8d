// The trust's details staff keep: shown on /donate and printed on receipts issued from now on
// (each receipt keeps what it was issued with). The database checks PAN, IFSC and UPI ID.
import { useState, type FormEvent } from 'react';
import { SubmitRow } from '@/components/ui/submit-row';
import { Field } from '@/components/ui/field';
import { toastOutcome } from '@/components/ui/toast-outcome';
import { useSaveTrust, type TrustFinance } from '../api/money';
import { text } from '../text';

const t = text.trust;

const FIELDS = [
  ['trust_name', t.trustName, 'text'],
  ['trust_name_kn', t.trustNameKn, 'text'],
  ['address', t.address, 'text'],
  ['pan', t.pan, 'text'],
  ['urn_80g', t.urn, 'text'],
  ['urn_80g_issued_on', t.urnIssued, 'date'],
  ['urn_80g_valid_from', t.urnFrom, 'date'],
  ['urn_80g_valid_until', t.urnUntil, 'date'],
  ['bank_account_name', t.accountName, 'text'],
  ['bank_account_number', t.accountNumber, 'text'],
  ['bank_name', t.bankName, 'text'],
  ['bank_branch', t.branch, 'text'],
  ['ifsc', t.ifsc, 'text'],
  ['upi_id', t.upiId, 'text'],
  ['upi_payee_name', t.upiName, 'text'],
  ['receipt_prefix', t.prefix, 'text'],
  ['signatory', t.signatory, 'text'],
] as const;
type Key = (typeof FIELDS)[number][0];

export function TrustDetailsForm({ trust }: { trust: TrustFinance }) {
  const [values, setValues] = useState<Record<Key, string>>(
    () =>
      Object.fromEntries(FIELDS.map(([k]) => [k, (trust[k] as string | null) ?? ''])) as Record<
        Key,
        string
      >,
  );
  const save = useSaveTrust();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changes = Object.fromEntries(
      FIELDS.map(([k]) => {
        const v = values[k].trim();
        const upper = k === 'pan' || k === 'ifsc' || k === 'receipt_prefix';
        return [
          k,
          v === ''
            ? k === 'trust_name' || k === 'address'
              ? v
              : null
            : upper
              ? v.toUpperCase()
              : v,
        ];
      }),
    ) as Partial<TrustFinance>;
    await toastOutcome(() => save.mutateAsync(changes), t.saved);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t.heading} className="grid gap-4 sm:grid-cols-2">
      <h3 className="font-semibold sm:col-span-2">{t.heading}</h3>
      <p className="text-sm text-stone-700 sm:col-span-2">{t.intro}</p>
      {FIELDS.map(([key, label, type]) => (
        <Field key={key} label={label} className={key === 'address' ? 'sm:col-span-2' : ''}>
          <input
            type={type}
            value={values[key]}
            onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
          />
        </Field>
      ))}
      <SubmitRow pending={save.isPending} className="sm:col-span-2">
        {t.save}
      </SubmitRow>
    </form>
  );
}
