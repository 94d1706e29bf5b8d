// The admin matrimony screen's data: the filtered page (exact count), a profile's photo by
// signed URL (private bucket), decisions (set_matrimony_approval: the profile and its account,
// approver and time), and the spec §7 sync of approved profiles without an account into auth.
import type { Database } from '@havyaka/sdk/database';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataMessage, unwrap } from '@/lib/errors';
import type { ListView, WholeView } from '@/lib/list-view';
import { closestFirst, idList, nameMatchIds, orMatchingIds } from '@/lib/name-search';
import { pagedList } from '@/lib/paged-list';
import { sdk } from '@/lib/sdk';
import { useLiveQueries } from '@/lib/realtime';
import { adminText as text } from '../admin-text';
import {
  contactSearchFilter,
  matrimonySearchFilter,
  storedObject,
  syncPlan,
  type SyncOutcome,
} from '../lib/matrimony-filters';
import { MATRIMONY_SORT, type MatrimonyFilters } from '../resources/profiles/filters';

type Contacts = Database['public']['Tables']['matrimony_contacts']['Row'];
/** A profile with its contact details (stored apart; admins read every one). */
export type ProfileRow = Database['public']['Tables']['matrimony_details']['Row'] & {
  contacts: Contacts | null;
};

export const adminMatrimonyKeys = {
  all: ['admin-matrimony'] as const,
  lists: () => ['admin-matrimony', 'list'] as const,
  list: (view: ListView<MatrimonyFilters>) => ['admin-matrimony', 'list', view] as const,
  photo: (url: string) => ['admin-matrimony', 'photo', url] as const,
};

/** Profiles whose email or mobile number matches the search (at most 500). */
async function profilesByContact(search: string): Promise<string[]> {
  const or = contactSearchFilter(search);
  if (!or) return [];
  const rows = unwrap(
    await sdk().from('matrimony_contacts').select('profile_id').or(or).limit(500),
  );
  return rows.map((r) => r.profile_id);
}

/** The profiles with their contact details: a page of the view with its exact count. */
export const profilePages = pagedList({
  key: adminMatrimonyKeys.list,
  read: async (view: WholeView<MatrimonyFilters>, from, to) => {
    const sort = view.sort ?? MATRIMONY_SORT;
    const filtered = () => {
      let q = sdk()
        .from('matrimony_details')
        .select('*, contacts:matrimony_contacts(*)', { count: 'exact' });
      for (const key of ['approval_status', 'gender'] as const) {
        const v = view.filters[key];
        if (v && v !== 'all') q = q.eq(key, v);
      }
      return q;
    };
    const ordered = (q: ReturnType<typeof filtered>) =>
      q.order(sort.id, { ascending: !sort.desc, nullsFirst: false }).order('id');
    const or = matrimonySearchFilter(view.search);
    if (!or) return ordered(filtered()).range(from, to).returns<ProfileRow[]>();
    // By contact details (stored apart), and by name in either script or another spelling.
    const [byContact, byName] = await Promise.all([
      profilesByContact(view.search),
      nameMatchIds('matrimony_name_matches', view.search),
    ]);
    if (byName.length && sort.id === MATRIMONY_SORT.id && sort.desc === MATRIMONY_SORT.desc) {
      // The default order with a search: the closest names first.
      return closestFirst(
        byName,
        (ids) => filtered().in('id', ids).returns<ProfileRow[]>(),
        (excluded, f, t) => {
          const rest = filtered().or(orMatchingIds(or, byContact)!);
          return ordered(excluded.length ? rest.not('id', 'in', idList(excluded)) : rest)
            .range(f, t)
            .returns<ProfileRow[]>();
        },
        from,
        to,
      );
    }
    return ordered(filtered().or(orMatchingIds(or, [...new Set([...byContact, ...byName])])!))
      .range(from, to)
      .returns<ProfileRow[]>();
  },
});

/** The photo through a signed URL (an hour); other URLs as they are. */
export const useProfilePhoto = (url: string | null) =>
  useQuery({
    queryKey: adminMatrimonyKeys.photo(url ?? ''),
    enabled: Boolean(url),
    staleTime: 50 * 60_000,
    queryFn: async () => {
      const file = storedObject(url);
      if (!file) return url as string;
      const { data, error } = await sdk()
        .storage.from(file.bucket)
        .createSignedUrl(file.path, 3600, {
          transform: { width: 480, height: 600, resize: 'cover' },
        });
      if (error || !data) throw error;
      return data.signedUrl;
    },
  });

export function useDecideProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision }: { id: string; decision: 'approved' | 'rejected' }) =>
      unwrap(await sdk().rpc('set_matrimony_approval', { profile_id: id, decision })),
    onSuccess: () => client.invalidateQueries({ queryKey: adminMatrimonyKeys.lists() }),
  });
}

/** A password nobody knows (the member sets their own through Forgot password). */
export function randomPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return `${btoa(String.fromCharCode(...bytes)).replace(/[+/=]/g, '')}Aa1!`;
}

/** Spec §7: approved profiles lacking a user_id get an account (email confirmed). */
export async function syncApprovedProfiles(): Promise<SyncOutcome> {
  const profiles = unwrap(
    await sdk()
      .from('matrimony_details')
      .select(
        'id, first_name, surname, approval_status, user_id, contacts:matrimony_contacts(email)',
      )
      .eq('approval_status', 'approved')
      .limit(1000)
      .returns<
        {
          id: string;
          first_name: string;
          surname: string;
          approval_status: string;
          user_id: string | null;
          contacts: { email: string | null } | null;
        }[]
      >(),
  );
  const { outcome, todo } = syncPlan(profiles);
  if (outcome) return outcome;
  let created = 0;
  const errors: { name: string; message: string }[] = [];
  for (const profile of todo) {
    const p = { ...profile, email: profile.contacts?.email ?? null };
    const name = `${p.first_name} ${p.surname}`;
    if (!p.email) {
      errors.push({ name, message: text.syncNoEmail });
      continue;
    }
    const account = await sdk().auth.admin.createUser({
      email: p.email,
      password: randomPassword(),
      email_confirm: true,
      user_metadata: { full_name: name },
    });
    if (account.error || !account.data) {
      errors.push({ name, message: dataMessage(account.error) });
      continue;
    }
    const userId = account.data.user.id;
    const record = await sdk().rpc('create_user_record', {
      user_id: userId,
      user_email: p.email,
      user_type: 'matrimony',
      user_status: 'approved',
      user_full_name: name,
    });
    const linked = record.error
      ? record
      : await sdk().from('matrimony_details').update({ user_id: userId }).eq('id', p.id);
    if (linked.error) errors.push({ name, message: dataMessage(linked.error) });
    else created += 1;
  }
  return { kind: 'done', created, errors };
}

export function useSyncProfiles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: syncApprovedProfiles,
    onSuccess: () => client.invalidateQueries({ queryKey: adminMatrimonyKeys.lists() }),
  });
}

/** Keeps the profile pages live: a new or changed profile refetches them. */
export function useLiveProfiles() {
  useLiveQueries({ name: 'admin-matrimony', changes: [{ table: 'matrimony_details' }] }, [
    adminMatrimonyKeys.lists(),
  ]);
}
