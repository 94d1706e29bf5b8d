// The form kit's local draft of a long form, so a closed tab loses nothing: every answer but those
// that must never sit in the browser's storage (passwords, PAN, Aadhaar, passport, files).
import { readLocal, writeLocal } from '@/lib/storage';

export const NEVER_KEPT = [
  'password',
  'confirmPassword',
  'panNo',
  'aadharNo',
  'panNumber',
  'aadharNumber',
  'passportNo',
  'captcha',
  'website',
] as const;

const key = (form: string) => `havyaka:draft:${form}`;

export function saveDraft(form: string, values: Record<string, unknown>) {
  const kept: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if ((NEVER_KEPT as readonly string[]).includes(k)) continue;
    if (typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number') kept[k] = v;
  }
  writeLocal(key(form), kept);
}

export function loadDraft(form: string): Record<string, string | boolean | number> | null {
  const draft = readLocal<Record<string, string | boolean | number> | null>(key(form), null);
  if (!draft || typeof draft !== 'object') return null;
  for (const k of NEVER_KEPT) delete draft[k];
  return Object.keys(draft).length ? draft : null;
}

export function clearDraft(form: string) {
  try {
    localStorage.removeItem(key(form));
  } catch {
    // nothing kept
  }
}
