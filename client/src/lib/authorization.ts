// Who may see which screen (spec §6). Pure functions: the route guard renders what `decide`
// answers, and the tests check every role against them. Client checks are for people; the
// server's row-level security is the real gate.

export const ROLES = [
  'super_admin',
  'admin',
  'content_manager',
  'event_manager',
  'havyaka_sandesh_manager',
  'member',
  'member_viewer',
  'student',
  'matrimony',
] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** Staff types: they reach the admin area. */
export const STAFF: Role[] = [
  'super_admin',
  'admin',
  'content_manager',
  'event_manager',
  'havyaka_sandesh_manager',
];
/** "Other admins" of the sidebar (spec §2): the five groups. */
export const MANAGERS: Role[] = ['super_admin', 'admin', 'content_manager'];
export const EVENT_STAFF: Role[] = [...MANAGERS, 'event_manager'];
export const SANDESHA_STAFF: Role[] = [...MANAGERS, 'havyaka_sandesh_manager'];
/** Edit Event: admin and event_manager (super_admin has every admin right). */
export const EVENT_EDITORS: Role[] = ['super_admin', 'admin', 'event_manager'];
/** Staff roles and RBAC. */
export const ADMINS: Role[] = ['super_admin', 'admin'];
/** /dashboard/member: the spec sends `member` users there too, so both are allowed. */
export const MEMBER_AREA: Role[] = ['member', 'member_viewer'];

/** Role homes (spec §6). */
export function roleHome(role: string | null | undefined): string {
  switch (role) {
    case 'admin':
    case 'super_admin':
    case 'content_manager':
      return '/admin';
    case 'student':
      return '/dashboard/student';
    case 'matrimony':
      return '/dashboard/matrimony';
    case 'member':
    case 'member_viewer':
      return '/dashboard/member';
    case 'havyaka_sandesh_manager':
      return '/admin/havyaka-sandesh';
    case 'event_manager':
      return '/admin/events';
    default:
      return '/';
  }
}

/** The detail record a user type needs (spec §3): matrimony, student, member. */
export type DetailKind = 'matrimony' | 'student' | 'member';
export function detailKindOf(role: string | null | undefined): DetailKind | null {
  return role === 'matrimony' || role === 'student' || role === 'member' ? role : null;
}

export interface AppUser {
  id: string;
  email: string;
  type: string;
  status: string;
  full_name: string | null;
  approval_status: string;
}

export interface Detail {
  approval_status: string;
}

/**
 * Spec §4: matrimony and student users need both their user status and their detail record
 * approved; everyone else needs the user status approved.
 */
export function isApproved(user: AppUser, detail: Detail | null): boolean {
  if (user.status !== 'approved') return false;
  if (user.type === 'matrimony' || user.type === 'student') {
    return detail?.approval_status === 'approved';
  }
  return true;
}

export interface Requirement {
  /** A single role or a list; any one matches. */
  requiredRole?: Role | Role[];
  allowedRoles?: Role[];
  /** Accepted without checking (spec §6). */
  permission?: string;
  /** Student and matrimony routes also need the detail record. */
  needsDetail?: boolean;
  /** Approval is required by default. */
  requireApproval?: boolean;
  /** A rejected applicant is let in (their dashboard shows the decision): features/auth's
   *  route guard decides it (admitRejected), off the first paint. */
  admitsRejected?: boolean;
}

export interface SessionView {
  status: 'loading' | 'signedIn' | 'signedOut';
  user: AppUser | null;
  detail: Detail | null;
  /** The user record and detail are still being read. */
  profileLoading?: boolean;
}

export type Decision =
  | { kind: 'checking' }
  | { kind: 'signIn' }
  | { kind: 'pending' }
  | { kind: 'missingProfile' }
  | { kind: 'denied'; role: string; required: Role[]; allowed: Role[]; home: string }
  | { kind: 'allow' };

const asList = (r: Role | Role[] | undefined): Role[] => (r === undefined ? [] : [r].flat());

export function decide(session: SessionView, need: Requirement = {}): Decision {
  if (session.status === 'loading' || (session.status === 'signedIn' && session.profileLoading)) {
    return { kind: 'checking' };
  }
  if (session.status === 'signedOut') return { kind: 'signIn' };
  const required = asList(need.requiredRole);
  const allowed = need.allowedRoles ?? [];
  const user = session.user;
  const role = user?.type ?? 'none';
  const roleChecked = required.length > 0 || allowed.length > 0;
  if (roleChecked) {
    const ok = (required as string[]).includes(role) || (allowed as string[]).includes(role);
    if (!ok) return { kind: 'denied', role, required, allowed, home: roleHome(user?.type) };
  }
  if (need.needsDetail && detailKindOf(role) && !session.detail) {
    return { kind: 'missingProfile' };
  }
  if (user && (need.requireApproval ?? true) && !isApproved(user, session.detail)) {
    return { kind: 'pending' };
  }
  return { kind: 'allow' };
}

/** The labels the access screens show. */
export function roleLabel(role: string): string {
  return role
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
