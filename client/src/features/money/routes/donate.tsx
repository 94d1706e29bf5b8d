// /donate: the trust's bank account, IFSC and UPI ID (from the trust's details staff keep), and
// for a signed-in payer a UPI payment — a donation for a purpose of the trust's list, or their
// membership fee — with a QR code, an "Open UPI app" link carrying our reference, and the UTR or
// screenshot that follows. Donor details for 80G are asked once.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { QrCode } from '@/components/qr-code';
import { Button, ButtonLink } from '@/components/ui/button';
import { SubmitRow } from '@/components/ui/submit-row';
import { Field, OptionList } from '@/components/ui/field';
import { TextBox } from '@/components/ui/text-box';
import { Card, Page, PageHeader } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth';
import { formatInr } from '@/lib/display-format';
import { errorToast } from '@/lib/errors';
import {
  uploadProof,
  useMembershipFees,
  useOwnDonor,
  usePurposes,
  useStartPayment,
  useSubmitProof,
  useTrustFinance,
  type Payment,
  type TrustFinance,
  purposeOptions,
} from '../api/money';
import { DonorForm } from '../components/donor-form';
import { upiLink } from '../lib/upi';
import { text } from '../text';

const t = text.donate;

function BankDetails({ trust }: { trust: TrustFinance | undefined }) {
  if (!trust?.bank_account_number && !trust?.upi_id) return <p>{t.noBankDetails}</p>;
  const rows: [string, string | null | undefined][] = [
    [t.accountName, trust.bank_account_name ?? trust.trust_name],
    [t.accountNumber, trust.bank_account_number],
    [t.bank, [trust.bank_name, trust.bank_branch].filter(Boolean).join(', ')],
    [t.ifsc, trust.ifsc],
    [t.upiId, trust.upi_id],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1" data-testid="bank-details">
      {rows
        .filter(([, v]) => v)
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-stone-700">{label}</dt>
            <dd className="font-mono">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

function PayForm({
  trust,
  onStarted,
}: {
  trust: TrustFinance;
  onStarted: (p: Payment, note: string) => void;
}) {
  const purposes = usePurposes();
  const fees = useMembershipFees();
  const start = useStartPayment();
  const [kind, setKind] = useState<'donation' | 'membership'>('donation');
  const [purpose, setPurpose] = useState('general');
  const [amount, setAmount] = useState('');
  const [memberType, setMemberType] = useState('life');
  const [error, setError] = useState<string>();
  const fee = fees.data?.find((f) => f.member_type === memberType);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const rupees = Number(amount);
    if (kind === 'donation' && (!/^\d+$/.test(amount.trim()) || rupees < 1)) {
      setError(t.amountInvalid);
      return;
    }
    setError(undefined);
    try {
      const payment = await start.mutateAsync(
        kind === 'donation'
          ? { payment_type: 'donation', amount: rupees, purpose }
          : { payment_type: 'membership', member_type: memberType },
      );
      const label = purposes.data?.find((p) => p.code === purpose)?.label ?? purpose;
      onStarted(
        payment,
        kind === 'donation' ? text.pay.noteDonation(label) : text.pay.noteMembership,
      );
    } catch (e) {
      toast({ ...errorToast(e), variant: 'destructive' });
    }
  };

  if (!trust.upi_id) return <p>{t.noUpi}</p>;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t.payHeading}
      className="grid gap-4 sm:grid-cols-2"
    >
      <fieldset className="sm:col-span-2">
        <legend className="mb-1 text-sm font-semibold text-stone-800">{t.kind}</legend>
        <div className="flex flex-wrap gap-4">
          {(['donation', 'membership'] as const).map((k) => (
            <label key={k} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="kind"
                value={k}
                checked={kind === k}
                onChange={() => setKind(k)}
              />
              {k === 'donation' ? t.kindDonation : t.kindMembership}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === 'donation' ? (
        <>
          <Field label={t.purpose}>
            <select value={purpose} onChange={(e) => setPurpose(e.target.value)}>
              <OptionList options={purposeOptions(purposes.data)} />
            </select>
          </Field>
          <TextBox
            label={t.amount}
            error={error}
            required
            inputMode="numeric"
            value={amount}
            onValue={setAmount}
          />
        </>
      ) : (
        <Field label={t.memberType} hint={fee ? t.fee(formatInr(fee.amount)) : undefined}>
          <select value={memberType} onChange={(e) => setMemberType(e.target.value)}>
            {fees.data?.map((f) => (
              <option key={f.member_type} value={f.member_type}>
                {f.label} — {formatInr(f.amount)}
              </option>
            ))}
          </select>
        </Field>
      )}
      <SubmitRow pending={start.isPending} className="sm:col-span-2">
        {t.start}
      </SubmitRow>
    </form>
  );
}

function UpiPayment({
  trust,
  payment,
  note,
  userId,
  onDone,
}: {
  trust: TrustFinance;
  payment: Payment;
  note: string;
  userId: string;
  onDone: () => void;
}) {
  const link = upiLink({
    payee: trust.upi_id!,
    payeeName: trust.upi_payee_name ?? trust.trust_name,
    amount: Number(payment.amount),
    note,
    reference: payment.reference!,
  });
  const submitProof = useSubmitProof();
  const [utr, setUtr] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const clean = utr.replace(/[\s-]/g, '').toUpperCase();
    if (clean && !/^[0-9A-Z]{6,35}$/.test(clean)) {
      setError(text.pay.utrInvalid);
      return;
    }
    if (!clean && !file) {
      setError(text.pay.utrInvalid);
      return;
    }
    setError(undefined);
    try {
      const proof_path = file ? await uploadProof(userId, payment.id, file) : undefined;
      await submitProof.mutateAsync({
        payment_id: payment.id,
        utr: clean || undefined,
        proof_path,
      });
      toast({ title: text.pay.submitted, description: text.pay.submittedBody, variant: 'success' });
      onDone();
    } catch (e) {
      toast({ ...errorToast(e), variant: 'destructive' });
    }
  };

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div className="text-center">
        <h3 className="mb-2 font-semibold">{text.pay.heading}</h3>
        {/* Loaded only when a payment shows it (never with the rest of /donate). */}
        <QrCode
          value={link}
          label={text.pay.qrAlt(formatInr(payment.amount))}
          border={2}
          data-testid="upi-qr"
          data-link={link}
          className="mx-auto h-56 w-56 bg-white p-2 [&>svg]:h-full [&>svg]:w-full"
        />
        <p className="mt-2 text-sm text-stone-700">{text.pay.scan}</p>
        <a
          href={link}
          className="mt-3 inline-flex min-h-11 items-center rounded-md bg-orange-800 px-4 py-2 font-semibold text-white md:hidden"
        >
          {text.pay.open}
        </a>
        <p className="mt-3 hidden md:block">
          <a href={link} className="text-orange-900 underline">
            {text.pay.open}
          </a>
        </p>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 text-left text-sm">
          <dt className="font-semibold">{text.pay.payee}</dt>
          <dd>{trust.upi_id}</dd>
          <dt className="font-semibold">{text.pay.amount}</dt>
          <dd data-testid="pay-amount">{formatInr(payment.amount)}</dd>
          <dt className="font-semibold">{text.pay.reference}</dt>
          <dd className="font-mono" data-testid="pay-reference">
            {payment.reference}
          </dd>
        </dl>
      </div>
      <form
        onSubmit={submit}
        noValidate
        aria-label={text.pay.thenHeading}
        className="grid content-start gap-4"
      >
        <h3 className="font-semibold">{text.pay.thenHeading}</h3>
        <p className="text-sm text-stone-700">{text.pay.thenBody}</p>
        <TextBox
          label={text.pay.utr}
          error={error}
          inputMode="numeric"
          autoComplete="off"
          value={utr}
          onValue={setUtr}
        />
        <Field label={text.pay.screenshot}>
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp,application/pdf"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </Field>
        <SubmitRow pending={submitProof.isPending}>{text.pay.submit}</SubmitRow>
      </form>
    </div>
  );
}

