import { describe, expect, it } from 'vitest';
import { allowedTypes, canChangeStatus } from './account-rules';

const admin = { id: 'a', type: 'admin' };
const superAdmin = { id: 's', type: 'super_admin' };

describe('account rules (mirroring app.guard_users and app.may_act_on)', () => {
  it('nobody changes their own account here', () => {
    expect(canChangeStatus(admin, admin)).toBe(false);
    expect(allowedTypes(superAdmin, superAdmin)).toEqual(['super_admin']);
  });
  it('an admin changes a member’s type among the non-staff types', () => {
    expect(allowedTypes(admin, { id: 'm', type: 'member' })).toContain('member_viewer');
    expect(allowedTypes(admin, { id: 'm', type: 'member' })).not.toContain('admin');
  });
  it('an admin never touches a staff account, nor another admin', () => {
    expect(allowedTypes(admin, { id: 'e', type: 'event_manager' })).toEqual(['event_manager']);
    expect(canChangeStatus(admin, { id: 'e', type: 'event_manager' })).toBe(false);
    expect(canChangeStatus(admin, { id: 'b', type: 'admin' })).toBe(false);
    expect(canChangeStatus(admin, { id: 'm', type: 'member' })).toBe(true);
  });
  it('an admin does not act on a super admin', () => {
    expect(canChangeStatus(admin, { id: 's2', type: 'super_admin' })).toBe(false);
  });
  it('a super admin grants and removes staff types below their own rank', () => {
    expect(allowedTypes(superAdmin, { id: 'm', type: 'member' })).toContain('admin');
    expect(allowedTypes(superAdmin, { id: 'm', type: 'member' })).not.toContain('super_admin');
    expect(allowedTypes(superAdmin, { id: 'e', type: 'event_manager' })).toContain('member');
    expect(canChangeStatus(superAdmin, { id: 'e', type: 'event_manager' })).toBe(true);
    expect(canChangeStatus(superAdmin, { id: 's2', type: 'super_admin' })).toBe(false);
  });
  it('other staff change nothing', () => {
    expect(canChangeStatus({ id: 'c', type: 'content_manager' }, { id: 'm', type: 'member' })).toBe(
      false,
    );
  });
});
