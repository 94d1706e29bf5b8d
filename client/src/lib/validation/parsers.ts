// Smart input parsers (spec §5): what people type into height, weight, phone, age and income
// fields becomes a value within the spec's bounds, or null; and how each is shown.

export interface Height {
  cm: number;
  display: string;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function feetInches(totalInches: number) {
  const feet = Math.floor(totalInches / 12);
  const inches = Math.round(totalInches - feet * 12);
  return inches === 12 ? `${feet + 1}'0"` : `${feet}'${inches}"`;
}

/** A height; centimetre and metre input must be 100-250 cm (feet have their own bounds). */
function height(cm: number, bounded = true): Height | null {
  if (bounded && !(cm >= 100 && cm <= 250)) return null;
  const rounded = Math.round(cm);
  return { cm: rounded, display: `${rounded} cm (${feetInches(cm / 2.54)})` };
}

const MIN_INCHES = 36; // 3'0"
const MAX_INCHES = 96; // 8'0"

/** Centimetres (100-250), metres, feet and inches (3'0" to 8'0"), or decimal feet (3.0-8.0). */
export function parseHeight(input: string): Height | null {
  // What it displays reads back ("175 cm (5'9")", as stored): the part in brackets is a gloss.
  const s = input
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*\([^()]*\)$/, '');
  if (!s) return null;
  const fi = /^(\d+)\s*(?:'|ft|feet|foot)\s*(?:(\d+(?:\.\d+)?)\s*(?:"|''|in|inch|inches)?)?$/.exec(
    s,
  );
  if (fi) {
    const inches = Number(fi[1]) * 12 + Number(fi[2] ?? 0);
    if (Number(fi[2] ?? 0) >= 12 || inches < MIN_INCHES || inches > MAX_INCHES) return null;
    return height(inches * 2.54, false);
  }
  const unit = /^(\d+(?:\.\d+)?)\s*(cm|m|ft)?$/.exec(s);
  if (!unit) return null;
  const n = Number(unit[1]);
  switch (unit[2]) {
    case 'cm':
      return height(n);
    case 'm':
      return height(n * 100);
    case 'ft':
      return n >= 3 && n <= 8 ? height(n * 30.48, false) : null;
  }
  if (n >= 100) return height(n);
  if (n >= 3 && n <= 8) return height(n * 30.48, false);
  if (n >= 1 && n < 3) return height(n * 100);
  return null;
}

export interface Weight {
  kg: number;
  display: string;
}

/** 30-200 kg, or 66-440 lbs (with a lb/lbs/pound unit). */
export function parseWeight(input: string): Weight | null {
  const m = /^(\d+(?:\.\d+)?)\s*(kg|kgs|kilograms?|lb|lbs|pounds?)?$/.exec(
    input.trim().toLowerCase(),
  );
  if (!m) return null;
  const n = Number(m[1]);
  const pounds = m[2]?.startsWith('lb') || m[2]?.startsWith('pound');
  if (pounds) {
    if (n < 66 || n > 440) return null;
    const kg = round1(n * 0.45359237);
    return { kg, display: `${kg} kg (${n} lbs)` };
  }
  if (n < 30 || n > 200) return null;
  return { kg: round1(n), display: `${round1(n)} kg` };
}

/** Indian mobile numbers: 10 digits starting 6-9; a 91 (or +91, 0) prefix is accepted. */
export function parsePhone(input: string): { digits: string; display: string } | null {
  let d = input.replace(/\D/g, '');
  if (d.length === 12 && d.startsWith('91')) d = d.slice(2);
  else if (d.length === 11 && d.startsWith('0')) d = d.slice(1);
  if (!/^[6-9]\d{9}$/.test(d)) return null;
  return { digits: d, display: `+91 ${d.slice(0, 5)}-${d.slice(5)}` };
}

/** A stored phone number for people: an Indian mobile as +91 98200-44444, others as stored. */
export const phoneForPeople = (stored: string) => parsePhone(stored)?.display ?? stored;

/** Ages 1-120, whole years. */
export function parseAge(input: string): number | null {
  const m = /^(\d+)\s*(?:y|yr|yrs|years?)?$/.exec(input.trim().toLowerCase());
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 && n <= 120 ? n : null;
}

