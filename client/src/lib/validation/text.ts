// What the validation rules say : the messages of spec §5
// (validation) and §8 (uploads), word for word, and the field names they are built from.
// validators.ts, fields.ts, as-typed.ts and account.ts re-export the message tables.
import { kannada } from '@/lib/i18n/words';

/** The spec's messages (§5), built from the field's name where the spec says "{field}". */
export const messages = {
  required: (field: string) => `${field} is required`,
  min: (field: string, n: number) => `${field} must be at least ${n} characters`,
  max: (field: string, n: number) => `${field} must not exceed ${n} characters`,
  pattern: (field: string) => `${field} format is invalid`,
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  indianPhone: 'Please enter a valid Indian phone number (10 digits)',
  mobileMin: 'Mobile number must be at least 7 digits',
  mobileMax: 'Mobile number is too long (maximum 20 digits)',
  mobileInvalid: 'Please enter a valid mobile number (supports international formats)',
  passwordsDiffer: 'Passwords do not match',
  age: 'Age must be between 18 and 100',
  passwordRule:
    'Password must contain an uppercase letter, a lowercase letter, a number and a special character',
} as const;

/** Messages the spec implies but does not spell out; kept here so screens share them. */
export const fieldMessages = {
  number: (field: string) => `${field} must be a number`,
  integer: (field: string) => `${field} must be a whole number`,
  minValue: (field: string, n: number) => `${field} must be at least ${n}`,
  maxValue: (field: string, n: number) => `${field} must not exceed ${n}`,
  dateFormat: (field: string) => `${field} must be in YYYY-MM-DD format`,
  /** A date of the right shape that no calendar has (31/02/2006), as the person typed it. */
  dateMissing: (field: string, typed: string) => `${field}: ${typed} is not a date that exists`,
  future: (field: string) => `${field} must be in the future`,
  past: (field: string) => `${field} must be in the past`,
  /** The as-typed date rule's wording (as-typed.ts). */
  pastDate: (field: string) => `${field} must be a past date`,
  between: (field: string, min: number, max: number) =>
    `${field} must be between ${min} and ${max}`,
  yesNo: (field: string) => `${field} must be yes or no`,
  fileSize: (size: string) => `File size too large. Maximum size: ${size}`,
  fileType: (list: string) => `File type not allowed. Allowed types: ${list}`,
} as const;

/** The sign-up forms' account part (spec §5: passwords of at least 6 characters). */
export const accountMessages = {
  passwordMin: 'Password must be at least 6 characters',
  passwordCommon: 'This password is too common. Please choose one that is harder to guess',
  email: 'Invalid email address',
} as const;

/** The field names the shared rules put into their messages. */
export const fieldNames = {
  mobile: 'Mobile number',
  password: 'Password',
  email: 'Email',
  phone: 'Phone',
  pincode: 'Pincode',
  pan: 'PAN',
  aadhar: 'Aadhaar',
  url: 'URL',
  date: 'Date',
  passport: 'Passport number',
} as const;

/** The contact form (spec §5): its field names and the anti-spam fields' messages. */
export const contactText = {
  firstName: 'First name',
  lastName: 'Last name',
  subject: 'Subject',
  message: 'Message',
  captcha: 'Answer',
  captchaWhole: 'Please answer with a whole number',
  website: 'Please leave this field empty',
} as const;

kannada(
  { messages, fieldMessages, accountMessages, fieldNames, contactText },
  () => import('./text.kn'),
);
