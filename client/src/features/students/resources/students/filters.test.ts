// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { equalityFilters, studentSearchFilter } from './filters';

describe('equalityFilters (spec §7: the value all is ignored)', () => {
  it('drops all and empty values, keeps the rest', () => {
    expect(
      equalityFilters({ approval_status: 'all', gender: 'female', academic_year: '' }),
    ).toEqual([['gender', 'female']]);
  });
  it('is empty when nothing narrows the list', () => {
    expect(equalityFilters({ approval_status: 'all', gender: 'all' })).toEqual([]);
  });
});

describe('studentSearchFilter', () => {
  it('searches names, email, mobile and institution, safely', () => {
    expect(studentSearchFilter('Bhat,(x)')).toBe(
      'first_name.ilike.*Bhat x*,surname.ilike.*Bhat x*,email.ilike.*Bhat x*,mobile_number.ilike.*Bhat x*,institution_name.ilike.*Bhat x*',
    );
    expect(studentSearchFilter('  ')).toBeNull();
  });
});
