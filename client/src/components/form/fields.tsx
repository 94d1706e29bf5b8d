// The form kit's fields, bound by `name` to the enclosing <Form>: label, control, hint and the
// field's error message (from the zod schema), built on components/ui/field.
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { get, useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import {
  controlClass,
  Field,
  FieldMessages,
  OptionList,
  RequiredMark,
} from '@/components/ui/field';
import { useRegisterField } from './context';
import { text } from './text';

/** What every field takes. */
export interface BaseFieldProps {
  /** The value's path in the form (e.g. 'email', 'address.city'). */
  name: string;
  label: string;
  hint?: string;
  /** Shows the required marker (the schema still decides). */
  required?: boolean;
  className?: string;
}

/** The field's id (registered for the error summary) and its current error message. */
function useFieldBits(name: string, label: string, id?: string) {
  const generated = useId();
  const fieldId = id ?? generated;
  useRegisterField(name, fieldId, label);
  const { errors } = useFormState({ name });
  const message = (get(errors, name) as { message?: string } | undefined)?.message;
  return { id: fieldId, error: message };
}

/** What a bound field passes to Field: the bits above and the props it was given. */
function useFieldProps({ name, label, hint, required, className }: BaseFieldProps, id?: string) {
  return { ...useFieldBits(name, label, id), label, hint, required, className };
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'className' | 'required'>;

/** A text input (type text, email, tel, url, password, search). */
export function TextField({
  name,
  label,
  hint,
  required,
  className,
  type = 'text',
  ...input
}: BaseFieldProps & InputProps) {
  const { register } = useFormContext();
  const field = useFieldProps({ name, label, hint, required, className }, input.id);
  return (
    <Field {...field}>
      <input type={type} {...input} {...register(name)} />
    </Field>
  );
}

/** A textarea; `maxLength` also shows a live character count. */
export function TextareaField({
  name,
  label,
  hint,
  required,
  className,
  rows = 5,
  maxLength,
  ...textarea
}: BaseFieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'className' | 'required'>) {
  const { register } = useFormContext();
  const field = useFieldProps({ name, label, hint, required, className }, textarea.id);
  // useWatch re-renders this field only, not the whole form, on each keystroke.
  const watched: unknown = useWatch({ name });
  const value = maxLength ? String(watched ?? '') : '';
  const count = maxLength ? `${value.length} / ${maxLength}` : undefined;
  return (
    <Field {...field} hint={[hint, count].filter(Boolean).join(' · ') || undefined}>
      <textarea rows={rows} {...textarea} {...register(name)} />
    </Field>
  );
}

/** One choice of a select or radio group. */
export interface Option {
  value: string;
  label: string;
  disabled?: boolean;
}

/** A native select; `placeholder` adds a first empty option (value ''). */
export function SelectField({
  name,
  label,
  hint,
  required,
  className,
  options,
  placeholder = text.choose,
  disabled,
}: BaseFieldProps & {
  options: readonly Option[];
  placeholder?: string | null;
  disabled?: boolean;
}) {
  const { register } = useFormContext();
  const field = useFieldProps({ name, label, hint, required, className });
  return (
    <Field {...field}>
      <select disabled={disabled} {...register(name)}>
        {placeholder !== null && <option value="">{placeholder}</option>}
        <OptionList options={options} />
      </select>
    </Field>
  );
}

/** A single checkbox holding a boolean. */
export function CheckboxField({
  name,
  label,
  hint,
  className = '',
  description,
}: Omit<BaseFieldProps, 'required'> & { description?: ReactNode }) {
  const { register } = useFormContext();
  const { id, error } = useFieldBits(name, label);
  const described = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer accent-orange-800"
          {...register(name)}
        />
        <label htmlFor={id} className="text-sm text-stone-900">
          <span className="font-semibold">{label}</span>
          {description && <span className="block text-stone-600">{description}</span>}
        </label>
      </div>
      <FieldMessages id={id} hint={hint} error={error} indent="pl-8" />
    </div>
  );
}

/** Radio buttons in a fieldset whose legend is the label; the value is the chosen option's. */
export function RadioGroupField({
  name,
  label,
  hint,
  required,
  className = '',
  options,
  inline = false,
}: BaseFieldProps & { options: readonly Option[]; inline?: boolean }) {
  const { register } = useFormContext();
  const base = useId();
  // The summary link goes to the first radio.
  const { error } = useFieldBits(name, label, `${base}-0`);
  const described = [error && `${base}-error`, hint && `${base}-hint`].filter(Boolean).join(' ');
  return (
    <fieldset
      className={`m-0 min-w-0 border-0 p-0 ${className}`}
      aria-describedby={described || undefined}
    >
      <legend className="mb-1 text-sm font-semibold text-stone-800">
        {label}
        {required && <RequiredMark />}
      </legend>
      <div className={inline ? 'flex flex-wrap gap-x-6 gap-y-2' : 'space-y-2'}>
        {options.map((o, i) => (
          <label key={o.value} className="flex min-h-11 items-center gap-2 text-sm text-stone-900">
            <input
              id={`${base}-${i}`}
              type="radio"
              value={o.value}
              disabled={o.disabled}
              aria-invalid={error ? true : undefined}
              required={required}
              className="h-5 w-5 cursor-pointer accent-orange-800"
              {...register(name)}
            />
            {o.label}
          </label>
        ))}
      </div>
      <FieldMessages id={base} hint={hint} error={error} />
    </fieldset>
  );
}

/**
 * A date. By default the browser's date picker (value YYYY-MM-DD); `typed` gives a text box
 * accepting DD/MM/YYYY or DD-MM-YYYY too (pair with `dateField()`, which converts them).
 */
export function DateField({
  typed = false,
  placeholder,
  ...props
}: BaseFieldProps & InputProps & { typed?: boolean }) {
  return typed ? (
    <TextField
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder ?? 'DD/MM/YYYY'}
      {...props}
    />
  ) : (
    <TextField type="date" {...props} />
  );
}

