// The URLs of stored objects, built without a request (the object API and public URLs share them).

import type { TransformOptions } from './types';

/** `a//b/` → `a/b`, each segment percent-encoded (the server decodes the path). */
export function encodePath(path: string): string {
  return path
    .replace(/^\/+|\/+$/g, '')
    .replace(/\/+/g, '/')
    .split('/')
    .map(encodeURIComponent)
    .join('/');
}

/** `width=…&height=…&resize=…&format=…&quality=…`, the keys given. */
export function transformQuery(t: TransformOptions = {}): string[] {
  return (['width', 'height', 'resize', 'format', 'quality'] as const)
    .filter((k) => t[k])
    .map((k) => `${k}=${t[k]}`);
}

export const downloadParam = (download?: boolean | string) =>
  download ? [`download=${download === true ? '' : encodeURIComponent(download)}`] : [];

export const withQuery = (url: string, parts: string[]) =>
  parts.length ? `${url}?${parts.join('&')}` : url;

/** `<storage>/<kind>/<bucket>/<path>`. */
export const objectUrl = (url: string, bucket: string, path: string, kind = 'object') =>
  `${url}/${kind}/${bucket}/${encodePath(path)}`;
