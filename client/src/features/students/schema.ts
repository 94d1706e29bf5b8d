// The student registration form (spec §3 Student details, §5 Student form): its fields as
// typed, the rules with the spec's messages, and the application the server stores.
import type { Json } from '@havyaka/sdk/database';
import { z } from 'zod';
import { parseIncome } from '@/lib/validation/parsers';
import { personFields } from '@/lib/registration/person-fields';
import { withAccount } from '@/lib/validation/account';
import { parseDate as toIsoDate, textOrNull } from '@/lib/validation/parsers';
import {
  aadhar,
  amountField,
  blankValues,
  optionalEmail,
  optionalMobile,
  optionalText,
  pan,
  passport,
  pincode,
  requiredMobile,
} from '@/lib/validation/as-typed';
import { accountMessages } from '@/lib/validation/text';
import { validationText } from './text';

const f = validationText.fields;

export const studentFields = {
  ...personFields(f),
  mobileNumber: requiredMobile,
  hometown: optionalText(f.hometown, 100),
  currentAddress: optionalText(f.currentAddress, 500),
  currentPincode: pincode(f.currentPincode),
  permanentAddress: optionalText(f.permanentAddress, 500),
  permanentPincode: pincode(f.permanentPincode),
  panNo: pan,
  aadharNo: aadhar,
  passportNo: passport,
  lastQualification: optionalText(f.lastQualification, 200),
  studyingClass: optionalText(f.studyingClass, 100),
  institutionName: optionalText(f.institutionName, 200),
  academicYear: optionalText(f.academicYear, 20),
  coursePlanning: optionalText(f.coursePlanning, 2000),
  courseDetails: optionalText(f.courseDetails, 2000),
  totalFees: amountField(f.totalFees),
  fatherOccupation: optionalText(f.fatherOccupation, 200),
  fatherEmail: optionalEmail(accountMessages.email),
  fatherMobile: optionalMobile,
  motherName: optionalText(f.motherName, 200),
  motherOccupation: optionalText(f.motherOccupation, 200),
  motherEmail: optionalEmail(accountMessages.email),
  motherMobile: optionalMobile,
  familyIncome: amountField(f.familyIncome),
  selfContribution: amountField(f.selfContribution),
  donationSeeking: amountField(f.donationSeeking),
  financialAssistance: amountField(f.financialAssistance),
  whyDonation: optionalText(f.whyDonation, 2000),
  reference1Name: optionalText(f.reference1Name, 200),
  reference1Contact: optionalText(f.reference1Contact, 200),
  reference2Name: optionalText(f.reference2Name, 200),
  reference2Contact: optionalText(f.reference2Contact, 200),
};

export const studentSchema = z.object(studentFields);
export const studentWithAccountSchema = withAccount(studentFields);
export type StudentValues = z.infer<typeof studentSchema>;
export type StudentFormValues = StudentValues & {
  email?: string;
  password?: string;
  confirmPassword?: string;
};

export const emptyStudent = blankValues<StudentValues>(studentFields);

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
