// The CSV export of the directory: every column staff need, in the register's words.
import type { CsvColumn } from '@/lib/csv';
import type { DirectoryRow } from '../api/admin-directory';
import { adminText as text } from '../text';

const f = text.fields;
export const directoryCsvColumns: CsvColumn<DirectoryRow>[] = [
  { header: f.unique_id, value: 'unique_id' },
  { header: f.membership_no, value: 'membership_no' },
  { header: f.full_name, value: 'full_name' },
  { header: f.email, value: 'email' },
  { header: f.mobile_number, value: 'mobile_number' },
  { header: f.member_type, value: 'member_type' },
  { header: f.date_of_birth, value: 'date_of_birth' },
  { header: f.gotra, value: 'gotra' },
  { header: f.profession, value: 'profession' },
  { header: f.address_line1, value: 'address_line1' },
  { header: f.address_line2, value: 'address_line2' },
  { header: f.city, value: 'city' },
  { header: f.state, value: 'state' },
  { header: f.pincode, value: 'pincode' },
  { header: f.native_place, value: 'native_place' },
  { header: f.status, value: 'status' },
  { header: f.approval_status, value: 'approval_status' },
  { header: f.approved_at_label, value: 'approved_at' },
  { header: f.remarks, value: 'remarks' },
  { header: f.sandesha_delivery_method, value: 'sandesha_delivery_method' },
  {
    header: f.sandesha_delivery_enabled,
    value: (r) => (r.sandesha_delivery_enabled ? text.csvYes : text.csvNo),
  },
  { header: f.created_at, value: 'created_at' },
];

/** members-2026-11-26 (filtered views say so). */
export const directoryCsvName = (filtered: boolean, now = new Date()) =>
  `members${filtered ? '-filtered' : ''}-${now.toISOString().slice(0, 10)}`;
