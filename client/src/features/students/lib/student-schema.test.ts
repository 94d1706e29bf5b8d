import { describe, expect, it } from 'vitest';
import {
  emptyStudentDetails,
  newStudentSchema,
  studentDetailsSchema,
  studentRow,
} from './student-schema';

const valid = {
  ...emptyStudentDetails,
  first_name: 'Shreya',
  surname: 'Bhat',
  email: 'shreya@example.org',
  mobile_number: '+91 98200 66666',
};
const messages = (schema: typeof studentDetailsSchema | typeof newStudentSchema, v: object) => {
  const r = schema.safeParse(v);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path[0], i.message]));
};

describe('student forms (spec §5 student form messages)', () => {
  it('accepts a minimal application', () => {
    expect(messages(studentDetailsSchema, valid)).toEqual({});
  });
  it('says what is missing in the spec’s words', () => {
    const m = messages(newStudentSchema, {
      ...emptyStudentDetails,
      email: 'x',
      password: '123',
      approve: false,
    });
    expect(m.first_name).toBe('First name is required');
    expect(m.surname).toBe('Surname is required');
    expect(m.email).toBe('Invalid email address');
    expect(m.mobile_number).toBe('Mobile number is required');
    expect(m.password).toBe('Password must be at least 6 characters');
  });
  it('checks PAN and Aadhaar, and accepts their masks unchanged', () => {
    expect(messages(studentDetailsSchema, { ...valid, pan_no: 'ABC12' }).pan_no).toBe(
      'PAN format is invalid',
    );
    expect(
      messages(studentDetailsSchema, {
        ...valid,
        pan_no: 'XXXXXX234K',
        aadhar_no: 'XXXX XXXX 9012',
      }),
    ).toEqual({});
  });
  it('stores empty fields as null and amounts as numbers', () => {
    const row = studentRow({ ...valid, donation_seeking: '60000', pan_no: 'abcpb1234k' });
    expect(row.donation_seeking).toBe(60000);
    expect(row.total_fees).toBeNull();
    expect(row.pan_no).toBe('ABCPB1234K');
  });
});
