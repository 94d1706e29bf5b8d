// Conversions of spec §5 the registration forms share: DD/MM/YYYY and DD-MM-YYYY dates become
// YYYY-MM-DD, yes/no answers booleans, empty numbers null, and form keys the columns' names.
import { isValidDate } from '@/lib/validation/validators';

/** YYYY-MM-DD from YYYY-MM-DD, DD/MM/YYYY or DD-MM-YYYY; null when it is not a real date. */
export function toIsoDate(input: string): string | null {
  const s = input.trim();
  if (!s) return null;
  let iso = s;
  const dmy = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(s);
  if (dmy) iso = `${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}`;
  return isValidDate(iso) ? iso : null;
}

/** Whole years from a YYYY-MM-DD date of birth to `today`. */
export function ageOn(iso: string, today = new Date()): number {
  const [y, m, d] = iso.split('-').map(Number);
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age -= 1;
  return age;
}

/** 'yes' → true, 'no' → false, anything else (unanswered) → null. */
export const yesNo = (value: string | undefined): boolean | null =>
  value === 'yes' ? true : value === 'no' ? false : null;

/** camelCase → snake_case: dateOfBirth → date_of_birth, reference1Name → reference1_name. */
export const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Trimmed text, or null when empty. */
export const textOrNull = (value: string | undefined | null) => {
  const t = (value ?? '').trim();
  return t === '' ? null : t;
};
