// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { decide, MEMBER_AREA, type AppUser, type SessionView } from '@/lib/authorization';
import { admitRejected, isRejected } from '../components/route-guard';

const user = (type: string, status: string): AppUser => ({
  id: 'u',
  email: 'u@example.org',
  type,
  status,
  full_name: null,
  approval_status: status,
});
const session = (type: string, status: string, detail: string | null): SessionView => ({
  status: 'signedIn',
  user: user(type, status),
  detail: detail ? { approval_status: detail } : null,
});
const guard = (s: SessionView, need: Parameters<typeof decide>[1] = {}) =>
  admitRejected(decide(s, need), need, s.user, s.detail);

describe('a rejected applicant (issue 40)', () => {
  it('is known by the account or its detail record', () => {
    expect(isRejected(user('member', 'rejected'), null)).toBe(true);
    expect(isRejected(user('student', 'approved'), { approval_status: 'rejected' })).toBe(true);
    expect(isRejected(user('student', 'pending'), { approval_status: 'pending' })).toBe(false);
  });
  it('reaches a dashboard that admits them; a pending applicant does not', () => {
    const dashboard = { allowedRoles: MEMBER_AREA, admitsRejected: true };
    expect(guard(session('member', 'rejected', 'rejected'), dashboard)).toEqual({ kind: 'allow' });
    expect(guard(session('member', 'pending', 'pending'), dashboard)).toEqual({ kind: 'pending' });
  });
  it('is still sent away from the other pages of their area', () => {
    expect(
      guard(session('student', 'rejected', 'rejected'), {
        requiredRole: 'student',
        needsDetail: true,
      }),
    ).toEqual({ kind: 'pending' });
    expect(
      guard(session('student', 'rejected', 'rejected'), {
        requiredRole: 'student',
        needsDetail: true,
        admitsRejected: true,
      }),
    ).toEqual({ kind: 'allow' });
  });
});
