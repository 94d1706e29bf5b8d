// Fields declared as data (for long forms in steps): each spec renders the kit's own field
// (TextField, TextareaField, SelectField, CheckboxField), and a smart parser's reading shows
// under the field as the user types (spec §5: height, weight, phone, income, dates).
import { useWatch } from 'react-hook-form';
import { CheckboxField, SelectField, TextareaField, TextField, type Option } from './fields';
import { text } from './text';

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
  /** What the parser reads (a height), for the message when it cannot: a key of the form
   *  kit's words, so the message is in the language on screen. */
  parseWhat?: keyof typeof text.what;
  /** Spans both columns. */
  wide?: boolean;
  /** Shown but not editable (the field locks after a decision); its note says why. */
  locked?: string;
  /** Shown only when this answers true for the current values. */
  showIf?: (values: Record<string, unknown>) => boolean;
}

/** The parser's reading of a field's current text (polite live region). */
export function ParsedPreview({
  name,
  parse,
  what = 'value',
}: {
  name: string;
  parse: (value: string) => string | null;
  what?: keyof typeof text.what;
}) {
  const value = useWatch({ name }) as string | undefined;
  if (!value?.trim()) return null;
  const parsed = parse(value);
  return (
    <p
      aria-live="polite"
      data-testid={`parsed-${name}`}
      className={`mt-1 text-sm ${parsed ? 'text-emerald-800' : 'text-amber-800'}`}
    >
      {parsed ? text.parsedAs(parsed) : text.notUnderstood(text.what[what])}
    </p>
  );
}

/** Yes and no, in the language on screen (read when the field renders). */
const yesNo = (): readonly Option[] => [
  { value: 'yes', label: text.yes },
  { value: 'no', label: text.no },
];

function Control({ spec, className }: { spec: FieldSpec; className: string }) {
  const common = { name: spec.name, label: spec.label, className };
  const hint = spec.locked ?? spec.hint;
  switch (spec.kind) {
    case 'checkbox':
      return <CheckboxField {...common} description={spec.hint} />;
    case 'textarea':
      return (
        <TextareaField
          {...common}
          hint={hint}
          rows={4}
          placeholder={spec.placeholder}
          disabled={!!spec.locked}
        />
      );
    case 'select':
    case 'yesno':
      return (
        <SelectField
          {...common}
          hint={hint}
          options={spec.kind === 'yesno' ? yesNo() : (spec.options ?? [])}
          disabled={!!spec.locked}
        />
      );
    default:
      return (
        <TextField
          {...common}
          hint={hint}
          type={spec.kind === 'date' || !spec.kind ? 'text' : spec.kind}
          inputMode={spec.inputMode}
          autoComplete={spec.autoComplete ?? 'off'}
          placeholder={spec.placeholder ?? (spec.kind === 'date' ? 'DD/MM/YYYY' : undefined)}
          readOnly={!!spec.locked}
        />
      );
  }
}

/** One declared field; hidden while its `showIf` answers false. */
export function SpecField({ spec }: { spec: FieldSpec }) {
  const values = useWatch() as Record<string, unknown>;
  if (spec.showIf && !spec.showIf(values)) return null;
  const wide = spec.wide || spec.kind === 'textarea' ? 'sm:col-span-2' : '';
  return (
    <div className={wide}>
      <Control spec={spec} className="" />
      {spec.parse && <ParsedPreview name={spec.name} parse={spec.parse} what={spec.parseWhat} />}
    </div>
  );
}
