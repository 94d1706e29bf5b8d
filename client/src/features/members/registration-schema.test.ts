import { describe, expect, it } from 'vitest';
import { emptyMember, memberSchema, toMemberApplication } from './registration-schema';

const valid = {
  ...emptyMember,
  firstName: 'Girish',
  surname: 'Rao',
  mobileNumber: '9820013131',
  memberType: 'life',
};
const issues = (v: object) =>
  (memberSchema.safeParse(v).error?.issues ?? []).map((i) => `${String(i.path[0])}: ${i.message}`);

describe('the membership application', () => {
  it('requires name, mobile and member type', () => {
    expect(issues(emptyMember)).toEqual([
      'firstName: First name is required',
      'surname: Surname is required',
      'mobileNumber: Mobile number is required',
      'memberType: Member type is required',
    ]);
    expect(issues(valid)).toEqual([]);
  });
  it('an upgradation names the existing number, which is sent; otherwise it is not', () => {
    expect(issues({ ...valid, isUpgradation: true })).toEqual([
      'existingMembershipNo: Existing membership number is required',
    ]);
    expect(
      toMemberApplication({ ...valid, isUpgradation: true, existingMembershipNo: 'LM-1' }),
    ).toMatchObject({
      is_upgradation: true,
      existing_membership_no: 'LM-1',
    });
    expect(toMemberApplication({ ...valid, existingMembershipNo: 'LM-1' })).not.toHaveProperty(
      'existing_membership_no',
    );
  });
  it('sends columns with the delivery choice and directory listing', () => {
    expect(
      toMemberApplication({ ...valid, addressLine1: 'Shivaji Park', dateOfBirth: '01/02/1980' }),
    ).toEqual({
      first_name: 'Girish',
      surname: 'Rao',
      mobile_number: '9820013131',
      member_type: 'life',
      address_line1: 'Shivaji Park',
      date_of_birth: '1980-02-01',
      is_upgradation: false,
      sandesha_delivery_method: 'post',
      show_in_directory: true,
    });
  });
});
