// A storage object's path as it stands in a storage URL: no leading, trailing or doubled
// slashes, each segment percent-encoded. Free of imports, for the service worker and the
// first paint's boot code.
export const encodeObjectPath = (path: string) =>
  path
    .replace(/^\/+|\/+$/g, '')
    .replace(/\/+/g, '/')
    .split('/')
    .map(encodeURIComponent)
    .join('/');