export const MAX_INCOME = 100_000_000;
const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
export const formatInr = (n: number) => inr.format(n);

/** Plain digits (commas allowed), k, lakh/L, crore/cr; at most 10 crore (100,000,000). */
export function parseIncome(input: string): { amount: number; display: string } | null {
  const m =
    /^(?:₹|rs\.?|inr)?\s*(\d+(?:\.\d+)?)\s*(k|thousand|l|lac|lacs|lakh|lakhs|cr|crore|crores)?$/.exec(
      input.trim().toLowerCase().replace(/,/g, ''),
    );
  if (!m) return null;
  const unit = m[2] ?? '';
  const factor =
    unit === 'k' || unit === 'thousand'
      ? 1_000
      : unit.startsWith('l')
        ? 100_000
        : unit.startsWith('cr')
          ? 10_000_000
          : 1;
  const amount = Math.round(Number(m[1]) * factor);
  if (amount < 0 || amount > MAX_INCOME) return null;
  return { amount, display: formatInr(amount) };
}

/** ABCDE1234F, uppercased; null when not a PAN. */
export function formatPan(input: string): string | null {
  const v = input.replace(/\s/g, '').toUpperCase();
  return /^[A-Z]{5}\d{4}[A-Z]$/.test(v) ? v : null;
}

/** 1234 5678 9012; null when not 12 digits (spaces ignored). */
export function formatAadhar(input: string): string | null {
  const v = input.replace(/\s/g, '');
  return /^\d{12}$/.test(v) ? `${v.slice(0, 4)} ${v.slice(4, 8)} ${v.slice(8)}` : null;
}

/**
 * A date typed as YYYY-MM-DD, DD/MM/YYYY or DD-MM-YYYY (spec §5, matrimony form) → YYYY-MM-DD;
 * null when it is not a real calendar date.
 */
/** Typed as a date (YYYY-MM-DD, DD/MM/YYYY or DD-MM-YYYY), whether or not that day exists. */
export const isDateShaped = (input: string) =>
  /^(\d{4})-(\d{1,2})-(\d{1,2})$|^(\d{1,2})([/-])(\d{1,2})\5(\d{4})$/.test(input.trim());

export function parseDate(input: string): string | null {
  const v = input.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v);
  if (match) [y, m, d] = [+match[1], +match[2], +match[3]];
  else {
    match = /^(\d{1,2})([/-])(\d{1,2})\2(\d{4})$/.exec(v);
    if (!match) return null;
    [d, m, y] = [+match[1], +match[3], +match[4]];
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return null;
  }
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Yes/no flags (spec §5): yes/no, y/n, true/false, 1/0 (any case) → boolean; else null. */
export function parseYesNo(input: unknown): boolean | null {
  if (typeof input === 'boolean') return input;
  if (typeof input === 'number') return input === 1 ? true : input === 0 ? false : null;
  if (typeof input !== 'string') return null;
  const v = input.trim().toLowerCase();
  if (['yes', 'y', 'true', '1', 'on'].includes(v)) return true;
  if (['no', 'n', 'false', '0', 'off'].includes(v)) return false;
  return null;
}

/** Whole years from a YYYY-MM-DD date of birth to `today`. */
export function ageOn(iso: string, today = new Date()): number {
  const [y, m, d] = iso.split('-').map(Number);
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age -= 1;
  return age;
}

/** Trimmed text, or null when empty (spec §5: empty answers are stored as null). */
export const textOrNull = (value: string | undefined | null) => {
  const t = (value ?? '').trim();
  return t === '' ? null : t;
};

/** A form key as its column: dateOfBirth → date_of_birth, reference1Name → reference1_name. */
export const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A web address as people type it: a bare host ('udupisweets.example') gets https:// in
 *  front (as the database does, app.web_address); anything else is returned trimmed. */
export function webAddress(input: string): string {
  const v = input.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(v)) return v;
  const host =
    /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}(:\d+)?([/?#]\S*)?$/i;
  return host.test(v) ? `https://${v}` : v;
}
