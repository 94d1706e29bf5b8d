// organization_info for staff (spec §7: published only for the public, all for content staff;
// upsert by section; display_order orders the About page).
import type { Database } from '@havyaka/sdk/database';
import { useMutation, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import { siteKeys } from '../api/site';
import { fromSdk } from '@/lib/from-sdk';
import { useInvalidate } from '@/lib/invalidate';

export type Section = Database['public']['Tables']['organization_info']['Row'];

export const organizationKeys = {
  all: ['organization-admin'] as const,
};

export const useSections = () =>
  useQuery({
    queryKey: organizationKeys.all,
    queryFn: fromSdk((db) =>
      db.from('organization_info').select().order('display_order').order('section'),
    ),
  });

/** Spec §7: upsert by section. */
export function useSaveSection() {
  const invalidate = useInvalidate(organizationKeys.all, siteKeys.organization());
  return useMutation({
    mutationFn: async (row: {
      section: string;
      title: string;
      content: string | null;
      is_published: boolean;
      /** Only for a new section: an edit keeps the stored order (a move may have just changed it). */
      display_order?: number;
    }) =>
      unwrap(
        await sdk()
          .from('organization_info')
          .upsert(row, { onConflict: 'section' })
          .select()
          .single(),
      ),
    onSuccess: invalidate,
  });
}

export function usePatchSection() {
  const invalidate = useInvalidate(organizationKeys.all, siteKeys.organization());
  return useMutation({
    mutationFn: async ({
      id,
      changes,
    }: {
      id: string;
      changes: Partial<Pick<Section, 'is_published' | 'display_order'>>;
    }) => unwrap(await sdk().from('organization_info').update(changes).eq('id', id).select()),
    onSuccess: invalidate,
  });
}

export function useDeleteSection() {
  const invalidate = useInvalidate(organizationKeys.all, siteKeys.organization());
  return useMutation({
    mutationFn: fromSdk((db, id: string) =>
      db.from('organization_info').delete().eq('id', id).select('id'),
    ),
    onSuccess: invalidate,
  });
}

/** The display orders after moving `index` by `delta` (1, 2, 3… in the new order). */
export function reorder<T extends { id: string }>(items: T[], index: number, delta: -1 | 1) {
  const target = index + delta;
  if (target < 0 || target >= items.length) return null;
  const next = [...items];
  [next[index], next[target]] = [next[target], next[index]];
  return next.map((item, i) => ({ id: item.id, display_order: i + 1 }));
}
