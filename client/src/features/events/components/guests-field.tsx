// How many guests come with the user (0 to 20): each takes a seat, on a registration as on the
// waitlist (the database counts 1 + guests against the capacity).
import { Field } from '@/components/ui/field';
import { text } from '../text';

export const MAX_GUESTS = 20;

export function GuestsField({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  return (
    <Field label={text.guestsLabel} hint={text.guestsHint} className="max-w-48">
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_GUESTS}
        value={value}
        onChange={(e) => {
          const n = Math.trunc(Number(e.target.value));
          onChange(Number.isFinite(n) ? Math.min(MAX_GUESTS, Math.max(0, n)) : 0);
        }}
      />
    </Field>
  );
}
