// Stored file URLs (paths like /storage/v1/object/public/gallery/demo/a.jpg) → absolute URLs,
// and images resized by the server's image transforms through the SDK
// (storage.from(bucket).getPublicUrl(path, { transform }) → /storage/v1/render/image/public/…).
import { apiUrl, sdk } from './sdk';
import { dateTimeFormat } from './date-formats';

const PUBLIC_OBJECT = /^\/storage\/v1\/(?:object|render\/image)\/public\/([^/]+)\/([^?#]+)/;

export function storedFile(
  url: string | null | undefined,
): { bucket: string; path: string } | null {
  if (!url) return null;
  const local = url.startsWith(apiUrl()) ? url.slice(apiUrl().length) : url;
  const m = PUBLIC_OBJECT.exec(local);
  return m ? { bucket: m[1], path: decodeURIComponent(m[2]) } : null;
}

/** A resized public image (WebP where the browser takes it); other URLs unchanged. */
export function imageUrl(
  url: string | null | undefined,
  size?: { width?: number; height?: number; resize?: 'cover' | 'contain' | 'fill' },
): string | undefined {
  if (!url) return undefined;
  const file = storedFile(url);
  if (!file) return url.startsWith('/') ? `${apiUrl()}${url}` : url;
  const bucket = sdk().storage.from(file.bucket);
  const { data } = size
    ? bucket.getPublicUrl(file.path, { transform: { resize: 'cover', ...size } })
    : bucket.getPublicUrl(file.path);
  return data.publicUrl;
}

/** Width candidates for `srcSet` (with `sizes`): the browser picks what the layout needs. */
export function imageSrcSetW(url: string | null | undefined, widths: number[], aspect: number) {
  if (!storedFile(url)) return undefined;
  return widths
    .map((w) => `${imageUrl(url, { width: w, height: Math.round(w / aspect) })} ${w}w`)
    .join(', ');
}

/** 1x and 2x candidates for `srcSet`. */
export function imageSrcSet(url: string | null | undefined, width: number, height: number) {
  const one = imageUrl(url, { width, height });
  const two = imageUrl(url, { width: width * 2, height: height * 2 });
  return one && two && one !== two ? `${one} 1x, ${two} 2x` : undefined;
}

/** Absolute URL of any stored path (files that are not transformed: PDFs, videos). */
export function fileUrl(url: string): string {
  return url.startsWith('/') ? `${apiUrl()}${url}` : url;
}

/** A date (YYYY-MM-DD) or a stored moment for people, in Mumbai's time (Asia/Kolkata) wherever
 *  the browser is (issue 40 item 7). */
export const formatDate = (
  value: string | null | undefined,
  opts: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
) =>
  value
    ? dateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', ...opts }).format(
        new Date(value.length === 10 ? `${value}T00:00:00+05:30` : value),
      )
    : '';
