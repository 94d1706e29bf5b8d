// The router. Only the frame and the home page are in the entry bundle; every other route is
// declared in route-table.tsx, which loads on the first navigation that needs it (react-router's
// patchRoutesOnNavigation) or, at the latest, once the page has loaded and is idle (the root
// layout fetches it then), so following a link does not wait for it. Route modules load lazily.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { wordsReady } from '@/lib/i18n/words';
import { RenderErrorScreen } from './error-screen';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { Component as Home } from './routes/home';
import type * as RouteTable from './route-table';

const ROOT = 'root';
const PUBLIC = 'public';

export const routes: RouteObject[] = [
  {
    id: ROOT,
    element: <RootLayout />,
    errorElement: <RenderErrorScreen />,
    HydrateFallback: () => null,
    children: [
      {
        id: PUBLIC,
        element: <PublicLayout />,
        // The home page is in the entry bundle: no extra round trip before the first paint.
        children: [{ index: true, Component: Home }],
      },
    ],
  },
];

let table: Promise<typeof RouteTable> | null = null;
/** The rest of the route table (once; a failed load is tried again on the next call). */
function loadRouteTable() {
  table ??= import('./route-table').catch((error: unknown) => {
    table = null;
    throw error;
  });
  return table;
}

/** The routes with each lazy module waiting for its Kannada words (if Kannada is on screen)
 *  before it renders: no English flash on a Kannada page. */
function withWords(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const { lazy, children } = route;
    const next = { ...route } as RouteObject;
    if (typeof lazy === 'function') {
      next.lazy = async () => {
        const module = await lazy();
        await wordsReady();
        return module;
      };
    }
    if (children) next.children = withWords(children);
    return next;
  });
}

let patched = false;
let router: ReturnType<typeof createBrowserRouter> | null = null;
/** The app's router, made on first use (when the app first renders, not while the entry
 *  bundle evaluates: that task stays short). */
export function appRouter() {
  router ??= createBrowserRouter(routes, {
    async patchRoutesOnNavigation({ patch }) {
      if (patched) return;
      const { publicRoutes, adminRoutes } = await loadRouteTable();
      if (patched) return;
      patched = true;
      patch(PUBLIC, withWords(publicRoutes));
      patch(ROOT, withWords(adminRoutes));
    },
  });
  return router;
}
