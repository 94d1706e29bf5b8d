import { describe, expect, it } from 'vitest';
import { matrimonyChanges, toMatrimonyValues } from './edit';
import { fitWithin } from './photo';
import type { OwnProfile } from './api/profiles';
import { emptyMatrimony, matrimonySchema, toMatrimonyProfile } from './schema';

const valid = {
  ...emptyMatrimony,
  firstName: 'Kiran',
  surname: 'Hegde',
  gender: 'male',
  dateOfBirth: '21-06-1994',
  mobileNo: '9820012345',
};
const issues = (v: object) =>
  (matrimonySchema.safeParse(v).error?.issues ?? []).map(
    (i) => `${String(i.path[0])}: ${i.message}`,
  );

describe('the matrimony form (spec §5)', () => {
  it('requires names, gender, date of birth and a 10-character mobile', () => {
    expect(issues(emptyMatrimony)).toEqual([
      'firstName: First name is required',
      'surname: Surname is required',
      'gender: Gender is required',
      'dateOfBirth: Date of birth is required',
      'mobileNo: Mobile number is required',
    ]);
    expect(issues(valid)).toEqual([]);
  });
  it('gives the spec messages for dates, e-mail and ages', () => {
    expect(issues({ ...valid, dateOfBirth: '1994/06/21' })).toEqual([
      'dateOfBirth: Date of birth must be in YYYY-MM-DD format',
    ]);
    expect(issues({ ...valid, date: '15.01.2026' })).toEqual([
      'date: Date must be in YYYY-MM-DD format',
    ]);
    expect(issues({ ...valid, email: 'kiran' })).toEqual([
      'email: Please enter a valid email address',
    ]);
    expect(issues({ ...valid, preferredAgeFrom: '17' })).toEqual([
      'preferredAgeFrom: Age must be between 18 and 100',
    ]);
    expect(issues({ ...valid, gender: 'other' })).toEqual([
      'gender: Gender must be male or female',
    ]);
    expect(issues({ ...valid, height: 'tall' })).toEqual(['height: Height format is invalid']);
  });
  it('stores dates converted, yes/no as booleans, empty numbers as null (left out), parsed values', () => {
    expect(
      toMatrimonyProfile(
        {
          ...valid,
          smoking: 'no',
          vegetarianBrahmin: 'yes',
          monthlyIncome: '1.5 lakh',
          preferredAgeFrom: '24',
          preferredIncomeAbove: '',
          height: `5'9"`,
          weight: '150 lbs',
          date: '15/01/2026',
        },
        { photoUrl: '/storage/v1/object/matrimony-photos/u/profile.jpg' },
      ),
    ).toEqual({
      first_name: 'Kiran',
      surname: 'Hegde',
      gender: 'male',
      date_of_birth: '1994-06-21',
      smoking: false,
      vegetarian_brahmin: true,
      monthly_income: 150000,
      preferred_age_from: 24,
      height: `175 cm (5'9")`,
      weight: '68 kg',
      mobile_no: '+91 98200 12345',
      declaration_date: '2026-01-15',
      photo_url: '/storage/v1/object/matrimony-photos/u/profile.jpg',
    });
  });
  it('an edit sends what changed and never a locked field', () => {
    const profile = {
      first_name: 'Kiran',
      surname: 'Hegde',
      gender: 'male',
      date_of_birth: '1994-06-21',
      smoking: false,
      monthly_income: 150000,
      contacts: { mobile_no: '9820012345', address: 'Dadar' },
    } as unknown as OwnProfile;
    const initial = toMatrimonyValues(profile);
    expect(initial.smoking).toBe('no');
    expect(initial.mobileNo).toBe('9820012345');
    expect(initial.address).toBe('Dadar');
    const changes = matrimonyChanges(
      initial,
      { ...initial, hobby: 'Trekking', firstName: 'K', address: 'Matunga' },
      ['firstName'],
    );
    // One flat change: update_matrimony_profile writes each column to its table.
    expect(changes).toEqual({ hobby: 'Trekking', address: 'Matunga' });
  });
});

describe('the photo', () => {
  it('fits within the box keeping proportions, never enlarged', () => {
    expect(fitWithin(2000, 2600, 1200, 1600)).toEqual({ width: 1200, height: 1560 });
    expect(fitWithin(800, 600, 1200, 1600)).toEqual({ width: 800, height: 600 });
  });
});
