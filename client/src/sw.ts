/// <reference lib="webworker" />
// The service worker (/sw.js, scope /): precached app shell, SPA navigations answered from the
// cache (offline page when even that fails), images cached as they are seen, visitors' reads
// and the client config kept for offline starts, the Sandesha issues a reader opened, and web
// push (payload {title, body, url}).
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { documentText } from './app/document-text';
import {
  ISSUE_CACHE,
  ISSUE_DAYS_KEPT,
  ISSUES_KEPT,
  SIGNED_ISSUE,
  issueCacheKey,
} from './features/sandesha/offline-issues';

declare const self: ServiceWorkerGlobalScope;

self.skipWaiting();
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const API = /^\/(rest|auth|storage|api)\//;

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [API, /^\/sw\.js$/],
  }),
);

registerRoute(
  ({ url }) => url.pathname === '/api/client-config',
  new NetworkFirst({ cacheName: 'client-config', networkTimeoutSeconds: 3 }),
);

registerRoute(
  ({ url, request }) =>
    request.destination === 'image' && url.pathname.startsWith('/storage/v1/render/image/public/'),
  new CacheFirst({
    cacheName: 'images',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

/** Visitors' reads (the anon key's token) may be cached; a signed-in user's never are. */
function isVisitorRequest(request: Request): boolean {
  const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
  try {
    const part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    return (JSON.parse(atob(part)) as { role?: string }).role === 'anon';
  } catch {
    return false;
  }
}

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.pathname.startsWith('/rest/v1/') && isVisitorRequest(request),
  new NetworkFirst({
    cacheName: 'public-data',
    networkTimeoutSeconds: 5,
    plugins: [new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 24 * 3600 })],
  }),
);

// Sandesha issues the reader opened (their signed URLs), kept for reading offline under their
// address without the token: the latest few, for a while (features/sandesha/offline-issues.ts).
registerRoute(
  ({ url, request }) => request.method === 'GET' && SIGNED_ISSUE.test(url.pathname),
  new NetworkFirst({
    cacheName: ISSUE_CACHE,
    plugins: [
      { cacheKeyWillBeUsed: async ({ request }) => issueCacheKey(request.url) },
      new ExpirationPlugin({ maxEntries: ISSUES_KEPT, maxAgeSeconds: ISSUE_DAYS_KEPT * 86400 }),
    ],
  }),
);

setCatchHandler(async ({ request }) => {
  if (request.destination === 'document') {
    return (await caches.match('/offline.html', { ignoreSearch: true })) ?? Response.error();
  }
  return Response.error();
});

interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
  data?: Record<string, unknown>;
}

self.addEventListener('push', (event) => {
  let payload: PushPayload;
  try {
    payload = event.data?.json() ?? {};
  } catch {
    payload = { body: event.data?.text() };
  }
  event.waitUntil(
    self.registration.showNotification(payload.title ?? documentText.notificationTitle, {
      body: payload.body ?? '',
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: payload.url ?? '/', ...payload.data },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | undefined)?.url ?? '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return open.focus().then((w) => w.navigate(url));
      return self.clients.openWindow(url);
    }),
  );
});
