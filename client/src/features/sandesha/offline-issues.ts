// Sandesha issues a reader opened online stay readable offline (issue 40): the service worker
// (src/sw.ts) keeps the files it served by signed URL, the latest ISSUES_KEPT, under their
// address without the token; offline (or with the server out of reach) the archive opens that
// address, which only the cache can answer. No SDK and no '@/' path here: the service worker
// imports this too.
import { encodeObjectPath } from '../../lib/object-path';

export const ISSUE_CACHE = 'sandesha-issues';
export const ISSUES_KEPT = 3;
export const ISSUE_DAYS_KEPT = 90;

/** `/storage/v1/object/sign/<bucket>/…`: a signed file of the Sandesha bucket. */
export const SIGNED_ISSUE = /^\/storage\/v1\/object\/sign\/havyaka-sandesh\//;

/** The address an opened issue is kept under (its signed URL without the query). */
export const savedIssueUrl = (origin: string, bucket: string, path: string) =>
  `${origin}/storage/v1/object/sign/${bucket}/${encodeObjectPath(path)}`;

/** The cache key of a request: its address without the query (the token and file name). */
export const issueCacheKey = (url: string) => {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
};

/** Whether the issue at `url` (savedIssueUrl) is kept on this device. */
export async function hasSavedIssue(url: string): Promise<boolean> {
  if (typeof caches === 'undefined' || !(await caches.has(ISSUE_CACHE))) return false;
  return !!(await (await caches.open(ISSUE_CACHE)).match(url));
}
