// What the account screen lets a caller change, mirroring app.guard_users and app.may_act_on
// (the real gate): nobody changes their own type or status, nor an account at or above their
// own rank; admins change members' accounts; only a super admin touches staff accounts and moves
// an account into or out of a staff type (never to super_admin). spec §5 User creation: the
// types and statuses.

export const USER_TYPES = [
  'member',
  'student',
  'matrimony',
  'member_viewer',
  'admin',
  'super_admin',
  'content_manager',
  'event_manager',
  'havyaka_sandesh_manager',
] as const;
export const STAFF_TYPES = [
  'admin',
  'super_admin',
  'content_manager',
  'event_manager',
  'havyaka_sandesh_manager',
];
export const USER_STATUSES = ['pending', 'approved', 'rejected', 'inactive'] as const;

export const isStaffType = (type: string) => STAFF_TYPES.includes(type);

export interface Caller {
  id: string;
  type: string;
}
interface Target {
  id: string;
  type: string;
}

/** spec §6 staff hierarchy (app.type_rank): super_admin 3, admin 2, other staff 1, others 0. */
export const typeRank = (type: string) =>
  type === 'super_admin' ? 3 : type === 'admin' ? 2 : isStaffType(type) ? 1 : 0;

const isAdminType = (type: string) => type === 'admin' || type === 'super_admin';

/**
 * Status: never one's own; admins for accounts ranking below them, staff accounts only for a
 * super admin (app.may_act_on).
 */
export function canChangeStatus(caller: Caller, target: Target): boolean {
  if (caller.id === target.id || !isAdminType(caller.type)) return false;
  const rank = typeRank(target.type);
  return rank < typeRank(caller.type) && (rank === 0 || caller.type === 'super_admin');
}

/** The types the caller may give this account (its own type first when nothing may change). */
export function allowedTypes(caller: Caller, target: Target): string[] {
  if (!canChangeStatus(caller, target)) return [target.type];
  const callerRank = typeRank(caller.type);
  if (caller.type === 'super_admin') return USER_TYPES.filter((t) => typeRank(t) < callerRank);
  // Only a super admin moves an account into or out of a staff type.
  return isStaffType(target.type) ? [target.type] : USER_TYPES.filter((t) => !isStaffType(t));
}
