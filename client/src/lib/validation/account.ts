// The account part of a sign-up form (spec §5: the forms' passwords of at least 6 characters,
// confirmation must match), the most common passwords refused with a clear message.
import { z } from 'zod';
import { messages } from './validators';
import { accountMessages, fieldNames } from './text';

export { accountMessages };

/** Passwords people pick first (and attackers try first); compared case-insensitively. */
const COMMON_PASSWORDS = new Set([
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  '111111',
  '000000',
  '123123',
  '654321',
  '666666',
  '121212',
  '112233',
  '987654321',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'qwerty',
  'qwerty123',
  'qwertyuiop',
  'abc123',
  'abcdef',
  'abcd1234',
  'iloveyou',
  'welcome',
  'welcome1',
  'admin',
  'admin123',
  'letmein',
  'monkey',
  'dragon',
  'sunshine',
  'princess',
  'football',
  'cricket',
  'india123',
  'india@123',
  'havyaka',
  'havyaka123',
  'mumbai123',
  'secret',
  'changeme',
  'asdfgh',
  'zxcvbn',
  '1q2w3e4r',
  '1qaz2wsx',
  'test123',
]);

export const isCommonPassword = (value: string) => COMMON_PASSWORDS.has(value.trim().toLowerCase());

export const accountFields = {
  email: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (!v) ctx.addIssue({ code: 'custom', message: messages.required(fieldNames.email) });
      else if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v))
        ctx.addIssue({ code: 'custom', message: accountMessages.email });
    }),
  password: z.string().superRefine((v, ctx) => {
    if (v.length < 6) ctx.addIssue({ code: 'custom', message: accountMessages.passwordMin });
    else if (isCommonPassword(v))
      ctx.addIssue({ code: 'custom', message: accountMessages.passwordCommon });
  }),
  confirmPassword: z.string(),
};

type Passwords = { password: string; confirmPassword: string };
const samePasswords = (v: Passwords) => v.password === v.confirmPassword;

/** A form's fields with the account's, for a sign-up: the passwords must match. */
export const withAccount = <S extends z.ZodRawShape>(fields: S) =>
  z
    .object({ ...fields, ...accountFields })
    .refine((v) => samePasswords(v as unknown as Passwords), {
      message: messages.passwordsDiffer,
      path: ['confirmPassword'],
    });

/** The account schema: used when nobody is signed in. */
export const accountSchema = withAccount({});
export type AccountValues = z.infer<typeof accountSchema>;
