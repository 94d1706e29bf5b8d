// The site content screens (board members, achievements, website images, slider, business
// directory) share one editor: each declares its fields once, and the form, its zod rules
// (spec §5 generic messages), the empty-to-null saving and the list come from that.
import { z } from 'zod';
import { isEmail, isPhone, messages } from '@/lib/validation/validators';
import { webAddress } from '@/lib/validation/parsers';

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'checkbox'
  | 'date'
  | 'datetime'
  | 'select'
  | 'image'
  | 'url'
  | 'email'
  | 'phone'
  | 'pincode';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  max?: number;
  options?: { value: string; label: string }[];
  hint?: string;
  /** A pattern the value must match (message: '{label} format is invalid'). */
  pattern?: RegExp;
  /** Shown across the whole form. */
  wide?: boolean;
  /** The value of a new record. */
  defaultValue?: string | boolean;
}

export type FormValues = Record<string, string | boolean>;

const URL_RE = /^(https?:\/\/|\/)\S+$/;

function fieldSchema(f: FieldSpec): z.ZodType {
  if (f.kind === 'checkbox') return z.boolean();
  let s = z.string().trim();
  if (f.required) s = s.min(1, messages.required(f.label));
  if (f.max) s = s.max(f.max, messages.max(f.label, f.max));
  const rules: [(v: string) => boolean, string][] = [];
  if (f.kind === 'email') rules.push([isEmail, messages.email]);
  if (f.kind === 'phone') rules.push([isPhone, messages.phone]);
  if (f.kind === 'pincode') rules.push([(v) => /^\d{6}$/.test(v), messages.pattern(f.label)]);
  if (f.kind === 'url' || f.kind === 'image')
    rules.push([(v) => URL_RE.test(v), messages.pattern(f.label)]);
  if (f.kind === 'number') rules.push([(v) => /^-?\d{1,9}$/.test(v), messages.pattern(f.label)]);
  if (f.pattern) {
    const re = f.pattern;
    rules.push([(v) => re.test(v), messages.pattern(f.label)]);
  }
  const checked = rules.reduce<z.ZodType<string>>(
    (acc, [ok, message]) => acc.refine((v) => v === '' || ok(v), message),
    s,
  );
  // A website typed without https:// is taken as one (issue 40).
  return f.kind === 'url'
    ? z.preprocess((v) => (typeof v === 'string' ? webAddress(v) : v), checked)
    : checked;
}

export const schemaFor = (fields: FieldSpec[]) =>
  z.object(Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)])));

/** A stored row as form values (nulls as empty strings, numbers and dates as text). */
export function rowToForm(
  fields: FieldSpec[],
  row: Record<string, unknown> | undefined,
): FormValues {
  return Object.fromEntries(
    fields.map((f) => {
      const v = row?.[f.name];
      if (f.kind === 'checkbox') return [f.name, typeof v === 'boolean' ? v : !!f.defaultValue];
      if (v === undefined && row === undefined) return [f.name, String(f.defaultValue ?? '')];
      if (v === null || v === undefined) return [f.name, ''];
      if (f.kind === 'datetime' && typeof v === 'string') {
        const d = new Date(v);
        const pad = (n: number) => String(n).padStart(2, '0');
        return [
          f.name,
          `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`,
        ];
      }
      return [f.name, String(v)];
    }),
  );
}

/** Form values as the row to write: empty strings as null, numbers as integers. */
export function formToRow(fields: FieldSpec[], values: FormValues): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((f) => {
      const v = values[f.name];
      if (f.kind === 'checkbox') return [f.name, !!v];
      const text = typeof v === 'string' ? v.trim() : '';
      if (text === '') return [f.name, null];
      if (f.kind === 'number') return [f.name, parseInt(text, 10)];
      if (f.kind === 'datetime') return [f.name, new Date(text).toISOString()];
      return [f.name, text];
    }),
  );
}
