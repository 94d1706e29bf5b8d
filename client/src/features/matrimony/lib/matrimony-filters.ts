// The admin matrimony list's filters: approval and gender ('all' ignored), and a search over
// name and place (the profile) and email and mobile (its contact details, stored apart).
import { ilikeAny } from '@/lib/search';

export const matrimonySearchFilter = (raw: string) =>
  ilikeAny(['first_name', 'surname', 'place', 'native_place'], raw);

/** The same search over matrimony_contacts. */
export const contactSearchFilter = (raw: string) => ilikeAny(['email', 'mobile_no'], raw);

/** Age in whole years on `today` from a YYYY-MM-DD birth date. */
export function ageOn(dateOfBirth: string, today = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age -= 1;
  return age;
}

/** The bucket and object of a stored photo URL (/storage/v1/object/[public/|sign/]bucket/path). */
export function storedObject(url: string | null | undefined) {
  if (!url) return null;
  const m =
    /\/storage\/v1\/(?:object|render\/image)\/(?:public\/|sign\/|authenticated\/)?([A-Za-z0-9._-]+)\/([^?#]+)/.exec(
      url,
    );
  return m ? { bucket: m[1], path: decodeURIComponent(m[2]) } : null;
}

/** What the sync (spec §7) answers, word for word when nothing is to be done. */
export type SyncOutcome =
  | { kind: 'none' }
  | { kind: 'all-synced' }
  | { kind: 'done'; created: number; errors: { name: string; message: string }[] };

/** The profiles a sync acts on: approved ones without an account. */
export function syncPlan<T extends { approval_status: string; user_id: string | null }>(
  profiles: T[],
): { outcome: SyncOutcome | null; todo: T[] } {
  const approved = profiles.filter((p) => p.approval_status === 'approved');
  if (approved.length === 0) return { outcome: { kind: 'none' }, todo: [] };
  const todo = approved.filter((p) => !p.user_id);
  if (todo.length === 0) return { outcome: { kind: 'all-synced' }, todo: [] };
  return { outcome: null, todo };
}
