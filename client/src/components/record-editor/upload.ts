// Images of site records: resized in the browser to fit 1920x1080 as JPEG 0.8 and stored in
// the public content bucket under site/<folder>/.
import { unwrap } from '@/lib/errors';
import { uniqueName } from '@/lib/file-names';
import { resizeImage } from '@/lib/resize-image';
import { sdk } from '@/lib/sdk';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export async function uploadSiteImage(file: File, folder: string): Promise<string> {
  const body = await resizeImage(file, {
    maxWidth: 1920,
    maxHeight: 1080,
    quality: 0.8,
    type: 'image/jpeg',
  });
  const path = uniqueName(`site/${folder}`, file.name, 'jpg');
  unwrap(
    await sdk()
      .storage.from('content')
      .upload(path, body, { contentType: 'image/jpeg', cacheControl: '3600' }),
  );
  return `/storage/v1/object/public/content/${path}`;
}
