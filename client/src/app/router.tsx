// The router. Only the frame and the home page are in the entry bundle; every other route is
// declared in route-table.tsx, which loads on the first navigation that needs it (react-router's
// patchRoutesOnNavigation) or, at the latest, once the page has loaded and is idle (the root
// layout fetches it then), so following a link does not wait for it. Route modules load lazily.
import { createBrowserRouter, type RouteObject } from 'react-router';
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
      patch(PUBLIC, publicRoutes);
      patch(ROOT, adminRoutes);
    },
  });
  return router;
}
