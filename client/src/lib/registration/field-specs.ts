// Fields the registration forms (members, students, matrimony) ask alike, each with the parser
// of spec §5 that shows what was understood as the user types. Labels and hints come from the
// form's text module.
import type { FieldSpec } from '@/components/form';
import { formatDay } from '@/lib/i18n/format';
import {
  formatAadhar,
  formatPan,
  parseDate,
  parseIncome,
  parsePhone,
} from '@/lib/validation/parsers';

/** A typed date in words ("2 March 1990"), or null when it is not a date. */
export const dateDisplay = (v: string) => {
  const iso = parseDate(v);
  return iso ? formatDay(iso, { day: 'numeric', month: 'long', year: 'numeric' }) : null;
};

/** A date, shown back in words. */
export const dateSpec = (name: string, label: string, hint?: string): FieldSpec => ({
  name,
  label,
  kind: 'date',
  hint,
  parse: dateDisplay,
  parseWhat: 'date',
});

/** A mobile number, shown back in the international format. */
export const mobileSpec = (name: string, label: string): FieldSpec => ({
  name,
  label,
  kind: 'tel',
  autoComplete: 'tel',
  parse: (v) => parsePhone(v)?.display ?? null,
  parseWhat: 'mobile',
});

/** An amount of rupees, shown back in Indian digit groups. */
export const amountSpec = (name: string, label: string, hint?: string): FieldSpec => ({
  name,
  label,
  inputMode: 'decimal',
  hint,
  parse: (v) => parseIncome(v)?.display ?? null,
  parseWhat: 'amount',
});

/** A PAN, shown back in capitals. */
export const panSpec = (name: string, label: string, hint?: string): FieldSpec => ({
  name,
  label,
  hint,
  parse: (v) => formatPan(v),
  parseWhat: 'pan',
});

/** An Aadhaar number, shown back in groups of four. */
export const aadharSpec = (name: string, label: string, hint?: string): FieldSpec => ({
  name,
  label,
  inputMode: 'numeric',
  hint,
  parse: (v) => formatAadhar(v),
  parseWhat: 'aadhaar',
});

/** Plain text fields, each labelled from `labels` by its name: `...textSpecs(f, 'place', 'hobby')`. */
export const textSpecs = <K extends string>(
  labels: Record<K, string>,
  ...names: K[]
): FieldSpec[] => names.map((name) => ({ name, label: labels[name] }));
