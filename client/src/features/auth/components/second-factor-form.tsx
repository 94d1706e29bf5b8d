// The second step of a staff sign-in: the code of the authenticator app, verified against the
// user's factor; the session becomes aal2.
import type { Session } from '@havyaka/sdk';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { sdk } from '@/lib/sdk';
import { text } from '../text';
import { digitsOnly, pasteDigits } from './code-form';

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
      <Field label={text.secondFactorCode}>
        <input
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          value={code}
          onChange={(e) => setCode(digitsOnly(e.target.value))}
          onPaste={pasteDigits(setCode)}
          className="text-center text-2xl tracking-[0.5em]"
        />
      </Field>
      {error && (
        <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={busy || code.length !== 6}>
        {submitLabel}
      </Button>
    </form>
  );
}
