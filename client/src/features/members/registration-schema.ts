// The membership application (spec: form rules "not shown"; README, Registration): name,
// contact, member type, date of birth, gotra, profession, address, city, native place,
// Sandesha delivery, and "I am already a member" with the existing number (spec §7).
import type { Json } from '@havyaka/sdk/database';
import { z } from 'zod';
import { accountFields } from '@/lib/validation/account';
import { parseDate as toIsoDate, textOrNull } from '@/lib/validation/parsers';
import {
  aadhar,
  dateField,
  optionalEmail,
  optionalText,
  pan,
  pincode,
  requiredMobile,
  requiredText,
} from '@/lib/validation/as-typed';

export const memberFields = {
  firstName: requiredText('First name is required'),
  surname: requiredText('Surname is required'),
  fatherName: optionalText("Father's name", 200),
  dateOfBirth: dateField('Date of birth', { past: true }),
  gender: z.string(),
  gotra: optionalText('Gotra', 100),
  nakshatraRashi: optionalText('Nakshatra / Rashi', 100),
  motherTongue: optionalText('Mother tongue', 50),
  profession: optionalText('Profession', 200),
  education: optionalText('Education', 200),
  mobileNumber: requiredMobile,
  email: optionalEmail(),
  addressLine1: optionalText('Address line 1', 300),
  addressLine2: optionalText('Address line 2', 300),
  city: optionalText('City', 100),
  state: optionalText('State', 100),
  pincode: pincode('Pincode'),
  nativePlace: optionalText('Native place', 100),
  memberType: z.string().refine((v) => ['life', 'annual', 'patron'].includes(v), {
    message: 'Member type is required',
  }),
  isUpgradation: z.boolean(),
  existingMembershipNo: optionalText('Existing membership number', 50),
  sandeshaDeliveryMethod: z.string(),
  showInDirectory: z.boolean(),
  panNumber: pan,
  aadharNumber: aadhar,
};

const upgradeNeedsNumber = (v: { isUpgradation: boolean; existingMembershipNo: string }) =>
  !v.isUpgradation || v.existingMembershipNo.trim() !== '';
const UPGRADE = {
  message: 'Existing membership number is required',
  path: ['existingMembershipNo'],
};

export const memberSchema = z.object(memberFields).refine(upgradeNeedsNumber, UPGRADE);
export const memberWithAccountSchema = z
  .object({ ...memberFields, ...accountFields })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  })
  .refine(upgradeNeedsNumber, UPGRADE);
export type MemberValues = z.infer<typeof memberSchema>;

export const emptyMember: MemberValues = {
  ...(Object.fromEntries(Object.keys(memberFields).map((k) => [k, ''])) as unknown as MemberValues),
  isUpgradation: false,
  showInDirectory: true,
  sandeshaDeliveryMethod: 'post',
};

/** The application register_member stores. */
export function toMemberApplication(values: MemberValues): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  for (const key of Object.keys(memberFields)) {
    const raw = (values as Record<string, unknown>)[key];
    const column = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    if (typeof raw === 'boolean') {
      out[column] = raw;
      continue;
    }
    const value = textOrNull(raw as string);
    if (value === null) continue;
    if (key === 'dateOfBirth') out[column] = toIsoDate(value);
    else if (key === 'panNumber') out[column] = value.replace(/\s/g, '').toUpperCase();
    else if (key === 'aadharNumber') out[column] = value.replace(/\s/g, '');
    else if (key === 'existingMembershipNo' && !values.isUpgradation) continue;
    else out[column] = value;
  }
  return out;
}

export const memberFieldOfColumn = (column: string) =>
  column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
