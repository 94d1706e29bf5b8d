// Matrimony profiles: registering (account, photo, biodata, then register_matrimony), the
// user's own profile, the approved profiles they may browse, one profile, and photos through
// short-lived signed URLs (the bucket is private).
import type { Database, Json } from '@havyaka/sdk/database';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authKeys, useAuth } from '@/lib/auth';
import { unwrap } from '@/lib/errors';
import {
  ensureSession,
  objectPath,
  uploadOwnFile,
  type AccountInput,
} from '@/lib/registration/api';
import { sdk } from '@/lib/sdk';
import { resizePhoto } from '../photo';
import { toMatrimonyProfile, type MatrimonyValues } from '../schema';
import { text } from '../text';
import { fromSdk } from '@/lib/from-sdk';

export type Profile = Database['public']['Tables']['matrimony_details']['Row'];
/** Contact details live apart (matrimony_contacts): the database shows them to the owner,
 * admins and the other party of an accepted interest only. */
export type Contacts = Database['public']['Tables']['matrimony_contacts']['Row'];
export type OwnProfile = Profile & { contacts: Contacts | null };
export const PHOTOS = 'matrimony-photos';
export const PDFS = 'matrimony-pdfs';
export const PAGE_SIZE = 12;
/** Signed photo links last 10 minutes: long enough to look, too short to pass around. */
export const PHOTO_LINK_SECONDS = 600;

export const matrimonyKeys = {
  all: ['matrimony'] as const,
  own: (userId: string) => ['matrimony', 'own', userId] as const,
  browse: (f: BrowseFilters) => ['matrimony', 'browse', f] as const,
  profile: (id: string) => ['matrimony', 'profile', id] as const,
  contacts: (profileId: string) => ['matrimony', 'contacts', profileId] as const,
  photo: (url: string) => ['matrimony', 'photo', url] as const,
  interests: (userId: string) => ['matrimony', 'interests', userId] as const,
  messages: (userId: string, other: string) => ['matrimony', 'messages', userId, other] as const,
  views: (userId: string) => ['matrimony', 'views', userId] as const,
};

/** The one submit: account, photo (resized here), biodata, profile; each safe to repeat. */
export async function registerMatrimony(
  values: MatrimonyValues,
  files: { photo: File | null; biodata: File | null },
  account: AccountInput | null,
): Promise<Profile> {
  const userId = await ensureSession(account);
  let photoUrl: string | null = null;
  let biodataUrl: string | null = null;
  if (files.photo) {
    const resized = await resizePhoto(files.photo);
    photoUrl = objectPath(
      PHOTOS,
      await uploadOwnFile(PHOTOS, userId, 'profile.jpg', resized, 'image/jpeg', text.photoUpload),
    );
  }
  if (files.biodata) {
    biodataUrl = objectPath(
      PDFS,
      await uploadOwnFile(
        PDFS,
        userId,
        'biodata.pdf',
        files.biodata,
        'application/pdf',
        text.biodataUpload,
      ),
    );
  }
  return unwrap(
    await sdk().rpc('register_matrimony', {
      application: toMatrimonyProfile(values, { photoUrl, biodataUrl }),
    }),
  ) as Profile;
}

export function useOwnProfile() {
  const { session } = useAuth();
  const userId = session?.user.id ?? '';
  return useQuery({
    queryKey: matrimonyKeys.own(userId),
    enabled: !!userId,
    queryFn: fromSdk((db) =>
      db
        .from('matrimony_details')
        .select('*, contacts:matrimony_contacts(*)')
        .eq('user_id', userId)
        .returns<OwnProfile[]>()
        .maybeSingle(),
    ),
  });
}

/** Saves the changed columns of the profile and its contact details in one transaction. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: Record<string, unknown> }) =>
      unwrap(
        await sdk().rpc('update_matrimony_profile', {
          profile_id: id,
          changes: changes as Json,
        }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: matrimonyKeys.all });
      void queryClient.invalidateQueries({ queryKey: authKeys.all });
    },
  });
}

/**
 * A profile's contact details, or null: the database answers only to the owner, admins and the
 * other party of an accepted interest, so null means "not shared with you (yet)".
 */
