// The matrimony registration form (spec §3 both sides, §5 Matrimony form): fields as typed,
// the rules with the spec's messages, and the profile the server stores (dates converted,
// yes/no as booleans, empty numbers null, height and weight as the parsers read them).
import type { Json } from '@havyaka/sdk/database';
import { z } from 'zod';
import { accountFields } from '@/lib/validation/account';
import {
  ageOn,
  parseDate as toIsoDate,
  parseYesNo as yesNo,
  textOrNull,
} from '@/lib/validation/parsers';
import {
  amountField,
  dateField,
  optionalEmail,
  optionalPhone,
  optionalText,
  requiredText,
  wholeNumber,
} from '@/lib/validation/as-typed';
import { parseHeight, parseIncome, parsePhone, parseWeight } from '@/lib/validation/parsers';

const AGE = 'Age must be between 18 and 100';
const check = (test: (v: string) => string | null) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const m = test(v);
      if (m) ctx.addIssue({ code: 'custom', message: m });
    });

export const matrimonyFields = {
  firstName: requiredText('First name is required'),
  surname: requiredText('Surname is required'),
  gender: check((v) =>
    !v
      ? 'Gender is required'
      : ['male', 'female'].includes(v)
        ? null
        : 'Gender must be male or female',
  ),
  dateOfBirth: check((v) => {
    if (!v) return 'Date of birth is required';
    const iso = toIsoDate(v);
    if (!iso) return 'Date of birth must be in YYYY-MM-DD format';
    const age = ageOn(iso);
    return age < 18 || age > 100 ? AGE : null;
  }),
  height: check((v) => (v && !parseHeight(v) ? 'Height format is invalid' : null)),
  weight: check((v) => (v && !parseWeight(v) ? 'Weight format is invalid' : null)),
  bloodGroup: z.string(),
  maritalStatus: z.string(),
  smoking: z.string(),
  horoscopeMatching: z.string(),
  sagotraAlliance: z.string(),
  vegetarianBrahmin: z.string(),
  havyakaBrahmin: z.string(),
  wearsSpectacles: z.string(),
  handicaps: z.string(),
  handicapDetails: optionalText('Details of the disability', 1000),
  qualification: optionalText('Qualification', 200),
  occupation: optionalText('Occupation', 200),
  organization: optionalText('Organisation', 200),
  designation: optionalText('Designation', 200),
  place: optionalText('Place', 100),
  monthlyIncome: amountField('Monthly income'),
  nativePlace: optionalText('Native place', 100),
  gotraNakshatra: optionalText('Gotra / Nakshatra', 200),
  achievements: optionalText('Achievements', 2000),
  hobby: optionalText('Hobbies', 500),
  preferredAgeFrom: wholeNumber('Preferred age from', 18, 100, AGE),
  preferredAgeTo: wholeNumber('Preferred age to', 18, 100, AGE),
  preferredOccupation: optionalText('Preferred occupation', 200),
  preferredHeight: optionalText('Preferred height', 50),
  preferredWeight: optionalText('Preferred weight', 50),
  preferredQualification: optionalText('Preferred qualification', 200),
  preferredIncomeAbove: amountField('Preferred income'),
  preferredComplexion: optionalText('Preferred complexion', 50),
  otherExpectations: optionalText('Other expectations', 2000),
  preferredWorkLocation: optionalText('Preferred work location', 200),
  preferredStayLocation: optionalText('Preferred stay location', 200),
  fatherName: optionalText("Father's name", 200),
  motherName: optionalText("Mother's name", 200),
  parentOrganization: optionalText("Parent's organisation", 200),
  parentDesignation: optionalText("Parent's designation", 200),
  reference1Name: optionalText('Reference 1 name', 200),
  reference1Contact: optionalText('Reference 1 contact', 200),
  reference2Name: optionalText('Reference 2 name', 200),
  reference2Contact: optionalText('Reference 2 contact', 200),
  memberOfTrust: z.string(),
  membershipNo: optionalText('Membership number', 50),
  relation: optionalText('Relation', 100),
  email: optionalEmail(),
  telNo: optionalPhone,
  mobileNo: check((v) =>
    v.length < 10
      ? 'Mobile number is required'
      : optionalPhone.safeParse(v).success
        ? null
        : 'Please enter a valid phone number',
  ),
  contactPerson: optionalText('Contact person', 200),
  contactNo: optionalPhone,
  address: optionalText('Address', 500),
  signature: optionalText('Signature', 200),
  date: dateField('Date', { message: 'Date must be in YYYY-MM-DD format' }),
  placeField: optionalText('Place', 100),
};

