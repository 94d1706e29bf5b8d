// A labelled form field: the label, the control (its first child gets the id and the error
// description), and the message. The form kit (components/form) builds its fields on it.
import {
  Children,
  cloneElement,
  isValidElement,
  useId,
  type ReactElement,
  type ReactNode,
} from 'react';

export const controlClass =
  'block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-orange-700 focus:outline-2 focus:outline-orange-700 aria-invalid:border-red-600';

export function Field({
  label,
  error,
  hint,
  children,
  className = '',
  id: givenId,
  required = false,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
  className?: string;
  /** The control's id (default: generated), e.g. for an error summary's links. */
  id?: string;
  /** Marks the label with an asterisk and the control with aria-required. */
  required?: boolean;
}) {
  const generated = useId();
  const id = givenId ?? generated;
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null]
    .filter(Boolean)
    .join(' ');
  const child = Children.only(children);
  const control = isValidElement(child)
    ? cloneElement(child as ReactElement<Record<string, unknown>>, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described || undefined,
        'aria-required': required || undefined,
        className: `${controlClass} ${(child.props as { className?: string }).className ?? ''}`,
      })
    : child;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-stone-800">
        {label}
        {required && <RequiredMark />}
      </label>
      {control}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

/** The asterisk after a required field's label (the control says so with aria-required). */
export function RequiredMark() {
  return (
    <span className="ml-0.5 text-red-700" aria-hidden>
      *
    </span>
  );
}

/**
 * A field's hint and error under its control, with the ids its `aria-describedby` names
 * (`{id}-hint`, `{id}-error`); `indent` lines them up with a label beside a checkbox.
 */
export function FieldMessages({
  id,
  hint,
  error,
  indent = '',
}: {
  id: string;
  hint?: string;
  error?: string;
  indent?: string;
}) {
  const at = indent ? `mt-1 ${indent}` : 'mt-1';
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className={`${at} text-xs text-stone-600`}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={`${at} text-sm text-red-700`}>
          {error}
        </p>
      )}
    </>
  );
}

/** A select's options from value and label pairs (`disabled` greys one out). */
export function OptionList({
  options,
}: {
  options: readonly { value: string; label: string; disabled?: boolean }[];
}) {
  return options.map((o) => (
    <option key={o.value} value={o.value} disabled={o.disabled}>
      {o.label}
    </option>
  ));
}

/** A select's options: each value, shown by its label (the value itself when it has none). */
export function Options({
  values,
  labels,
}: {
  values: readonly string[];
  labels: Readonly<Record<string, string>>;
}) {
  return <OptionList options={values.map((value) => ({ value, label: labels[value] ?? value }))} />;
}