/** '' → null; a number when the text is one; otherwise the text (the schema reports it). */
export function toNumberOrNull(value: unknown): number | string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  const t = String(value).trim();
  if (!t) return null;
  const n = Number(t.replace(/,/g, ''));
  return Number.isFinite(n) ? n : t;
}

/** A number in a text box (decimal keypad on phones); empty becomes null (spec §5). */
export function NumberField({
  name,
  label,
  hint,
  required,
  className,
  integer = false,
  ...input
}: BaseFieldProps & InputProps & { integer?: boolean }) {
  const { register } = useFormContext();
  const field = useFieldProps({ name, label, hint, required, className }, input.id);
  return (
    <Field {...field}>
      <input
        type="text"
        inputMode={integer ? 'numeric' : 'decimal'}
        autoComplete="off"
        {...input}
        {...register(name, { setValueAs: toNumberOrNull })}
      />
    </Field>
  );
}

/** A file input holding a File (or File[] with `multiple`), or null; check it with `fileField()`. */
export function FileField({
  name,
  label,
  hint,
  required,
  className,
  accept,
  multiple = false,
}: BaseFieldProps & { accept?: string; multiple?: boolean }) {
  const { field } = useController({ name });
  const { id, error } = useFieldBits(name, label);
  const files: File[] = Array.isArray(field.value)
    ? field.value
    : field.value instanceof File
      ? [field.value]
      : [];
  return (
    <div className={className}>
      <Field id={id} label={label} hint={hint} error={error} required={required}>
        <input
          ref={field.ref}
          type="file"
          accept={accept}
          multiple={multiple}
          onBlur={field.onBlur}
          onChange={(e) => {
            const list = Array.from(e.target.files ?? []);
            field.onChange(multiple ? list : (list[0] ?? null));
          }}
          className="file:mr-3 file:rounded file:border-0 file:bg-stone-100 file:px-3 file:py-1 file:font-semibold"
        />
      </Field>
      {files.length > 0 && (
        <p className="mt-1 text-xs text-stone-700" aria-live="polite">
          {text.chosenFile(files.map((f) => f.name).join(', '))}
        </p>
      )}
    </div>
  );
}

export { controlClass };
