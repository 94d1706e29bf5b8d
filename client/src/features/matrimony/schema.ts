// The matrimony registration form (spec §3 both sides, §5 Matrimony form): fields as typed,
// the rules with the spec's messages, and the profile the server stores (dates converted,
// yes/no as booleans, empty numbers null, height and weight as the parsers read them).
import type { Json } from '@havyaka/sdk/database';
import { z } from 'zod';
import { withAccount } from '@/lib/validation/account';
import {
  ageOn,
  parseDate as toIsoDate,
  parseYesNo as yesNo,
  textOrNull,
} from '@/lib/validation/parsers';
import {
  amountField,
  blankValues,
  dateField,
  optionalEmail,
  optionalPhone,
  optionalText,
  requiredText,
  wholeNumber,
} from '@/lib/validation/as-typed';
import { parseHeight, parseIncome, parsePhone, parseWeight } from '@/lib/validation/parsers';
import { dateMessage } from '@/lib/validation/date-message';
import { fieldMessages, messages } from '@/lib/validation/text';
import { validationText } from './text';

const f = validationText.fields;

const AGE = messages.age;
const check = (test: (v: string) => string | null) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const m = test(v);
      if (m) ctx.addIssue({ code: 'custom', message: m });
    });

export const matrimonyFields = {
  firstName: requiredText(messages.required(f.firstName)),
  surname: requiredText(messages.required(f.surname)),
  gender: check((v) =>
    !v
      ? messages.required(f.gender)
      : ['male', 'female'].includes(v)
        ? null
        : validationText.genderChoice,
  ),
  dateOfBirth: check((v) => {
    if (!v) return messages.required(f.dateOfBirth);
    const iso = toIsoDate(v);
    if (!iso) return dateMessage(f.dateOfBirth, v);
    const age = ageOn(iso);
    return age < 18 || age > 100 ? AGE : null;
  }),
  height: check((v) => (v && !parseHeight(v) ? messages.pattern(f.height) : null)),
  weight: check((v) => (v && !parseWeight(v) ? messages.pattern(f.weight) : null)),
  bloodGroup: z.string(),
  maritalStatus: z.string(),
  smoking: z.string(),
  horoscopeMatching: z.string(),
  sagotraAlliance: z.string(),
  vegetarianBrahmin: z.string(),
  havyakaBrahmin: z.string(),
  wearsSpectacles: z.string(),
  handicaps: z.string(),
  handicapDetails: optionalText(f.handicapDetails, 1000),
  qualification: optionalText(f.qualification, 200),
  occupation: optionalText(f.occupation, 200),
  organization: optionalText(f.organization, 200),
  designation: optionalText(f.designation, 200),
  place: optionalText(f.place, 100),
  monthlyIncome: amountField(f.monthlyIncome),
  nativePlace: optionalText(f.nativePlace, 100),
  gotraNakshatra: optionalText(f.gotraNakshatra, 200),
  achievements: optionalText(f.achievements, 2000),
  hobby: optionalText(f.hobby, 500),
  preferredAgeFrom: wholeNumber(f.preferredAgeFrom, 18, 100, AGE),
  preferredAgeTo: wholeNumber(f.preferredAgeTo, 18, 100, AGE),
  preferredOccupation: optionalText(f.preferredOccupation, 200),
  preferredHeight: optionalText(f.preferredHeight, 50),
  preferredWeight: optionalText(f.preferredWeight, 50),
  preferredQualification: optionalText(f.preferredQualification, 200),
  preferredIncomeAbove: amountField(f.preferredIncomeAbove),
  preferredComplexion: optionalText(f.preferredComplexion, 50),
  otherExpectations: optionalText(f.otherExpectations, 2000),
  preferredWorkLocation: optionalText(f.preferredWorkLocation, 200),
  preferredStayLocation: optionalText(f.preferredStayLocation, 200),
  fatherName: optionalText(f.fatherName, 200),
  motherName: optionalText(f.motherName, 200),
  parentOrganization: optionalText(f.parentOrganization, 200),
  parentDesignation: optionalText(f.parentDesignation, 200),
  reference1Name: optionalText(f.reference1Name, 200),
  reference1Contact: optionalText(f.reference1Contact, 200),
  reference2Name: optionalText(f.reference2Name, 200),
  reference2Contact: optionalText(f.reference2Contact, 200),
  memberOfTrust: z.string(),
  membershipNo: optionalText(f.membershipNo, 50),
  relation: optionalText(f.relation, 100),
  email: optionalEmail(),
  telNo: optionalPhone,
  mobileNo: check((v) =>
    v.length < 10
      ? messages.required(f.mobileNo)
      : optionalPhone.safeParse(v).success
        ? null
        : messages.phone,
  ),
  contactPerson: optionalText(f.contactPerson, 200),
  contactNo: optionalPhone,
  address: optionalText(f.address, 500),
  signature: optionalText(f.signature, 200),
  date: dateField(f.date, { message: fieldMessages.dateFormat(f.date) }),
  placeField: optionalText(f.placeField, 100),
};

const agesInOrder = (v: { preferredAgeFrom: string; preferredAgeTo: string }) =>
  !v.preferredAgeFrom ||
  !v.preferredAgeTo ||
  Number(v.preferredAgeFrom) <= Number(v.preferredAgeTo);
const AGES_ORDER = {
  message: validationText.agesOrder,
  path: ['preferredAgeTo'],
};

export const matrimonySchema = z.object(matrimonyFields).refine(agesInOrder, AGES_ORDER);
export const matrimonyWithAccountSchema =
  // The account's email (required) is the profile's contact email.
  withAccount(matrimonyFields).refine(agesInOrder, AGES_ORDER);
export type MatrimonyValues = z.infer<typeof matrimonySchema>;

export const emptyMatrimony = blankValues<MatrimonyValues>(matrimonyFields);

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
