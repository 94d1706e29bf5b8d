import { describe, expect, it } from 'vitest';
import {
  contactSchema,
  isAadhar,
  isEmail,
  isIndianPhone,
  isPan,
  isPhone,
  isPincode,
  isValidDate,
  messages,
  mobileError,
  passwordError,
} from './validators';

const valid = {
  firstName: 'Asha',
  lastName: 'Bhat',
  email: 'asha@example.org',
  phone: '',
  subject: 'Hall booking',
  message: 'Is the hall free in May?',
  captcha: '12',
  website: '',
};

const errorsOf = (values: Partial<typeof valid>) => {
  const result = contactSchema.safeParse({ ...valid, ...values });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
};

describe('contact form rules', () => {
  it('accepts a valid message', () => expect(errorsOf({})).toEqual({}));
  it('requires a first name of 2-50 characters', () => {
    expect(errorsOf({ firstName: '' }).firstName).toBe('First name is required');
    expect(errorsOf({ firstName: 'A' }).firstName).toBe('First name must be at least 2 characters');
    expect(errorsOf({ firstName: 'A'.repeat(51) }).firstName).toBe(
      'First name must not exceed 50 characters',
    );
  });
  it('allows a last name of at most 50', () => {
    expect(errorsOf({ lastName: '' })).toEqual({});
    expect(errorsOf({ lastName: 'B'.repeat(51) }).lastName).toBe(
      'Last name must not exceed 50 characters',
    );
  });
  it('requires a valid email', () => {
    expect(errorsOf({ email: '' }).email).toBe('Email is required');
    expect(errorsOf({ email: 'asha@' }).email).toBe('Please enter a valid email address');
  });
  it('takes an optional valid phone', () => {
    expect(errorsOf({ phone: '+91 (22) 2400-0000' })).toEqual({});
    expect(errorsOf({ phone: '12345' }).phone).toBe('Please enter a valid phone number');
  });
  it('requires a subject of 5-100 and a message of 10-1000', () => {
    expect(errorsOf({ subject: 'Hi' }).subject).toBe('Subject must be at least 5 characters');
    expect(errorsOf({ subject: 'S'.repeat(101) }).subject).toBe(
      'Subject must not exceed 100 characters',
    );
    expect(errorsOf({ message: 'Too short' }).message).toBe(
      'Message must be at least 10 characters',
    );
    expect(errorsOf({ message: 'M'.repeat(1001) }).message).toBe(
      'Message must not exceed 1000 characters',
    );
  });
  it('wants an integer captcha answer and an empty honeypot', () => {
    expect(errorsOf({ captcha: '1.5' }).captcha).toBeDefined();
    expect(errorsOf({ website: 'http://spam' }).website).toBeDefined();
  });
});

describe('formats', () => {
  it('checks emails, phones, Indian phones, pincodes, PAN, Aadhar and dates', () => {
    expect(isEmail('a@b.co')).toBe(true);
    expect(isEmail('a b@c.d')).toBe(false);
    expect(isPhone('+44 20 7946 0958')).toBe(true);
    expect(isPhone('123456')).toBe(false);
    expect(isPhone('1'.repeat(21))).toBe(false);
    expect(isIndianPhone('+91 98200 12345')).toBe(true);
    expect(isIndianPhone('5820012345')).toBe(false);
    expect(isPincode('400019')).toBe(true);
    expect(isPincode('40019')).toBe(false);
    expect(isPan('ABCDE1234F')).toBe(true);
    expect(isAadhar('1234 5678 9012')).toBe(true);
    expect(isValidDate('2025-02-29')).toBe(false);
    expect(isValidDate('2024-02-29')).toBe(true);
  });
  it('gives the mobile number messages', () => {
    expect(mobileError('')).toBe('Mobile number is required');
    expect(mobileError('12345')).toBe(messages.mobileMin);
    expect(mobileError('1'.repeat(21))).toBe(messages.mobileMax);
    expect(mobileError('98200x12345')).toBe(messages.mobileInvalid);
    expect(mobileError('+91 98200 12345')).toBeNull();
  });
  it('wants passwords of 8 with upper, lower, digit and special characters', () => {
    expect(passwordError('Havyaka@2025')).toBeNull();
    expect(passwordError('Ha@1')).toBe('Password must be at least 8 characters');
    expect(passwordError('havyaka2025')).not.toBeNull();
  });
});