export function useContacts(profileId: string | undefined) {
  return useQuery({
    queryKey: matrimonyKeys.contacts(profileId ?? ''),
    enabled: !!profileId,
    staleTime: 0,
    queryFn: fromSdk((db) =>
      db.from('matrimony_contacts').select('*').eq('profile_id', profileId!).maybeSingle(),
    ),
  });
}

/** Replaces the user's photo (resized here) and returns its stored path. */
export async function replacePhoto(userId: string, file: File): Promise<string> {
  const resized = await resizePhoto(file);
  return objectPath(
    PHOTOS,
    await uploadOwnFile(PHOTOS, userId, 'profile.jpg', resized, 'image/jpeg', text.photoUpload),
  );
}

export interface BrowseFilters {
  gender: string;
  ageFrom: string;
  ageTo: string;
  heightFrom: string;
  heightTo: string;
  qualification: string;
  place: string;
  excludeGotra: string;
  page: number;
}

const yearsAgo = (years: number) => {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  return d.toISOString().slice(0, 10);
};
const like = (v: string) => `*${v.replace(/[,()*%]/g, ' ').trim()}*`;

/** Approved profiles (policies show nothing else), newest activity first, 12 a page. */
export function useBrowse(f: BrowseFilters, ownId: string | undefined) {
  return useQuery({
    queryKey: matrimonyKeys.browse(f),
    placeholderData: keepPreviousData,
    enabled: !!ownId,
    queryFn: async () => {
      let q = sdk()
        .from('matrimony_details')
        .select(
          'id, user_id, first_name, surname, gender, date_of_birth, height, height_cm, qualification, occupation, place, native_place, gotra, photo_url, last_active',
          { count: 'exact' },
        )
        .eq('approval_status', 'approved')
        .neq('id', ownId!)
        .not('user_id', 'is', null);
      if (f.gender) q = q.eq('gender', f.gender);
      if (f.ageFrom) q = q.lte('date_of_birth', yearsAgo(Number(f.ageFrom)));
      if (f.ageTo) q = q.gt('date_of_birth', yearsAgo(Number(f.ageTo) + 1));
      if (f.heightFrom) q = q.gte('height_cm', Number(f.heightFrom));
      if (f.heightTo) q = q.lte('height_cm', Number(f.heightTo));
      if (f.qualification.trim()) q = q.ilike('qualification', like(f.qualification));
      if (f.place.trim())
        q = q.or(`place.ilike.${like(f.place)},native_place.ilike.${like(f.place)}`);
      if (f.excludeGotra) q = q.or(`gotra.is.null,gotra.neq.${f.excludeGotra}`);
      const from = (f.page - 1) * PAGE_SIZE;
      const res = await q
        .order('last_active', { ascending: false, nullsFirst: false })
        .order('created_at', { ascending: false })
        .range(from, from + PAGE_SIZE - 1);
      return { rows: unwrap(res), count: res.count ?? 0 };
    },
  });
}

/** A photo's short-lived link (private bucket, signed for the viewer). */
export function usePhotoLink(url: string | null | undefined) {
  const name = url?.replace(`/storage/v1/object/${PHOTOS}/`, '');
  return useQuery({
    queryKey: matrimonyKeys.photo(url ?? ''),
    enabled: !!name && name !== url,
    staleTime: (PHOTO_LINK_SECONDS - 60) * 1000,
    queryFn: async () => {
      const { data, error } = await sdk()
        .storage.from(PHOTOS)
        .createSignedUrl(name!, PHOTO_LINK_SECONDS, {
          transform: { width: 480, height: 640, resize: 'cover' },
        });
      if (error || !data) throw error ?? new Error('Failed to fetch photos');
      return data.signedUrl;
    },
  });
}

/** A link to a biodata PDF (private bucket), valid for ten minutes. */
export async function biodataLink(url: string): Promise<string> {
  const { data, error } = await sdk()
    .storage.from(PDFS)
    .createSignedUrl(url.replace(`/storage/v1/object/${PDFS}/`, ''), PHOTO_LINK_SECONDS);
  if (error || !data) throw error ?? new Error('Failed to create a link');
  return data.signedUrl;
}
