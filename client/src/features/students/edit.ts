// What the edit page loads and saves: the application as form values, the changes as columns
// (only what changed is sent), and which answers stay the student's after a decision.
import { z } from 'zod';
import type { StudentApplication } from './api/students';
import { fieldNames, messages } from '@/lib/validation/text';
import { studentFields, toStudentApplication, type StudentValues } from './schema';
import { changedColumns } from '@/lib/registration/changes';

/** After approval or rejection the student keeps these up to date (the database agrees). */
export const EDITABLE_AFTER_DECISION = [
  'mobileNumber',
  'currentAddress',
  'permanentAddress',
  'currentPincode',
  'permanentPincode',
  'fatherEmail',
  'fatherMobile',
  'motherEmail',
  'motherMobile',
];

const MASKED_PAN = /^X{6}[0-9A-Z]{4}$/;
const MASKED_AADHAR = /^XXXX XXXX \d{4}$/;

/** The stored masks count as "unchanged" (the vault keeps the numbers). */
export const studentEditSchema = z.object({
  ...studentFields,
  panNo: z.string().refine((v) => MASKED_PAN.test(v) || studentFields.panNo.safeParse(v).success, {
    message: messages.pattern(fieldNames.pan),
  }),
  aadharNo: z
    .string()
    .refine((v) => MASKED_AADHAR.test(v) || studentFields.aadharNo.safeParse(v).success, {
      message: messages.pattern(fieldNames.aadhar),
    }),
});

export function toStudentValues(a: StudentApplication): StudentValues {
  const values = {} as Record<string, string>;
  for (const key of Object.keys(studentFields)) {
    const column = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    const raw = (a as unknown as Record<string, unknown>)[column];
    values[key] = raw === null || raw === undefined ? '' : String(raw);
  }
  return values as unknown as StudentValues;
}

/** The columns whose value differs from the loaded application (cleared answers as null). */
export function studentChanges(
  initial: StudentValues,
  values: StudentValues,
  locked: readonly string[] = [],
): Record<string, unknown> {
  const lockedColumns = new Set(
    locked.map((k) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)),
  );
  return changedColumns(toStudentApplication(initial), toStudentApplication(values), lockedColumns);
}
