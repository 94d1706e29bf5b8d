// "Sign in with a code": an e-mail address (or, where the server texts codes, a mobile number)
// gets a six-digit code; typing or pasting it signs in. The code field takes the browser's
// one-time-code autofill and keeps only the digits of what is pasted.
import type { Session } from '@havyaka/sdk';
import { useState, type FormEvent } from 'react';
import { TextBox } from '@/components/ui/text-box';
import { dataMessage } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import { emailSchema } from '@/lib/validation/validators';
import { text } from '../text';
import { CodeInput, FormEnd } from './form-parts';

type Channel = 'email' | 'phone';

export function CodeForm({
  phoneEnabled,
  onSignedIn,
}: {
  phoneEnabled: boolean;
  onSignedIn: (session: Session) => Promise<void>;
}) {
  const [channel, setChannel] = useState<Channel>('email');
  const [address, setAddress] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    setError(null);
    const value = address.trim();
    if (channel === 'email' && !emailSchema.safeParse(value).success) {
      setError(emailSchema.safeParse(value).error?.issues[0]?.message ?? null);
      return;
    }
    setBusy(true);
    const credentials =
      channel === 'email'
        ? {
            email: value,
            options: {
              shouldCreateUser: false,
              emailRedirectTo: `${window.location.origin}/login`,
            },
          }
        : { phone: value, options: { shouldCreateUser: false } };
    const { error: sendError } = await sdk().auth.signInWithOtp(credentials);
    setBusy(false);
    if (sendError) {
      const wait = sendError.message.match(/after (\d+) seconds/);
      setError(wait ? text.waitBeforeResend(Number(wait[1])) : dataMessage(sendError));
      return;
    }
    setSentTo(value);
    setCode('');
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) return;
    setError(null);
    setBusy(true);
    const { data, error: verifyError } = await sdk().auth.verifyOtp(
      channel === 'email'
        ? { email: sentTo, token: code, type: 'email' }
        : { phone: sentTo, token: code, type: 'sms' },
    );
    if (verifyError || !data.session) {
      setBusy(false);
      setError(verifyError?.status === 403 ? text.badCode : dataMessage(verifyError));
      return;
    }
    await onSignedIn(data.session);
    setBusy(false);
  };

  if (!sentTo) {
    return (
      <form onSubmit={send} noValidate className="space-y-4">
        <p className="text-sm text-stone-700">
          {phoneEnabled ? text.codeIntroPhone : text.codeIntro}
        </p>
        {phoneEnabled && (
          <fieldset className="flex gap-4 text-sm">
            <legend className="sr-only">{text.withCode}</legend>
            {(['email', 'phone'] as const).map((c) => (
              <label key={c} className="flex items-center gap-1">
                <input
                  type="radio"
                  name="channel"
                  checked={channel === c}
                  onChange={() => setChannel(c)}
                />
                {c === 'email' ? text.byEmail : text.byPhone}
              </label>
            ))}
          </fieldset>
        )}
        {channel === 'email' ? (
          <TextBox
            label={text.email}
            type="email"
            autoComplete="email"
            value={address}
            onValue={setAddress}
          />
        ) : (
          <TextBox
            label={text.mobile}
            hint={text.mobileHint}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            value={address}
            onValue={setAddress}
          />
        )}
        <FormEnd error={error} disabled={busy}>
          {busy ? text.sendingCode : text.sendCode}
        </FormEnd>
      </form>
    );
  }
  return (
    <form onSubmit={verify} noValidate className="space-y-4">
      <p role="status" className="text-sm text-stone-700">
        {channel === 'email' ? text.codeSentEmail(sentTo) : text.codeSentPhone(sentTo)}
      </p>
      <CodeInput label={text.code} hint={text.codeHint} code={code} onChange={setCode} />
      <FormEnd error={error} disabled={busy || code.length !== 6}>
        {busy ? text.verifyingCode : text.verifyCode}
      </FormEnd>
      <div className="flex justify-between text-sm">
        <button
          type="button"
          className="font-semibold text-orange-800 underline"
          onClick={() => void send()}
        >
          {text.sendAgain}
        </button>
        <button
          type="button"
          className="font-semibold text-orange-800 underline"
          onClick={() => setSentTo(null)}
        >
          {text.otherAddress}
        </button>
      </div>
    </form>
  );
}
