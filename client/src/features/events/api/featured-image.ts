// An event's featured image (spec §9): the event-images bucket, folder featured, 5 MB,
// JPEG/PNG/WebP, resized in the browser to fit 1920x1080 and stored as JPEG quality 0.8.
import { unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import { adminText as t } from '../admin-text';
import { uniqueName } from '@/lib/file-names';
import { resizeImage } from '@/lib/resize-image';

export const FEATURED_IMAGE = {
  bucket: 'event-images',
  folder: 'featured',
  maxBytes: 5 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp'],
  maxWidth: 1920,
  maxHeight: 1080,
  quality: 0.8,
} as const;

/** Why a picked file cannot be used, as a toast's title and text; null when it can. */
export function featuredImageProblem(file: File): { title: string; description: string } | null {
  if (!(FEATURED_IMAGE.types as readonly string[]).includes(file.type)) {
    return { title: t.image.invalidType, description: t.image.invalidTypeBody };
  }
  if (file.size > FEATURED_IMAGE.maxBytes) {
    return { title: t.image.tooLarge, description: t.image.tooLargeBody };
  }
  return null;
}

/** A safe, unique object name in the featured folder. */
export const featuredImagePath = (fileName: string, now = Date.now()) =>
  uniqueName(FEATURED_IMAGE.folder, fileName, 'jpg', now);

/** Resizes and uploads; returns the stored URL (a path on this site). */
export async function uploadFeaturedImage(file: File): Promise<string> {
  const resized = await resizeImage(file, {
    maxWidth: FEATURED_IMAGE.maxWidth,
    maxHeight: FEATURED_IMAGE.maxHeight,
    quality: FEATURED_IMAGE.quality,
    type: 'image/jpeg',
  });
  const bucket = sdk().storage.from(FEATURED_IMAGE.bucket);
  const path = featuredImagePath(file.name);
  unwrap(await bucket.upload(path, resized, { contentType: 'image/jpeg', cacheControl: '3600' }));
  return `/storage/v1/object/public/${FEATURED_IMAGE.bucket}/${path}`;
}
