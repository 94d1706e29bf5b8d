// A directory entry as the server stores it: the member types and delivery methods, and a
// member form's values as the row to write (spec §5 edit rule), apart from the form's zod rules
// (lib/member-schema.ts), which the list screen does not load.
import type { Database } from '@havyaka/sdk/database';
import type { MemberFormValues } from './member-schema';

type Insert = Database['public']['Tables']['member_directory']['Insert'];
/** The fields the form writes (the server gives unique_id, and membership_no when empty). */
export type MemberRow = Omit<Insert, 'unique_id' | 'membership_no'> & { membership_no?: string };

export const MEMBER_TYPES = ['life', 'annual', 'patron', 'honorary'] as const;
export const DELIVERY_METHODS = ['post', 'email', 'whatsapp', 'hand'] as const;

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The row to insert or update: empty strings are stored as null (spec §5 edit rule). */
export function memberRow(values: MemberFormValues, mode: 'create' | 'edit'): MemberRow {
  const row: MemberRow = {
    full_name: values.full_name.trim(),
    email: orNull(values.email)?.toLowerCase() ?? null,
    mobile_number: orNull(values.mobile_number),
    member_type: values.member_type.trim(),
    date_of_birth: orNull(values.date_of_birth),
    gotra: orNull(values.gotra),
    profession: orNull(values.profession),
    address_line1: orNull(values.address_line1),
    address_line2: orNull(values.address_line2),
    city: orNull(values.city),
    state: orNull(values.state),
    pincode: orNull(values.pincode),
    native_place: orNull(values.native_place),
    sandesha_delivery_method: orNull(values.sandesha_delivery_method),
    sandesha_delivery_enabled: values.sandesha_delivery_enabled,
    remarks: orNull(values.remarks),
    approval_notes: orNull(values.approval_notes),
    // The server numbers the entry: the supplied number for an upgradation, else NEW-<time>.
    membership_no: values.is_upgradation ? values.membership_no.trim() : '',
  };
  if (mode === 'edit') {
    // An edit keeps the number unless the admin changed it.
    if (values.membership_no.trim()) row.membership_no = values.membership_no.trim();
    else delete row.membership_no;
  }
  return row;
}
