// The keyed pictures of the site's pages (public.website_images, the admin "Website Images"
// screen): one small read of the active ones, shared by every page that shows one. Each key the
// site shows is listed in SITE_IMAGE_KEYS (the admin screen names them); a page whose key has
// no active picture shows its fallback (issue 40 item 4).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors-core';
import { sdk } from '@/lib/sdk';

/** The keys the public pages read, and where each shows. */
export const SITE_IMAGE_KEYS = ['home.hero', 'about.banner'] as const;
export type SiteImageKey = (typeof SITE_IMAGE_KEYS)[number];

export interface SiteImage {
  key: string;
  image_url: string;
  alt_text: string | null;
  title: string | null;
}

export const websiteImagesQuery = () =>
  queryOptions({
    queryKey: ['site', 'images'] as const,
    queryFn: async (): Promise<SiteImage[]> =>
      unwrap(
        await sdk()
          .from('website_images')
          .select('key, image_url, alt_text, title')
          .eq('is_active', true)
          .order('display_order'),
      ),
  });

/** The picture of `key` among `images` (the first active one, by display order). */
export const imageOf = (images: readonly SiteImage[] | undefined, key: SiteImageKey) =>
  images?.find((i) => i.key === key && i.image_url) ?? null;

/** The active picture of `key`, or null (none, not loaded yet, or unreadable): the page's
 *  fallback then shows. `enabled: false` asks for nothing. */
export function useSiteImage(key: SiteImageKey, { enabled = true } = {}) {
  const images = useQuery({ ...websiteImagesQuery(), enabled });
  return imageOf(images.data, key);
}
