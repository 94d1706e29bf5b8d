// A labelled text box whose value lives in the screen's state (a form outside the form kit).
import type { ComponentProps } from 'react';
import { Field } from './field';

type FieldProps = Omit<ComponentProps<typeof Field>, 'children'>;
type InputProps = Omit<ComponentProps<'input'>, keyof FieldProps | 'value' | 'onChange'>;

/**
 * `Field` around an `<input>` bound to a state: `<TextBox label={text.email} type="email"
 * value={email} onValue={setEmail} />`. `label`, `error`, `hint`, `required`, `id` and
 * `className` (the wrapper's) are Field's; every other prop is the input's.
 */
export function TextBox({
  value,
  onValue,
  ...props
}: FieldProps & InputProps & { value: string; onValue: (value: string) => void }) {
  const { label, error, hint, required, id, className, ...input } = props;
  const field = { label, error, hint, required, id, className };
  return (
    <Field {...field}>
      <input {...input} value={value} onChange={(e) => onValue(e.target.value)} />
    </Field>
  );
}
