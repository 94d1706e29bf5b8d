import { describe, expect, it } from 'vitest';
import { studentChanges, toStudentValues } from './edit';
import { emptyStudent, studentSchema, toStudentApplication } from './schema';
import type { StudentApplication } from './api/students';

const valid = { ...emptyStudent, firstName: 'Asha', surname: 'Bhat', mobileNumber: '9820012345' };
const issues = (v: object) =>
  (studentSchema.safeParse(v).error?.issues ?? []).map(
    (i) => `${i.path[0] as string}: ${i.message}`,
  );

describe('the student form (spec §5)', () => {
  it('requires first name, surname and mobile with the spec messages', () => {
    expect(issues(emptyStudent)).toEqual([
      'firstName: First name is required',
      'surname: Surname is required',
      'mobileNumber: Mobile number is required',
    ]);
    expect(issues(valid)).toEqual([]);
  });
  it('checks the parents’ mobiles and e-mails, pincodes and identity numbers', () => {
    expect(
      issues({
        ...valid,
        fatherMobile: '123',
        motherEmail: 'x@',
        currentPincode: '4000',
        aadharNo: '1234',
      }),
    ).toEqual([
      'currentPincode: Current pincode format is invalid',
      'aadharNo: Aadhaar format is invalid',
      'fatherMobile: Mobile number must be at least 7 digits',
      'motherEmail: Invalid email address',
    ]);
  });
  it('sends columns: dates converted, amounts parsed, empties left out, PAN upper case', () => {
    expect(
      toStudentApplication(
        {
          ...valid,
          dateOfBirth: '14/08/2006',
          familyIncome: '4.5 lakh',
          donationSeeking: '60k',
          panNo: 'abcpb 1234k',
          aadharNo: '1234 5678 9012',
          hometown: '  ',
        },
        ['u/1.pdf'],
      ),
    ).toEqual({
      first_name: 'Asha',
      surname: 'Bhat',
      mobile_number: '9820012345',
      date_of_birth: '2006-08-14',
      family_income: 450000,
      donation_seeking: 60000,
      pan_no: 'ABCPB1234K',
      aadhar_no: '123456789012',
      documents: ['u/1.pdf'],
    });
  });
  it('never sends the account password with the application', () => {
    const app = toStudentApplication({ ...valid, password: 'secret1' } as typeof valid);
    expect(app).not.toHaveProperty('password');
  });
  it('an edit sends only what changed, never a locked answer', () => {
    const row = {
      ...Object.fromEntries(Object.keys(toStudentApplication(valid)).map((k) => [k, null])),
      first_name: 'Asha',
      surname: 'Bhat',
      mobile_number: '9820012345',
      pan_no: 'XXXXXX234K',
      family_income: 450000,
    } as unknown as StudentApplication;
    const initial = toStudentValues(row);
    expect(initial.panNo).toBe('XXXXXX234K');
    expect(
      studentChanges(initial, { ...initial, mobileNumber: '9820099999', hometown: 'Sirsi' }),
    ).toEqual({
      mobile_number: '9820099999',
      hometown: 'Sirsi',
    });
    expect(
      studentChanges(initial, { ...initial, firstName: 'Usha', familyIncome: '' }, ['firstName']),
    ).toEqual({ family_income: null });
  });
});
