import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  aadhaarField,
  choiceField,
  dateField,
  emailField,
  fieldMessages,
  fileField,
  indianPhoneField,
  mobileField,
  numberField,
  panField,
  passwordsMatch,
  phoneField,
  pincodeField,
  textField,
  yesNoField,
} from './fields';
import { parseDate, parseYesNo } from './parsers';

const issue = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0].message;
};
const ok = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (!r.success) throw new Error(r.error.issues[0].message);
  return r.data;
};

describe('field schemas (spec §5 messages)', () => {
  it('text: required, min and max, optional → null', () => {
    const s = textField('Title', { min: 2, max: 5 });
    expect(issue(s, '  ')).toBe('Title is required');
    expect(issue(s, 'a')).toBe('Title must be at least 2 characters');
    expect(issue(s, 'abcdef')).toBe('Title must not exceed 5 characters');
    expect(ok(s, ' abc ')).toBe('abc');
    expect(ok(textField('Venue', { required: false }), '')).toBeNull();
  });

  it('email, phone, Indian phone and mobile', () => {
    expect(issue(emailField(), 'x@')).toBe('Please enter a valid email address');
    expect(issue(emailField(), '')).toBe('Email is required');
    expect(ok(emailField('Email', { required: false }), '')).toBeNull();
    expect(issue(phoneField(), '12345')).toBe('Please enter a valid phone number');
    expect(ok(phoneField(), '+91 (22) 2400-0000')).toBe('+91 (22) 2400-0000');
    expect(issue(indianPhoneField(), '5123456789')).toBe(
      'Please enter a valid Indian phone number (10 digits)',
    );
    expect(issue(mobileField(), '12345')).toBe('Mobile number must be at least 7 digits');
    expect(issue(mobileField(), '')).toBe('Mobile number is required');
  });

  it('pincode, PAN and Aadhar', () => {
    expect(issue(pincodeField(), '5600')).toBe('Pincode format is invalid');
    expect(ok(pincodeField(), '560001')).toBe('560001');
    expect(ok(panField(), 'abcde 1234f')).toBe('ABCDE1234F');
    expect(issue(panField(), 'ABCD1234F')).toBe('PAN format is invalid');
    expect(ok(aadhaarField(), '1234 5678 9012')).toBe('123456789012');
    expect(issue(aadhaarField('Aadhaar'), '1234')).toBe('Aadhaar format is invalid');
  });

  it('dates: YYYY-MM-DD, DD/MM/YYYY and DD-MM-YYYY become YYYY-MM-DD', () => {
    const s = dateField('Date of birth');
    expect(ok(s, '1990-04-05')).toBe('1990-04-05');
    expect(ok(s, '05/04/1990')).toBe('1990-04-05');
    expect(ok(s, '5-4-1990')).toBe('1990-04-05');
    // A day that does not exist is said so, as typed (issue 40, item 9).
    expect(issue(s, '31/02/1990')).toBe('Date of birth: 31/02/1990 is not a date that exists');
    expect(issue(s, '2006-02-30')).toBe('Date of birth: 2006-02-30 is not a date that exists');
    expect(issue(s, '04/1990')).toBe('Date of birth must be in YYYY-MM-DD format');
    const now = () => new Date('2026-06-01T12:00:00');
    expect(issue(dateField('Deadline', { when: 'future', now }), '2026-05-01')).toBe(
      fieldMessages.future('Deadline'),
    );
    expect(issue(dateField('Born', { when: 'past', now }), '2027-01-01')).toBe(
      fieldMessages.past('Born'),
    );
    expect(ok(dateField('Date', { required: false }), '')).toBeNull();
  });

  it('numbers: empty → null, otherwise numbers within bounds', () => {
    const s = numberField('Preferred age', { min: 18, max: 100, integer: true });
    expect(ok(s, '')).toBeNull();
    expect(ok(s, null)).toBeNull();
    expect(ok(s, '30')).toBe(30);
    expect(ok(s, 42)).toBe(42);
    expect(issue(s, 'abc')).toBe('Preferred age must be a number');
    expect(issue(s, '17')).toBe('Preferred age must be at least 18');
    expect(issue(s, '30.5')).toBe('Preferred age must be a whole number');
    expect(issue(numberField('Amount', { required: true }), '')).toBe('Amount is required');
  });

  it('yes/no → boolean', () => {
    const s = yesNoField('Manglik');
    expect(ok(s, 'Yes')).toBe(true);
    expect(ok(s, 'no')).toBe(false);
    expect(ok(s, '')).toBeNull();
    expect(issue(s, 'maybe')).toBe('Manglik must be yes or no');
    expect(parseYesNo(true)).toBe(true);
    expect(parseYesNo(0)).toBe(false);
  });

  it('choices, passwords, files', () => {
    const status = choiceField('Status', ['pending', 'approved', 'rejected']);
    expect(ok(status, 'approved')).toBe('approved');
    expect(issue(status, '')).toBe('Status is required');
    expect(issue(status, 'x')).toBe('Status format is invalid');
    const pw = z
      .object({ password: z.string(), confirm: z.string() })
      .superRefine(passwordsMatch('password', 'confirm'));
    expect(issue(pw, { password: 'a', confirm: 'b' })).toBe('Passwords do not match');
    const file = fileField('Photo', { maxBytes: 5 * 1024 * 1024, types: ['image/jpeg'] });
    const huge = new File([new Uint8Array(6 * 1024 * 1024)], 'a.jpg', { type: 'image/jpeg' });
    expect(issue(file, huge)).toBe('File size too large. Maximum size: 5MB');
    expect(ok(file, null)).toBeNull();
  });

  it('parseDate rejects impossible dates', () => {
    expect(parseDate('29/02/2024')).toBe('2024-02-29');
    expect(parseDate('29/02/2023')).toBeNull();
    expect(parseDate('2024/02/01')).toBeNull();
  });
});
