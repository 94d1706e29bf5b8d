// The student registration form (spec §3 Student details, §5 Student form): its fields as
// typed, the rules with the spec's messages, and the application the server stores.
import type { Json } from '@havyaka/sdk/database';
import { z } from 'zod';
import { parseIncome } from '@/lib/validation/parsers';
import { accountFields } from '@/lib/validation/account';
import { parseDate as toIsoDate, textOrNull } from '@/lib/validation/parsers';
import {
  aadhar,
  amountField,
  dateField,
  optionalEmail,
  optionalMobile,
  optionalText,
  pan,
  passport,
  pincode,
  requiredMobile,
  requiredText,
} from '@/lib/validation/as-typed';

export const studentFields = {
  firstName: requiredText('First name is required'),
  surname: requiredText('Surname is required'),
  fatherName: optionalText("Father's name", 200),
  dateOfBirth: dateField('Date of birth', { past: true }),
  gender: z.string(),
  mobileNumber: requiredMobile,
  hometown: optionalText('Hometown', 100),
  currentAddress: optionalText('Current address', 500),
  currentPincode: pincode('Current pincode'),
  permanentAddress: optionalText('Permanent address', 500),
  permanentPincode: pincode('Permanent pincode'),
  panNo: pan,
  aadharNo: aadhar,
  passportNo: passport,
  lastQualification: optionalText('Last qualification', 200),
  studyingClass: optionalText('Class or year of study', 100),
  institutionName: optionalText('Institution name', 200),
  academicYear: optionalText('Academic year', 20),
  coursePlanning: optionalText('Course planning', 2000),
  courseDetails: optionalText('Course details', 2000),
  totalFees: amountField('Total fees'),
  fatherOccupation: optionalText("Father's occupation", 200),
  fatherEmail: optionalEmail('Invalid email address'),
  fatherMobile: optionalMobile,
  motherName: optionalText("Mother's name", 200),
  motherOccupation: optionalText("Mother's occupation", 200),
  motherEmail: optionalEmail('Invalid email address'),
  motherMobile: optionalMobile,
  familyIncome: amountField('Family income'),
  selfContribution: amountField('Self contribution'),
  donationSeeking: amountField('Donation sought'),
  financialAssistance: amountField('Financial assistance received'),
  whyDonation: optionalText('Why you seek aid', 2000),
  reference1Name: optionalText('Reference 1 name', 200),
  reference1Contact: optionalText('Reference 1 contact', 200),
  reference2Name: optionalText('Reference 2 name', 200),
  reference2Contact: optionalText('Reference 2 contact', 200),
};

export const studentSchema = z.object(studentFields);
export const studentWithAccountSchema = z
  .object({ ...accountFields, ...studentFields })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type StudentValues = z.infer<typeof studentSchema>;
export type StudentFormValues = StudentValues & {
  email?: string;
  password?: string;
  confirmPassword?: string;
};

export const emptyStudent = Object.fromEntries(
  Object.keys(studentFields).map((k) => [k, '']),
) as StudentValues;

const MONEY = [
  'totalFees',
  'familyIncome',
  'selfContribution',
  'donationSeeking',
  'financialAssistance',
];

/** The application register_student stores (snake_case columns; empty answers null). */
export function toStudentApplication(
  values: StudentValues,
  documents: string[] = [],
): { [key: string]: Json } {
  const app: { [key: string]: Json } = {};
  // Only the form's own fields: never the account's password.
  for (const key of Object.keys(studentFields)) {
    const raw = (values as Record<string, unknown>)[key];
    const column = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    const value = typeof raw === 'string' ? textOrNull(raw) : raw;
    if (value === null || value === undefined) continue;
    if (key === 'dateOfBirth') app[column] = toIsoDate(value as string);
    else if (MONEY.includes(key)) app[column] = parseIncome(value as string)?.amount ?? null;
    else if (key === 'panNo') app[column] = (value as string).replace(/\s/g, '').toUpperCase();
    else if (key === 'aadharNo') app[column] = (value as string).replace(/\s/g, '');
    else app[column] = value as Json;
  }
  if (documents.length) app.documents = documents;
  return app;
}
