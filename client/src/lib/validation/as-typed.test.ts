import { describe, expect, it } from 'vitest';
import { accountSchema, isCommonPassword } from './account';
import { amountField, dateField, optionalMobile, pan, requiredMobile } from './as-typed';
import {
  ageOn,
  parseDate as toIsoDate,
  parseYesNo as yesNo,
  snakeCase,
  textOrNull,
} from './parsers';

const message = (
  schema: {
    safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } };
  },
  v: unknown,
) => schema.safeParse(v).error?.issues[0]?.message ?? null;

describe('dates of spec §5', () => {
  it('converts DD/MM/YYYY and DD-MM-YYYY and keeps YYYY-MM-DD', () => {
    expect(toIsoDate('14/08/2006')).toBe('2006-08-14');
    expect(toIsoDate('4-8-2006')).toBe('2006-08-04');
    expect(toIsoDate('2006-08-14')).toBe('2006-08-14');
  });
  it('refuses dates that do not exist or other shapes', () => {
    expect(toIsoDate('31/02/2006')).toBeNull();
    expect(toIsoDate('2006/08/14')).toBeNull();
    expect(toIsoDate('')).toBeNull();
  });
  it('gives the spec messages', () => {
    expect(message(dateField('Date of birth'), '2006/08/14')).toBe(
      'Date of birth must be in YYYY-MM-DD format',
    );
    expect(message(dateField('Date', { required: true }), '')).toBe('Date is required');
    expect(message(dateField('Date of birth', { past: true }), '01/01/2999')).toBe(
      'Date of birth must be a past date',
    );
  });
  it('counts whole years', () => {
    expect(ageOn('2000-06-15', new Date(2026, 5, 14))).toBe(25);
    expect(ageOn('2000-06-15', new Date(2026, 5, 15))).toBe(26);
  });
});

describe('conversions', () => {
  it('yes/no as booleans, unanswered as null', () => {
    expect(yesNo('yes')).toBe(true);
    expect(yesNo('no')).toBe(false);
    expect(yesNo('')).toBeNull();
  });
  it('empty text as null; keys as columns', () => {
    expect(textOrNull('  ')).toBeNull();
    expect(textOrNull(' a ')).toBe('a');
    expect(snakeCase('reference1Name')).toBe('reference1_name');
    expect(snakeCase('dateOfBirth')).toBe('date_of_birth');
  });
});

describe('field rules', () => {
  it('mobile numbers (spec §5 messages)', () => {
    expect(message(requiredMobile, '')).toBe('Mobile number is required');
    expect(message(requiredMobile, '12345')).toBe('Mobile number must be at least 7 digits');
    expect(message(requiredMobile, '+91 98200 66666 12345 67890')).toBe(
      'Mobile number is too long (maximum 20 digits)',
    );
    expect(message(requiredMobile, '98200#66666')).toBe(
      'Please enter a valid mobile number (supports international formats)',
    );
    expect(message(optionalMobile, '')).toBeNull();
    expect(message(requiredMobile, '+91 (98200) 66666')).toBeNull();
  });
  it('PAN and amounts', () => {
    expect(message(pan, 'abcpb1234k')).toBeNull();
    expect(message(pan, 'ABC123')).toBe('PAN format is invalid');
    expect(message(amountField('Family income'), '4.5 lakh')).toBeNull();
    expect(message(amountField('Family income'), 'a lot')).toBe('Family income format is invalid');
    expect(message(amountField('Family income'), '20 crore')).toBe(
      'Family income format is invalid',
    );
  });
});

describe('the account', () => {
  it('takes 6 characters, refuses fewer, common ones and a different confirmation', () => {
    const base = { email: 'a@example.org', password: 'Kq3#zp', confirmPassword: 'Kq3#zp' };
    expect(accountSchema.safeParse(base).success).toBe(true);
    expect(message(accountSchema, { ...base, password: 'abc', confirmPassword: 'abc' })).toBe(
      'Password must be at least 6 characters',
    );
    expect(isCommonPassword('Password')).toBe(true);
    expect(message(accountSchema, { ...base, confirmPassword: 'other!' })).toBe(
      'Passwords do not match',
    );
    expect(message(accountSchema, { ...base, email: 'nope' })).toBe('Invalid email address');
  });
});