function PaySection({ trust }: { trust: TrustFinance }) {
  const auth = useAuth();
  const userId = auth.user?.id;
  const donor = useOwnDonor(userId);
  const [editing, setEditing] = useState(false);
  const [skipped, setSkipped] = useState(false);
  const [started, setStarted] = useState<{ payment: Payment; note: string } | null>(null);
  const [done, setDone] = useState(false);

  if (!userId) {
    return (
      <p>
        {t.signInToPay}{' '}
        <Link
          to="/login"
          state={{ from: '/donate' }}
          className="font-semibold text-orange-900 underline"
        >
          {t.signIn}
        </Link>
      </p>
    );
  }
  if (done) {
    return (
      <div className="grid gap-3" role="status">
        <p className="font-semibold">{text.pay.submitted}</p>
        <p>{text.pay.submittedBody}</p>
        <div className="flex flex-wrap gap-3">
          <ButtonLink to="/account/payments">{text.pay.myPayments}</ButtonLink>
          <Button
            variant="secondary"
            onClick={() => {
              setStarted(null);
              setDone(false);
            }}
          >
            {text.pay.another}
          </Button>
        </div>
      </div>
    );
  }
  if (started) {
    return <UpiPayment trust={trust} userId={userId} {...started} onDone={() => setDone(true)} />;
  }
  const needsDetails = !donor.data && !skipped;
  return (
    <div className="grid gap-6">
      <section aria-label={text.donor.heading}>
        <h3 className="mb-1 font-semibold">{text.donor.heading}</h3>
        {donor.data && !editing ? (
          <p>
            {text.donor.savedAs(donor.data.name, donor.data.id_masked)}{' '}
            <Button variant="ghost" onClick={() => setEditing(true)}>
              {text.donor.edit}
            </Button>
          </p>
        ) : donor.isLoading ? null : (
          <>
            <p className="mb-3 text-sm text-stone-700">{text.donor.intro}</p>
            <DonorForm donor={donor.data} onSaved={() => setEditing(false)} />
            {needsDetails && (
              <Button variant="ghost" className="mt-2" onClick={() => setSkipped(true)}>
                {text.donor.skip}
              </Button>
            )}
          </>
        )}
      </section>
      {!needsDetails && !editing && (
        <PayForm trust={trust} onStarted={(payment, note) => setStarted({ payment, note })} />
      )}
    </div>
  );
}

export function Component() {
  const trust = useTrustFinance();
  return (
    <Page>
      <PageHeader title={t.title}>{t.intro}</PageHeader>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <h2 className="mb-3 text-lg font-bold">{t.payHeading}</h2>
          {trust.data ? <PaySection trust={trust.data} /> : null}
        </Card>
        <div className="grid content-start gap-6">
          <Card>
            <h2 className="mb-3 text-lg font-bold">{t.bankHeading}</h2>
            <BankDetails trust={trust.data} />
          </Card>
          <Card>
            <h2 className="mb-2 text-lg font-bold">{t.taxHeading}</h2>
            <p className="text-sm">{t.taxBody}</p>
          </Card>
          <Card>
            <h2 className="mb-2 text-lg font-bold">{t.kindHeading}</h2>
            <p className="text-sm">{t.kindBody}</p>
          </Card>
        </div>
      </div>
    </Page>
  );
}
