// The admin member form (create and edit a directory entry) as a zod schema with the spec's
// messages (§5); its conversion to the row the server stores is lib/member-row.ts. The database checks the
// same formats (migrations/0013_members.sql): this only says so before the round trip.
import { z } from 'zod';
import type { Database } from '@havyaka/sdk/database';
import {
  isEmail,
  isPhone,
  isPincode,
  isValidDate,
  isPastDate,
  messages,
  text,
} from '@/lib/validation/validators';
import { adminValidationText } from '../text';

const f = adminValidationText.fields;

const optional = (field: string, max: number) =>
  z.string().trim().max(max, messages.max(field, max));

export const memberFormSchema = z
  .object({
    full_name: text(f.full_name, 1, 200),
    email: optional(f.email, 320).refine((v) => v === '' || isEmail(v), messages.email),
    mobile_number: optional(f.mobile_number, 30).refine(
      (v) => v === '' || isPhone(v),
      messages.phone,
    ),
    member_type: z.string().trim().min(1, messages.required(f.member_type)).max(50),
    date_of_birth: z
      .string()
      .trim()
      .refine((v) => v === '' || (isValidDate(v) && isPastDate(v)), adminValidationText.pastDate),
    gotra: optional(f.gotra, 100),
    profession: optional(f.profession, 200),
    address_line1: optional(f.address_line1, 300),
    address_line2: optional(f.address_line2, 300),
    city: optional(f.city, 100),
    state: optional(f.state, 100),
    pincode: z
      .string()
      .trim()
      .refine((v) => v === '' || isPincode(v), messages.pattern(f.pincode)),
    native_place: optional(f.native_place, 100),
    sandesha_delivery_method: optional(f.sandesha_delivery_method, 50),
    sandesha_delivery_enabled: z.boolean(),
    /** An upgradation keeps the member's existing membership number (spec §7). */
    is_upgradation: z.boolean(),
    membership_no: optional(f.membership_no, 50),
    remarks: optional(f.remarks, 1000),
    approval_notes: optional(f.approval_notes, 1000),
  })
  .superRefine((v, ctx) => {
    if (v.is_upgradation && !v.membership_no)
      ctx.addIssue({
        code: 'custom',
        path: ['membership_no'],
        message: messages.required(f.existing_membership_no),
      });
  });
export type MemberFormValues = z.infer<typeof memberFormSchema>;

export const emptyMemberForm: MemberFormValues = {
  full_name: '',
  email: '',
  mobile_number: '',
  member_type: 'life',
  date_of_birth: '',
  gotra: '',
  profession: '',
  address_line1: '',
  address_line2: '',
  city: '',
  state: '',
  pincode: '',
  native_place: '',
  sandesha_delivery_method: '',
  sandesha_delivery_enabled: true,
  is_upgradation: false,
  membership_no: '',
  remarks: '',
  approval_notes: '',
};

/** The form's values for an existing entry. */
export function memberFormValues(
  row: Database['public']['Tables']['member_directory']['Row'],
): MemberFormValues {
  const s = (v: string | null | undefined) => v ?? '';
  return {
    full_name: row.full_name,
    email: s(row.email),
    mobile_number: s(row.mobile_number),
    member_type: row.member_type,
    date_of_birth: s(row.date_of_birth),
    gotra: s(row.gotra),
    profession: s(row.profession),
    address_line1: s(row.address_line1),
    address_line2: s(row.address_line2),
    city: s(row.city),
    state: s(row.state),
    pincode: s(row.pincode),
    native_place: s(row.native_place),
    sandesha_delivery_method: s(row.sandesha_delivery_method),
    sandesha_delivery_enabled: row.sandesha_delivery_enabled,
    is_upgradation: !row.membership_no.startsWith('NEW-'),
    membership_no: row.membership_no,
    remarks: s(row.remarks),
    approval_notes: s(row.approval_notes),
  };
}
