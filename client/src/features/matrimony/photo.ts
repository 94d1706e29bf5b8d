// The matrimony photo, resized in the browser before upload with the kit's resizer (spec §9:
// JPEG at quality 0.85, at most 2 MB): fit within 1200 × 1600, smaller again if the JPEG is
// still too big.
import { fitInside, resizeImage } from '@/lib/image-resize';
import { text } from './text';

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_QUALITY = 0.85;

/** The size that fits within max, keeping the proportions (never enlarged). */
export const fitWithin = fitInside;

export async function resizePhoto(file: Blob): Promise<Blob> {
  for (const [maxWidth, maxHeight] of [
    [1200, 1600],
    [900, 1200],
    [600, 800],
  ]) {
    const resized = await resizeImage(file, {
      maxWidth,
      maxHeight,
      quality: PHOTO_QUALITY,
      type: 'image/jpeg',
    });
    if (resized.size <= PHOTO_MAX_BYTES) return resized;
  }
  throw new Error(text.photoUpload.size);
}
