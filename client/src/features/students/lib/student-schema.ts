// The admin student forms (add for someone, edit) as zod schemas with spec §5's student-form
// messages; the server checks the same formats (student_details constraints, the vault trigger).
import { z } from 'zod';
import type { Database } from '@havyaka/sdk/database';
import {
  isAadhar,
  isEmail,
  isPan,
  isPincode,
  isValidDate,
  messages,
  mobileError,
} from '@/lib/validation/validators';
import { accountMessages, fieldNames } from '@/lib/validation/text';
import { adminValidationText } from '../admin-text';

type Insert = Database['public']['Tables']['student_details']['Insert'];
const f = adminValidationText.fields;

const optional = (field: string, max: number) =>
  z.string().trim().max(max, messages.max(field, max));
const optionalMobile = z
  .string()
  .trim()
  .refine((v) => v === '' || mobileError(v) === null, messages.mobileInvalid);
const money = z
  .string()
  .trim()
  .refine(
    (v) => v === '' || (/^\d+(\.\d{1,2})?$/.test(v) && Number(v) <= 100_000_000),
    adminValidationText.amount,
  );

export const studentDetailsSchema = z.object({
  first_name: z.string().trim().min(1, messages.required(f.first_name)).max(100),
  surname: z.string().trim().min(1, messages.required(f.surname)).max(100),
  father_name: optional(f.father_name, 200),
  date_of_birth: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidDate(v), adminValidationText.date),
  gender: z.enum(['', 'male', 'female', 'other']),
  email: z.string().trim().refine(isEmail, accountMessages.email),
  mobile_number: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (!v) ctx.addIssue({ code: 'custom', message: messages.required(fieldNames.mobile) });
      else if (mobileError(v) !== null) ctx.addIssue({ code: 'custom', message: mobileError(v)! });
    }),
  current_address: optional(f.current_address, 500),
  current_pincode: z
    .string()
    .trim()
    .refine((v) => v === '' || isPincode(v), messages.pattern(fieldNames.pincode)),
  pan_no: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || isPan(v) || /^X{6}[0-9A-Z]{4}$/.test(v),
      messages.pattern(fieldNames.pan),
    ),
  aadhar_no: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || isAadhar(v) || /^XXXX XXXX \d{4}$/.test(v),
      messages.pattern(fieldNames.aadhar),
    ),
  hometown: optional(f.hometown, 100),
  last_qualification: optional(f.last_qualification, 200),
  institution_name: optional(f.institution_name, 200),
  studying_class: optional(f.studying_class, 100),
  academic_year: optional(f.academic_year, 20),
  course_details: optional(f.course_details, 2000),
  total_fees: money,
  donation_seeking: money,
  family_income: money,
  father_mobile: optionalMobile,
  mother_mobile: optionalMobile,
  why_donation: optional(f.why_donation, 2000),
});
export type StudentDetailsValues = z.infer<typeof studentDetailsSchema>;

export const newStudentSchema = studentDetailsSchema.extend({
  password: z.string().min(6, accountMessages.passwordMin),
  approve: z.boolean(),
});
export type NewStudentValues = z.infer<typeof newStudentSchema>;

export const emptyStudentDetails: StudentDetailsValues = {
  first_name: '',
  surname: '',
  father_name: '',
  date_of_birth: '',
  gender: '',
  email: '',
  mobile_number: '',
  current_address: '',
  current_pincode: '',
  pan_no: '',
  aadhar_no: '',
  hometown: '',
  last_qualification: '',
  institution_name: '',
  studying_class: '',
  academic_year: '',
  course_details: '',
  total_fees: '',
  donation_seeking: '',
  family_income: '',
  father_mobile: '',
  mother_mobile: '',
  why_donation: '',
};

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
const num = (v: string) => (v.trim() === '' ? null : Number(v));

/** The row the server stores: empty strings as null, amounts as numbers. */
export function studentRow(v: StudentDetailsValues): Omit<Insert, 'user_id'> {
  return {
    first_name: v.first_name.trim(),
    surname: v.surname.trim(),
    father_name: orNull(v.father_name),
    date_of_birth: orNull(v.date_of_birth),
    gender: orNull(v.gender),
    email: v.email.trim().toLowerCase(),
    mobile_number: v.mobile_number.trim(),
    current_address: orNull(v.current_address),
    current_pincode: orNull(v.current_pincode),
    // A masked value sent back unchanged keeps the stored number (the vault trigger).
    pan_no: orNull(v.pan_no)?.toUpperCase() ?? null,
    aadhar_no: orNull(v.aadhar_no),
    hometown: orNull(v.hometown),
    last_qualification: orNull(v.last_qualification),
    institution_name: orNull(v.institution_name),
    studying_class: orNull(v.studying_class),
    academic_year: orNull(v.academic_year),
    course_details: orNull(v.course_details),
    total_fees: num(v.total_fees),
    donation_seeking: num(v.donation_seeking),
    family_income: num(v.family_income),
    father_mobile: orNull(v.father_mobile),
    mother_mobile: orNull(v.mother_mobile),
    why_donation: orNull(v.why_donation),
  };
}

export function studentFormValues(
  row: Database['public']['Tables']['student_details']['Row'],
): StudentDetailsValues {
  const s = (v: string | number | null | undefined) =>
    v === null || v === undefined ? '' : String(v);
  return {
    first_name: row.first_name,
    surname: row.surname,
    father_name: s(row.father_name),
    date_of_birth: s(row.date_of_birth),
    gender: (row.gender ?? '') as StudentDetailsValues['gender'],
    email: row.email,
    mobile_number: row.mobile_number,
    current_address: s(row.current_address),
    current_pincode: s(row.current_pincode),
    pan_no: s(row.pan_no),
    aadhar_no: s(row.aadhar_no),
    hometown: s(row.hometown),
    last_qualification: s(row.last_qualification),
    institution_name: s(row.institution_name),
    studying_class: s(row.studying_class),
    academic_year: s(row.academic_year),
    course_details: s(row.course_details),
    total_fees: s(row.total_fees),
    donation_seeking: s(row.donation_seeking),
    family_income: s(row.family_income),
    father_mobile: s(row.father_mobile),
    mother_mobile: s(row.mother_mobile),
    why_donation: s(row.why_donation),
  };
}
