// The matrimony photo, resized in the browser before upload (spec §9: JPEG at quality 0.85,
// at most 2 MB): fit within 1200 × 1600, smaller again if the JPEG is still too big.
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_QUALITY = 0.85;

/** The size that fits within max, keeping the proportions (never enlarged). */
export function fitWithin(width: number, height: number, maxWidth: number, maxHeight: number) {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

export async function resizePhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    for (const [maxW, maxH] of [
      [1200, 1600],
      [900, 1200],
      [600, 800],
    ]) {
      const { width, height } = fitWithin(bitmap.width, bitmap.height, maxW, maxH);
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('Failed to upload image. Please try again.');
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, width, height);
      ctx.drawImage(bitmap, 0, 0, width, height);
      const blob = await new Promise<Blob | null>((resolve) =>
        canvas.toBlob(resolve, 'image/jpeg', PHOTO_QUALITY),
      );
      if (blob && blob.size <= PHOTO_MAX_BYTES) return blob;
    }
  } finally {
    bitmap.close();
  }
  throw new Error('File size too large. Maximum size: 2MB');
}
