// The second step of a staff sign-in: the code of the authenticator app, verified against the
// user's factor; the session becomes aal2.
import type { Session } from '@havyaka/sdk';
import { useState, type FormEvent } from 'react';
import { sdk } from '@/lib/sdk';
import { text } from '../text';
import { CodeInput, FormEnd } from './form-parts';

export function SecondFactorForm({
  factorId,
  onVerified,
  submitLabel = text.secondFactorVerify,
}: {
  factorId: string;
  onVerified: (session: Session) => Promise<void>;
  submitLabel?: string;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    const { data, error: verifyError } = await sdk().auth.mfa.challengeAndVerify({
      factorId,
      code,
    });
    if (verifyError || !data) {
      setBusy(false);
      setCode('');
      setError(text.secondFactorBad);
      return;
    }
    await onVerified(data);
    setBusy(false);
  };

  return (
    <form onSubmit={verify} noValidate className="space-y-4">
      <CodeInput label={text.secondFactorCode} code={code} onChange={setCode} />
      <FormEnd error={error} disabled={busy || code.length !== 6}>
        {submitLabel}
      </FormEnd>
    </form>
  );
}
