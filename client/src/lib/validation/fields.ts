// zod field schemas for the form kit, with the spec's messages (§5 validation, §8 uploads):
// each takes the field's label (as people read it) and yields the message the spec prescribes.
// Form inputs hold strings; these schemas trim, convert and check them.
import { z } from 'zod';
import { dateMessage } from './date-message';
import { parseDate, parseYesNo } from './parsers';
import {
  isAadhar,
  isEmail,
  isFutureDate,
  isIndianPhone,
  isPan,
  isPastDate,
  isPhone,
  isPincode,
  messages,
  mobileError,
  passwordError,
} from './validators';
import { fieldMessages, fieldNames } from './text';

export { fieldMessages };

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim());
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** What a text-like input may hold before parsing (a loaded record may bring null). */
export type TextInput = string | null | undefined;
/** A schema whose output is T, or T | null when the field is optional (R false). */
export type FieldSchema<T, In, R extends boolean> = z.ZodType<R extends false ? T | null : T, In>;

/** Text with optional length bounds; optional text maps '' to null (saved as null). */
export function textField<R extends boolean = true>(
  field: string,
  { min = 0, max, required = true as R }: { min?: number; max?: number; required?: R } = {},
): FieldSchema<string, TextInput, R> {
  return z.unknown().transform((raw, ctx) => {
    const v = typeof raw === 'string' ? raw.trim() : raw == null ? '' : String(raw);
    if (!v) {
      if (required) ctx.addIssue({ code: 'custom', message: messages.required(field) });
      return required ? z.NEVER : null;
    }
    if (v.length < min) ctx.addIssue({ code: 'custom', message: messages.min(field, min) });
    else if (max !== undefined && v.length > max)
      ctx.addIssue({ code: 'custom', message: messages.max(field, max) });
    return v;
  }) as unknown as FieldSchema<string, TextInput, R>;
}

