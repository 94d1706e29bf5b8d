import { describe, expect, it } from 'vitest';
import { memberRow } from './member-row';
import { emptyMemberForm, memberFormSchema, memberFormValues } from './member-schema';

const valid = { ...emptyMemberForm, full_name: 'Ganesh Bhat' };
const errors = (values: object) => {
  const r = memberFormSchema.safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path[0], i.message]));
};

describe('memberFormSchema', () => {
  it('accepts a member with only a name and a type', () => {
    expect(errors(valid)).toEqual({});
  });
  it('speaks the spec §5 messages', () => {
    expect(errors({ ...valid, full_name: ' ' }).full_name).toBe('Full name is required');
    expect(errors({ ...valid, email: 'nope' }).email).toBe('Please enter a valid email address');
    expect(errors({ ...valid, mobile_number: '12' }).mobile_number).toBe(
      'Please enter a valid phone number',
    );
    expect(errors({ ...valid, pincode: '4000' }).pincode).toBe('Pincode format is invalid');
  });
  it('needs the existing number for an upgradation', () => {
    expect(errors({ ...valid, is_upgradation: true }).membership_no).toBe(
      'Existing membership number is required',
    );
  });
});

describe('memberRow', () => {
  it('stores empty fields as null and leaves numbering to the server', () => {
    const row = memberRow({ ...valid, email: ' A@B.org ', membership_no: 'LM-9' }, 'create');
    expect(row.email).toBe('a@b.org');
    expect(row.city).toBeNull();
    expect(row.membership_no).toBe('');
    expect('unique_id' in row).toBe(false);
  });
  it('keeps the supplied number for an upgradation', () => {
    expect(
      memberRow({ ...valid, is_upgradation: true, membership_no: 'LM-9' }, 'create'),
    ).toMatchObject({
      membership_no: 'LM-9',
    });
  });
  it('round-trips an entry through the form', () => {
    const row = {
      ...memberRow(valid, 'create'),
      id: 'x',
      unique_id: 'HWT-00007',
      membership_no: 'NEW-1700000000000',
      status: 'Check',
      approval_status: 'pending',
      // The name's search key and skeleton: the database's, never the form's.
      name_key: 'ganes bat',
      name_skel: 'gns bt',
    };
    const values = memberFormValues(row as Parameters<typeof memberFormValues>[0]);
    expect(values.is_upgradation).toBe(false);
    expect(values.full_name).toBe('Ganesh Bhat');
  });
});
