// The validation rules and messages of spec §5, as zod schemas and plain predicates.
import { z } from 'zod';
import { contactText, fieldNames, messages } from './text';

export { messages };

export const EMAIL_RE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
export const PHONE_RE = /^\+?[0-9\s()-]+$/;
export const INDIAN_PHONE_RE = /^(?:\+91[\s-]?)?[6-9]\d{9}$/;
export const PINCODE_RE = /^\d{6}$/;
export const PAN_RE = /^[A-Z]{5}\d{4}[A-Z]$/;
export const AADHAR_RE = /^\d{12}$/;

const digits = (value: string) => value.replace(/\D/g, '');

export const isEmail = (v: string) => EMAIL_RE.test(v.trim());
/** 7-20 digits, with an optional plus, spaces, hyphens and brackets. */
export const isPhone = (v: string) =>
  PHONE_RE.test(v.trim()) && digits(v).length >= 7 && digits(v).length <= 20;
export const isIndianPhone = (v: string) => INDIAN_PHONE_RE.test(v.replace(/[\s-]/g, ''));
export const isPincode = (v: string) => PINCODE_RE.test(v.trim());
export const isPan = (v: string) => PAN_RE.test(v.trim().toUpperCase());
export const isAadhar = (v: string) => AADHAR_RE.test(v.replace(/\s/g, ''));
/** http(s) URLs, or a path on this host. */
export const isUrl = (v: string) =>
  /^https?:\/\/\S+$/.test(v) || v.startsWith(`${globalThis.location?.origin ?? ''}/`);

/** Mobile numbers: required, 7-20 digits after stripping the formatting. */
export function mobileError(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return messages.required(fieldNames.mobile);
  const n = digits(trimmed).length;
  if (n < 7) return messages.mobileMin;
  if (n > 20) return messages.mobileMax;
  if (!PHONE_RE.test(trimmed)) return messages.mobileInvalid;
  return null;
}

/** At least 8 characters with an uppercase and a lowercase letter, a number and a special character. */
export function passwordError(value: string): string | null {
  if (!value) return messages.required(fieldNames.password);
  if (value.length < 8) return messages.min(fieldNames.password, 8);
  if (
    !/[A-Z]/.test(value) ||
    !/[a-z]/.test(value) ||
    !/\d/.test(value) ||
    !/[^A-Za-z0-9]/.test(value)
  ) {
    return messages.passwordRule;
  }
  return null;
}

export const isAdultAge = (age: number) => Number.isInteger(age) && age >= 18 && age <= 100;

export function isValidDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}
export const isFutureDate = (value: string, now = new Date()) =>
  isValidDate(value) && new Date(`${value}T00:00:00`) > now;
export const isPastDate = (value: string, now = new Date()) =>
  isValidDate(value) && new Date(`${value}T00:00:00`) < now;

// zod building blocks with the spec's messages.
export const required = (field: string) => z.string().trim().min(1, messages.required(field));
/** One message per field, in the spec's order: required, then too short, then too long. */
export const text = (field: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const message = !v
        ? messages.required(field)
        : v.length < min
          ? messages.min(field, min)
          : v.length > max
            ? messages.max(field, max)
            : null;
      if (message) ctx.addIssue({ code: 'custom', message });
    });
export const emailSchema = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    const message = !v ? messages.required(fieldNames.email) : isEmail(v) ? null : messages.email;
    if (message) ctx.addIssue({ code: 'custom', message });
  });
export const optionalPhone = z
  .string()
  .trim()
  .refine((v) => v === '' || isPhone(v), messages.phone);

/** The contact form (spec §5). */
export const contactSchema = z.object({
  firstName: text(contactText.firstName, 2, 50),
  lastName: z.string().trim().max(50, messages.max(contactText.lastName, 50)),
  email: emailSchema,
  phone: optionalPhone,
  subject: text(contactText.subject, 5, 100),
  message: text(contactText.message, 10, 1000),
  captcha: z
    .string()
    .trim()
    .min(1, messages.required(contactText.captcha))
    .regex(/^-?\d+$/, contactText.captchaWhole),
  website: z.string().max(0, contactText.website),
});
export type ContactValues = z.infer<typeof contactSchema>;
