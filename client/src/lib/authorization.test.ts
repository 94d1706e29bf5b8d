import { describe, expect, it } from 'vitest';
import {
  ADMINS,
  decide,
  EVENT_EDITORS,
  EVENT_STAFF,
  isApproved,
  MANAGERS,
  MEMBER_AREA,
  roleHome,
  ROLES,
  SANDESHA_STAFF,
  STAFF,
  type AppUser,
  type Role,
  type SessionView,
} from './authorization';

const user = (type: string, status = 'approved'): AppUser => ({
  id: 'u',
  email: 'u@example.org',
  type,
  status,
  full_name: null,
  approval_status: status === 'approved' ? 'approved' : 'pending',
});
const signedIn = (
  type: string,
  detail: SessionView['detail'] = { approval_status: 'approved' },
  status = 'approved',
): SessionView => ({
  status: 'signedIn',
  user: user(type, status),
  detail,
});

describe('role homes (spec §6)', () => {
  it.each([
    ['admin', '/admin'],
    ['super_admin', '/admin'],
    ['content_manager', '/admin'],
    ['student', '/dashboard/student'],
    ['matrimony', '/dashboard/matrimony'],
    ['member', '/dashboard/member'],
    ['member_viewer', '/dashboard/member'],
    ['havyaka_sandesh_manager', '/admin/havyaka-sandesh'],
    ['event_manager', '/admin/events'],
    ['someone', '/'],
  ])('%s → %s', (role, home) => expect(roleHome(role)).toBe(home));
});

describe('the guard', () => {
  it('checks while the session or profile loads', () => {
    expect(decide({ status: 'loading', user: null, detail: null })).toEqual({ kind: 'checking' });
    expect(decide({ status: 'signedIn', user: null, detail: null, profileLoading: true })).toEqual({
      kind: 'checking',
    });
  });
  it('asks visitors to sign in', () => {
    expect(
      decide({ status: 'signedOut', user: null, detail: null }, { allowedRoles: STAFF }),
    ).toEqual({ kind: 'signIn' });
  });

  // Every role against every area: allowed exactly when listed.
  const areas: [string, Role[]][] = [
    ['admin area', STAFF],
    ['managers', MANAGERS],
    ['event staff', EVENT_STAFF],
    ['edit event', EVENT_EDITORS],
    ['sandesha', SANDESHA_STAFF],
    ['admins', ADMINS],
    ['member area', MEMBER_AREA],
  ];
  for (const [name, allowed] of areas) {
    it.each(ROLES.map((r) => [r]))(`${name}: %s`, (role) => {
      const decision = decide(signedIn(role), { allowedRoles: allowed });
      if (allowed.includes(role)) expect(decision).toEqual({ kind: 'allow' });
      else
        expect(decision).toEqual({
          kind: 'denied',
          role,
          required: [],
          allowed,
          home: roleHome(role),
        });
    });
  }

  it('takes a required role, single or a list', () => {
    expect(decide(signedIn('member_viewer'), { requiredRole: 'member_viewer' }).kind).toBe('allow');
    expect(decide(signedIn('member'), { requiredRole: 'member_viewer' })).toMatchObject({
      kind: 'denied',
      required: ['member_viewer'],
      home: '/dashboard/member',
    });
    expect(decide(signedIn('admin'), { requiredRole: ['admin', 'super_admin'] }).kind).toBe(
      'allow',
    );
  });
  it('lets both member and member_viewer into /dashboard/member, so the home never loops', () => {
    for (const role of ['member', 'member_viewer']) {
      expect(decide(signedIn(role), { allowedRoles: MEMBER_AREA }).kind).toBe('allow');
      expect(roleHome(role)).toBe('/dashboard/member');
    }
  });
  it('every role is allowed at its own home', () => {
    const homeRules: Record<string, Role[]> = {
      '/admin': STAFF,
      '/admin/events': EVENT_STAFF,
      '/admin/havyaka-sandesh': SANDESHA_STAFF,
      '/dashboard/member': MEMBER_AREA,
      '/dashboard/student': ['student'],
      '/dashboard/matrimony': ['matrimony'],
    };
    for (const role of ROLES) {
      expect(decide(signedIn(role), { allowedRoles: homeRules[roleHome(role)] }).kind).toBe(
        'allow',
      );
    }
  });
  it('accepts a permission requirement without checking', () => {
    expect(decide(signedIn('member'), { permission: 'events.write' }).kind).toBe('allow');
  });
  it('sends users without their detail record away (student and matrimony routes)', () => {
    expect(
      decide(signedIn('student', null), { requiredRole: 'student', needsDetail: true }),
    ).toEqual({ kind: 'missingProfile' });
    expect(
      decide(signedIn('matrimony', null), { requiredRole: 'matrimony', needsDetail: true }),
    ).toEqual({ kind: 'missingProfile' });
  });
  it('sends unapproved users away (approval is required by default)', () => {
    expect(decide(signedIn('admin', null, 'pending'), { allowedRoles: STAFF })).toEqual({
      kind: 'pending',
    });
    expect(
      decide(signedIn('student', { approval_status: 'pending' }), {
        requiredRole: 'student',
        needsDetail: true,
      }),
    ).toEqual({ kind: 'pending' });
    expect(
      decide(signedIn('admin', null, 'pending'), { allowedRoles: STAFF, requireApproval: false })
        .kind,
    ).toBe('allow');
  });
  it('treats a missing user record as no role', () => {
    expect(
      decide({ status: 'signedIn', user: null, detail: null }, { allowedRoles: STAFF }),
    ).toMatchObject({ kind: 'denied', role: 'none', home: '/' });
  });
});

describe('approval (spec §4)', () => {
  it('needs the detail record approved too for matrimony and students', () => {
    expect(isApproved(user('student'), { approval_status: 'approved' })).toBe(true);
    expect(isApproved(user('student'), { approval_status: 'pending' })).toBe(false);
    expect(isApproved(user('matrimony'), null)).toBe(false);
    expect(isApproved(user('member'), null)).toBe(true);
    expect(isApproved(user('admin', 'rejected'), null)).toBe(false);
  });
});
