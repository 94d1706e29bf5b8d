// What the sign-in forms share: the six-digit code input and a form's last lines (what went
// wrong, then the full-width submit button).
import type { ClipboardEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';

/** Keeps the digits of a typed or pasted code, six at most. */
export const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** A paste into a code field keeps the code's digits, whatever came around them ("Your code
 *  is 123 456."): the whole pasted text is read, not what the field's length would let in. */
export const pasteDigits =
  (setCode: (code: string) => void) => (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!pasted) return;
    event.preventDefault();
    setCode(digitsOnly(pasted));
  };

/** A one-time code (email, SMS or authenticator app), digits only. */
export function CodeInput({
  label,
  hint,
  code,
  onChange,
}: {
  label: string;
  hint?: string;
  code: string;
  onChange: (code: string) => void;
}) {
  return (
    <Field label={label} hint={hint}>
      <input
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        value={code}
        onChange={(e) => onChange(digitsOnly(e.target.value))}
        onPaste={pasteDigits(onChange)}
        className="text-center text-2xl tracking-[0.5em]"
      />
    </Field>
  );
}

/** The error of the last attempt, if any, and the submit button. */
export function FormEnd({
  error,
  disabled,
  children,
}: {
  error: string | null;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <>
      {error && (
        <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={disabled}>
        {children}
      </Button>
    </>
  );
}
