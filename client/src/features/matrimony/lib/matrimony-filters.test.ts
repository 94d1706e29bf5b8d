import { describe, expect, it } from 'vitest';
import {
  ageOn,
  contactSearchFilter,
  matrimonySearchFilter,
  storedObject,
  syncPlan,
} from './matrimony-filters';

describe('syncPlan (spec §7 sync outcomes)', () => {
  const p = (approval_status: string, user_id: string | null) => ({ approval_status, user_id });
  it('says there are no approved profiles', () => {
    expect(syncPlan([p('pending', null)]).outcome).toEqual({ kind: 'none' });
  });
  it('says all approved profiles are synced', () => {
    expect(syncPlan([p('approved', 'u1'), p('pending', null)]).outcome).toEqual({
      kind: 'all-synced',
    });
  });
  it('acts only on approved profiles without an account', () => {
    const plan = syncPlan([p('approved', null), p('approved', 'u2'), p('rejected', null)]);
    expect(plan.outcome).toBeNull();
    expect(plan.todo).toEqual([p('approved', null)]);
  });
});

describe('ageOn', () => {
  it('counts whole years, the birthday included', () => {
    expect(ageOn('1995-02-11', new Date(2026, 1, 10))).toBe(30);
    expect(ageOn('1995-02-11', new Date(2026, 1, 11))).toBe(31);
  });
});

describe('storedObject', () => {
  it('reads the bucket and path of private and public object URLs', () => {
    expect(storedObject('/storage/v1/object/matrimony-photos/u1/photo%201.jpg')).toEqual({
      bucket: 'matrimony-photos',
      path: 'u1/photo 1.jpg',
    });
    expect(storedObject('https://x.org/storage/v1/object/public/avatars/a.png')).toEqual({
      bucket: 'avatars',
      path: 'a.png',
    });
    expect(storedObject('https://elsewhere.org/a.jpg')).toBeNull();
  });
});

describe('matrimonySearchFilter', () => {
  it('searches names and places on the profile, email and mobile on its contact details', () => {
    expect(matrimonySearchFilter('Joshi')).toContain('surname.ilike.*Joshi*');
    expect(matrimonySearchFilter('Joshi')).not.toContain('mobile_no');
    expect(contactSearchFilter('98200')).toBe('email.ilike.*98200*,mobile_no.ilike.*98200*');
    expect(matrimonySearchFilter('')).toBeNull();
    expect(contactSearchFilter('')).toBeNull();
  });
});
