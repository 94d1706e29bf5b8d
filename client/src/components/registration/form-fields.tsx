// One renderer for the fields the registration steps declare: text, e-mail, phone, date,
// long text, choices, yes/no and check boxes, with a smart parser's reading shown as the
// user types (spec §5: height, weight, phone, income).
import { useFormContext, useWatch } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { text } from '@/lib/registration/text';

export interface Option {
  value: string;
  label: string;
}

export interface FieldSpec {
  name: string;
  label: string;
  kind?:
    'text' | 'email' | 'tel' | 'password' | 'date' | 'textarea' | 'select' | 'yesno' | 'checkbox';
  options?: readonly Option[];
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'email' | 'text';
  placeholder?: string;
  hint?: string;
  /** The smart parser's reading of what was typed, shown under the field; null: not readable. */
  parse?: (value: string) => string | null;
  /** What the parser reads ("a height"), for the message when it cannot. */
  parseWhat?: string;
  /** Spans both columns. */
  wide?: boolean;
  /** Shown but not editable (the field locks after a decision); its note says why. */
  locked?: string;
  /** Shown only when this answers true for the current values. */
  showIf?: (values: Record<string, unknown>) => boolean;
}

function ParsedValue({ name, spec }: { name: string; spec: FieldSpec }) {
  const value = useWatch({ name }) as string | undefined;
  if (!spec.parse || !value?.trim()) return null;
  const parsed = spec.parse(value);
  return (
    <p
      aria-live="polite"
      data-testid={`parsed-${name}`}
      className={`mt-1 text-sm ${parsed ? 'text-emerald-800' : 'text-amber-800'}`}
    >
      {parsed ? text.parsedAs(parsed) : text.notUnderstood(spec.parseWhat ?? 'a value')}
    </p>
  );
}

export function FormField({ spec }: { spec: FieldSpec }) {
  const {
    register: registerField,
    trigger,
    formState: { errors },
  } = useFormContext();
  // A field showing an error is checked again as the user types, so the message goes away
  // before they leave the field (no layout jump under the pointer on its way to Next).
  const register = (name: string) =>
    registerField(name, {
      onChange: () => {
        if (errors[name]) void trigger(name);
      },
    });
  const values = useWatch() as Record<string, unknown>;
  if (spec.showIf && !spec.showIf(values)) return null;
  const error = errors[spec.name]?.message as string | undefined;
  const wide = spec.wide || spec.kind === 'textarea' ? 'sm:col-span-2' : '';

  if (spec.kind === 'checkbox') {
    return (
      <div className={`flex items-start gap-2 ${wide}`}>
        <input
          id={`f-${spec.name}`}
          type="checkbox"
          className="mt-1 h-5 w-5 accent-orange-800"
          {...register(spec.name)}
        />
        <label htmlFor={`f-${spec.name}`} className="text-sm text-stone-800">
          {spec.label}
          {spec.hint && <span className="block text-xs text-stone-600">{spec.hint}</span>}
        </label>
      </div>
    );
  }

  const control =
    spec.kind === 'textarea' ? (
      <textarea
        rows={4}
        placeholder={spec.placeholder}
        disabled={!!spec.locked}
        {...register(spec.name)}
      />
    ) : spec.kind === 'select' || spec.kind === 'yesno' ? (
      <select disabled={!!spec.locked} {...register(spec.name)}>
        <option value="">{text.choose}</option>
        {(spec.kind === 'yesno'
          ? [
              { value: 'yes', label: text.yes },
              { value: 'no', label: text.no },
            ]
          : (spec.options ?? [])
        ).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    ) : (
      <input
        type={spec.kind === 'date' ? 'text' : (spec.kind ?? 'text')}
        inputMode={spec.inputMode}
        autoComplete={spec.autoComplete ?? 'off'}
        placeholder={spec.placeholder ?? (spec.kind === 'date' ? 'DD/MM/YYYY' : undefined)}
        readOnly={!!spec.locked}
        {...register(spec.name)}
      />
    );

  return (
    <div className={wide}>
      <Field label={spec.label} error={error} hint={spec.locked ?? spec.hint}>
        {control}
      </Field>
      <ParsedValue name={spec.name} spec={spec} />
    </div>
  );
}
