// The own-profile page's values and changes: a stored profile as form values, and only the
// columns that changed (never the ones locked after approval).
import type { OwnProfile } from './api/profiles';
import { columnOf, matrimonyFields, toMatrimonyProfile, type MatrimonyValues } from './schema';
import { changedColumns } from '@/lib/registration/changes';

/** Who the person is: checked at approval, changed by the trust afterwards. */
export const LOCKED_AFTER_APPROVAL = [
  'firstName',
  'surname',
  'gender',
  'dateOfBirth',
  'memberOfTrust',
  'membershipNo',
];

export function toMatrimonyValues(p: OwnProfile): MatrimonyValues {
  // One flat form over the profile and its contact details (stored apart).
  const { contacts, ...profile } = p;
  const stored: Record<string, unknown> = { ...(contacts ?? {}), ...profile };
  const values: Record<string, string> = {};
  for (const key of Object.keys(matrimonyFields)) {
    const raw = stored[columnOf(key)];
    values[key] =
      raw === null || raw === undefined
        ? ''
        : typeof raw === 'boolean'
          ? raw
            ? 'yes'
            : 'no'
          : String(raw);
  }
  return values as unknown as MatrimonyValues;
}

export function matrimonyChanges(
  initial: MatrimonyValues,
  values: MatrimonyValues,
  locked: readonly string[],
): Record<string, unknown> {
  const lockedColumns = new Set(locked.map(columnOf));
  return changedColumns(toMatrimonyProfile(initial), toMatrimonyProfile(values), lockedColumns);
}
