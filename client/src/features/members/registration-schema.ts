// The membership application (spec: form rules "not shown"; docs/registration.md): name,
// contact, member type, date of birth, gotra, profession, address, city, native place,
// Sandesha delivery, and "I am already a member" with the existing number (spec §7).
import type { Json } from '@havyaka/sdk/database';
import { z } from 'zod';
import { personFields } from '@/lib/registration/person-fields';
import { withAccount } from '@/lib/validation/account';
import { parseDate as toIsoDate, textOrNull } from '@/lib/validation/parsers';
import {
  aadhar,
  blankValues,
  optionalEmail,
  optionalText,
  pan,
  pincode,
  requiredMobile,
} from '@/lib/validation/as-typed';
import { messages } from '@/lib/validation/text';
import { registrationValidationText } from './registration-text';

const f = registrationValidationText.fields;

export const memberFields = {
  ...personFields(f),
  gotra: optionalText(f.gotra, 100),
  nakshatraRashi: optionalText(f.nakshatraRashi, 100),
  motherTongue: optionalText(f.motherTongue, 50),
  profession: optionalText(f.profession, 200),
  education: optionalText(f.education, 200),
  mobileNumber: requiredMobile,
  email: optionalEmail(),
  addressLine1: optionalText(f.addressLine1, 300),
  addressLine2: optionalText(f.addressLine2, 300),
  city: optionalText(f.city, 100),
  state: optionalText(f.state, 100),
  pincode: pincode(f.pincode),
  nativePlace: optionalText(f.nativePlace, 100),
  memberType: z.string().refine((v) => ['life', 'annual', 'patron'].includes(v), {
    message: messages.required(f.memberType),
  }),
  isUpgradation: z.boolean(),
  existingMembershipNo: optionalText(f.existingMembershipNo, 50),
  sandeshaDeliveryMethod: z.string(),
  showInDirectory: z.boolean(),
  panNumber: pan,
  aadharNumber: aadhar,
};

const upgradeNeedsNumber = (v: { isUpgradation: boolean; existingMembershipNo: string }) =>
  !v.isUpgradation || v.existingMembershipNo.trim() !== '';
const UPGRADE = {
  message: messages.required(f.existingMembershipNo),
  path: ['existingMembershipNo'],
};

export const memberSchema = z.object(memberFields).refine(upgradeNeedsNumber, UPGRADE);
export const memberWithAccountSchema = withAccount(memberFields).refine(
  upgradeNeedsNumber,
  UPGRADE,
);
export type MemberValues = z.infer<typeof memberSchema>;

export const emptyMember: MemberValues = {
  ...blankValues<MemberValues>(memberFields),
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