/** Builds a string field checked by a predicate; optional ones map '' to null. */
function formatted(
  field: string,
  ok: (v: string) => boolean,
  message: string,
  normalize: (v: string) => string,
  required: boolean,
) {
  return z.unknown().transform((raw, ctx) => {
    if (blank(raw)) {
      if (required) ctx.addIssue({ code: 'custom', message: messages.required(field) });
      return required ? z.NEVER : null;
    }
    const v = String(str(raw));
    if (!ok(v)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return normalize(v);
  });
}

/** Email: 'Please enter a valid email address'; lowercased. */
export const emailField = <R extends boolean = true>(
  field: string = fieldNames.email,
  { required = true as R }: { required?: R } = {},
) =>
  formatted(
    field,
    isEmail,
    messages.email,
    (v) => v.toLowerCase(),
    required,
  ) as unknown as FieldSchema<string, TextInput, R>;

/** Phone: 7-20 digits with + spaces - ( ): 'Please enter a valid phone number'. */
export const phoneField = <R extends boolean = true>(
  field: string = fieldNames.phone,
  { required = true as R }: { required?: R } = {},
) =>
  formatted(field, isPhone, messages.phone, (v) => v, required) as unknown as FieldSchema<
    string,
    TextInput,
    R
  >;

/** Indian phone: optional +91, starts 6-9, 10 digits. */
export const indianPhoneField = <R extends boolean = true>(
  field: string = fieldNames.phone,
  { required = true as R }: { required?: R } = {},
) =>
  formatted(
    field,
    isIndianPhone,
    messages.indianPhone,
    (v) => v,
    required,
  ) as unknown as FieldSchema<string, TextInput, R>;

/** Mobile number (always required): the spec's three mobile messages. */
export const mobileField = () =>
  z.unknown().transform((raw, ctx) => {
    const v = typeof raw === 'string' ? raw : '';
    const message = mobileError(v);
    if (message) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return v.trim();
  }) as unknown as z.ZodType<string, TextInput>;

/** Pincode: 6 digits ('{field} format is invalid'). */
export const pincodeField = <R extends boolean = true>(
  field: string = fieldNames.pincode,
  { required = true as R }: { required?: R } = {},
) =>
  formatted(
    field,
    isPincode,
    messages.pattern(field),
    (v) => v,
    required,
  ) as unknown as FieldSchema<string, TextInput, R>;

/** PAN: 5 letters, 4 digits, 1 letter; uppercased, spaces removed. */
export const panField = <R extends boolean = true>(
  field: string = fieldNames.pan,
  { required = true as R }: { required?: R } = {},
) =>
  formatted(
    field,
    (v) => isPan(v.replace(/\s/g, '')),
    messages.pattern(field),
    (v) => v.replace(/\s/g, '').toUpperCase(),
    required,
  ) as unknown as FieldSchema<string, TextInput, R>;

/** Aadhaar: 12 digits, spaces ignored; saved without spaces. */
export const aadhaarField = <R extends boolean = true>(
  field: string = fieldNames.aadhar,
  { required = true as R }: { required?: R } = {},
) =>
  formatted(
    field,
    isAadhar,
    messages.pattern(field),
    (v) => v.replace(/\s/g, ''),
    required,
  ) as unknown as FieldSchema<string, TextInput, R>;

/** A URL: http(s)://… or a path on this host. */
export const urlField = <R extends boolean = true>(
  field: string = fieldNames.url,
  { required = true as R, message }: { required?: R; message?: string } = {},
) =>
  formatted(
    field,
    (v) => /^https?:\/\/\S+$/.test(v) || v.startsWith('/') || v.startsWith(location.origin),
    message ?? messages.pattern(field),
    (v) => v,
    required,
  ) as unknown as FieldSchema<string, TextInput, R>;

/**
 * A date typed YYYY-MM-DD, DD/MM/YYYY or DD-MM-YYYY → 'YYYY-MM-DD' ('{field} must be in
 * YYYY-MM-DD format'); `when: 'future' | 'past'` adds the spec's future/past-date checks.
 */
export const dateField = <R extends boolean = true>(
  field: string = fieldNames.date,
  {
    required = true as R,
    when,
    now,
  }: { required?: R; when?: 'future' | 'past'; now?: () => Date } = {},
) =>
  z.unknown().transform((raw, ctx) => {
    if (blank(raw)) {
      if (required) ctx.addIssue({ code: 'custom', message: messages.required(field) });
      return required ? z.NEVER : null;
    }
    const iso = parseDate(String(raw));
    if (!iso) {
      ctx.addIssue({ code: 'custom', message: dateMessage(field, String(raw)) });
      return z.NEVER;
    }
    const today = now?.() ?? new Date();
    if (when === 'future' && !isFutureDate(iso, today))
      ctx.addIssue({ code: 'custom', message: fieldMessages.future(field) });
    if (when === 'past' && !isPastDate(iso, today))
      ctx.addIssue({ code: 'custom', message: fieldMessages.past(field) });
    return iso;
  }) as unknown as FieldSchema<string, TextInput, R>;

/**
 * A number: '' / null → null (spec §5: "become null when empty, otherwise numbers"), else
 * a finite number within the bounds. `required` makes empty an error.
 */
export const numberField = <R extends boolean = false>(
  field: string,
  {
    required = false as R,
    min,
    max,
    integer = false,
  }: { required?: R; min?: number; max?: number; integer?: boolean } = {},
) =>
  z.unknown().transform((raw, ctx) => {
    if (blank(raw)) {
      if (required) ctx.addIssue({ code: 'custom', message: messages.required(field) });
      return required ? z.NEVER : null;
    }
    const n = typeof raw === 'number' ? raw : Number(String(raw).trim().replace(/,/g, ''));
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: fieldMessages.number(field) });
      return z.NEVER;
    }
    if (integer && !Number.isInteger(n))
      ctx.addIssue({ code: 'custom', message: fieldMessages.integer(field) });
    else if (min !== undefined && n < min)
      ctx.addIssue({ code: 'custom', message: fieldMessages.minValue(field, min) });
    else if (max !== undefined && n > max)
      ctx.addIssue({ code: 'custom', message: fieldMessages.maxValue(field, max) });
    return n;
  }) as unknown as FieldSchema<number, string | number | null | undefined, R>;

