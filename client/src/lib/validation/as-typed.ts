// zod rules of spec §5 that check a string and keep it as typed, for long forms whose values
// stay text (a local draft, an edit page comparing before and after) and are converted when
// sent (parsers.ts). The converting field schemas (fields.ts) share the same checks.
import { z } from 'zod';
import { formatAadhar, formatPan, parseDate, parseIncome } from './parsers';
import { isEmail, isPhone, isPincode, messages, mobileError } from './validators';
import { dateMessage } from './date-message';
import { fieldMessages, fieldNames } from './text';

const check = (test: (v: string) => string | null) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const message = test(v);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

export const requiredText = (message: string, max = 100) =>
  check((v) =>
    !v ? message : v.length > max ? messages.max(message.replace(/ is required$/, ''), max) : null,
  );
export const optionalText = (label: string, max: number) =>
  check((v) => (v.length > max ? messages.max(label, max) : null));

/** Required mobile numbers, international format (spec §5 mobile number). */
export const requiredMobile = check((v) => mobileError(v));
/** Optional mobile numbers with the same rule. */
export const optionalMobile = check((v) => (v ? mobileError(v) : null));
/** Optional phone numbers (7-20 digits, plus, spaces, hyphens, brackets). */
export const optionalPhone = check((v) => (v && !isPhone(v) ? messages.phone : null));
export const optionalEmail = (message: string = messages.email) =>
  check((v) => (v && !isEmail(v) ? message : null));
export const pincode = (label: string) =>
  check((v) => (v && !isPincode(v) ? messages.pattern(label) : null));
export const pan = check((v) => (v && !formatPan(v) ? messages.pattern(fieldNames.pan) : null));
export const aadhar = check((v) =>
  v && !formatAadhar(v) ? messages.pattern(fieldNames.aadhar) : null,
);
export const passport = check((v) =>
  v && !/^[A-Za-z0-9]{6,20}$/.test(v) ? messages.pattern(fieldNames.passport) : null,
);

/** A date typed as YYYY-MM-DD, DD/MM/YYYY or DD-MM-YYYY (spec §5), in the past when asked. */
export const dateField = (
  label: string,
  options: { required?: boolean; past?: boolean; message?: string } = {},
) =>
  check((v) => {
    if (!v) return options.required ? messages.required(label) : null;
    const iso = parseDate(v);
    if (!iso) return dateMessage(label, v, options.message);
    if (options.past && new Date(`${iso}T00:00:00`) > new Date())
      return fieldMessages.pastDate(label);
    return null;
  });

/** An amount typed with the income parser (digits, k, lakh/L, crore/cr; at most 10 crore). */
export const amountField = (label: string) =>
  check((v) => (v && !parseIncome(v) ? messages.pattern(label) : null));

/** A whole number within bounds, or empty. */
export const wholeNumber = (label: string, min: number, max: number, message?: string) =>
  check((v) => {
    if (!v) return null;
    if (!/^\d+$/.test(v)) return fieldMessages.integer(label);
    const n = Number(v);
    return n < min || n > max ? (message ?? fieldMessages.between(label, min, max)) : null;
  });

/** A form's values before anything is typed: each of its fields empty. */
export const blankValues = <V>(fields: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(fields).map((k) => [k, ''])) as V;