const agesInOrder = (v: { preferredAgeFrom: string; preferredAgeTo: string }) =>
  !v.preferredAgeFrom ||
  !v.preferredAgeTo ||
  Number(v.preferredAgeFrom) <= Number(v.preferredAgeTo);
const AGES_ORDER = {
  message: 'Preferred age to must not be less than preferred age from',
  path: ['preferredAgeTo'],
};

export const matrimonySchema = z.object(matrimonyFields).refine(agesInOrder, AGES_ORDER);
export const matrimonyWithAccountSchema = z
  // The account's email (required) is the profile's contact email.
  .object({ ...matrimonyFields, ...accountFields })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  })
  .refine(agesInOrder, AGES_ORDER);
export type MatrimonyValues = z.infer<typeof matrimonySchema>;

export const emptyMatrimony = Object.fromEntries(
  Object.keys(matrimonyFields).map((k) => [k, '']),
) as MatrimonyValues;

const FLAGS = [
  'smoking',
  'horoscopeMatching',
  'sagotraAlliance',
  'vegetarianBrahmin',
  'havyakaBrahmin',
  'wearsSpectacles',
  'handicaps',
  'memberOfTrust',
];
const MONEY = ['monthlyIncome', 'preferredIncomeAbove'];
const WHOLE = ['preferredAgeFrom', 'preferredAgeTo'];
/** Form names whose column is named otherwise. */
const COLUMN: Record<string, string> = { date: 'declaration_date' };
export const columnOf = (key: string) =>
  COLUMN[key] ?? key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const fieldOfColumn = (column: string) =>
  Object.entries(COLUMN).find(([, c]) => c === column)?.[0] ??
  column.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());

/** Height as stored: centimetres, then feet and inches ("175 cm (5'9")"). */
export const storedHeight = (v: string) => parseHeight(v)?.display ?? textOrNull(v);
export const storedWeight = (v: string) => {
  const w = parseWeight(v);
  return w ? `${w.kg} kg` : textOrNull(v);
};

/** The profile register_matrimony stores. */
export function toMatrimonyProfile(
  values: MatrimonyValues,
  files: { photoUrl?: string | null; biodataUrl?: string | null } = {},
): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  for (const key of Object.keys(matrimonyFields)) {
    const raw = (values as Record<string, string>)[key] ?? '';
    const column = columnOf(key);
    let value: Json;
    if (FLAGS.includes(key)) value = yesNo(raw);
    else if (MONEY.includes(key)) value = parseIncome(raw)?.amount ?? null;
    else if (WHOLE.includes(key)) value = textOrNull(raw) === null ? null : Number(raw);
    else if (key === 'dateOfBirth' || key === 'date') value = textOrNull(raw) && toIsoDate(raw);
    else if (key === 'height') value = storedHeight(raw);
    else if (key === 'weight') value = storedWeight(raw);
    else if (key === 'mobileNo')
      value = textOrNull(raw) && (parsePhone(raw)?.display.replace('-', ' ') ?? raw.trim());
    else value = textOrNull(raw);
    if (value !== null && value !== '') out[column] = value;
  }
  if (files.photoUrl) out.photo_url = files.photoUrl;
  if (files.biodataUrl) out.biodata_url = files.biodataUrl;
  return out;
}