/** Yes/no → boolean (spec §5); '' → null unless required. */
export const yesNoField = <R extends boolean = false>(
  field: string,
  { required = false as R }: { required?: R } = {},
) =>
  z.unknown().transform((raw, ctx) => {
    if (blank(raw)) {
      if (required) ctx.addIssue({ code: 'custom', message: messages.required(field) });
      return required ? z.NEVER : null;
    }
    const b = parseYesNo(raw);
    if (b === null) {
      ctx.addIssue({ code: 'custom', message: fieldMessages.yesNo(field) });
      return z.NEVER;
    }
    return b;
  }) as unknown as FieldSchema<boolean, string | boolean | null | undefined, R>;

/** One of the given values (e.g. a status); '' is "required". */
export const choiceField = <const T extends readonly [string, ...string[]]>(
  field: string,
  values: T,
) =>
  z.unknown().transform((raw, ctx) => {
    if (blank(raw)) {
      ctx.addIssue({ code: 'custom', message: messages.required(field) });
      return z.NEVER;
    }
    if (!values.includes(String(raw))) {
      ctx.addIssue({ code: 'custom', message: messages.pattern(field) });
      return z.NEVER;
    }
    return String(raw) as T[number];
  }) as unknown as z.ZodType<T[number], TextInput>;

/** A password with the spec's general rule (8+ with upper, lower, digit and special). */
export const passwordField = () =>
  z.unknown().transform((raw, ctx) => {
    const v = typeof raw === 'string' ? raw : '';
    const message = passwordError(v);
    if (message) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return v;
  }) as unknown as z.ZodType<string, TextInput>;

/** Adds 'Passwords do not match' on `confirm` when it differs from `password`. */
export function passwordsMatch<T extends Record<string, unknown>>(
  password: keyof T & string,
  confirm: keyof T & string,
) {
  return (values: T, ctx: z.RefinementCtx) => {
    if (values[password] !== values[confirm])
      ctx.addIssue({ code: 'custom', path: [confirm], message: messages.passwordsDiffer });
  };
}

const humanSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)}MB` : `${Math.round(bytes / 1024)}KB`;

/**
 * A picked file (File or null): the spec's upload messages 'File size too large. Maximum size:
 * {size}' and 'File type not allowed. Allowed types: {list}'.
 */
export const fileField = <R extends boolean = false>(
  field: string,
  {
    required = false as R,
    maxBytes,
    types,
  }: { required?: R; maxBytes?: number; types?: readonly string[] } = {},
) =>
  z.unknown().transform((raw, ctx) => {
    const file = raw instanceof File ? raw : Array.isArray(raw) ? (raw[0] ?? null) : null;
    if (!file) {
      if (required) ctx.addIssue({ code: 'custom', message: messages.required(field) });
      return required ? z.NEVER : null;
    }
    if (types?.length && !types.includes(file.type))
      ctx.addIssue({ code: 'custom', message: fieldMessages.fileType(types.join(', ')) });
    else if (maxBytes !== undefined && file.size > maxBytes)
      ctx.addIssue({ code: 'custom', message: fieldMessages.fileSize(humanSize(maxBytes)) });
    return file;
  }) as unknown as FieldSchema<File, File | null | undefined, R>;

/**
 * An image field for `ImagePickerField`: a stored URL (kept), a new File (checked like
 * `fileField`), or null (removed; an error when required).
 */
export const imageField = <R extends boolean = false>(
  field: string,
  {
    required = false as R,
    maxBytes,
    types,
  }: { required?: R; maxBytes?: number; types?: readonly string[] } = {},
) => {
  const file = fileField(field, { required, maxBytes, types });
  return z.unknown().transform((raw, ctx) => {
    if (typeof raw === 'string' && raw) return raw;
    const r = file.safeParse(raw);
    if (!r.success) {
      for (const i of r.error.issues) ctx.addIssue({ code: 'custom', message: i.message });
      return z.NEVER;
    }
    return r.data;
  }) as unknown as FieldSchema<File | string, File | string | null | undefined, R>;
};

/** A checkbox that must be ticked (terms, consent). */
export const mustTick = (message: string) => z.boolean().refine((v) => v, { message });

export { humanSize };
