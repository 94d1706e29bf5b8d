// The answers the member and student registrations open with: the name, the father's name,
// the date of birth and the gender, checked with the spec's messages.
import { z } from 'zod';
import { dateField, optionalText, requiredText } from '@/lib/validation/as-typed';
import { messages } from '@/lib/validation/text';

/** The field names the messages use (from the feature's validation text). */
export interface PersonFieldNames {
  firstName: string;
  surname: string;
  fatherName: string;
  dateOfBirth: string;
}

/** `firstName`, `surname`, `fatherName`, `dateOfBirth` (in the past) and `gender`, as typed. */
export const personFields = (f: PersonFieldNames) => ({
  firstName: requiredText(messages.required(f.firstName)),
  surname: requiredText(messages.required(f.surname)),
  fatherName: optionalText(f.fatherName, 200),
  dateOfBirth: dateField(f.dateOfBirth, { past: true }),
  gender: z.string(),
});
