// The shell under every route: scroll to top on navigation, connectivity (banner and toasts,
// and the global error toasts), and the PWA overlays and the rest of the route table (loaded after the
// page, so they never delay it).
import { Fragment, lazy, Suspense, type ComponentType, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAccountPreferences } from '@/lib/i18n/preferences';
import { useLanguage } from '@/lib/i18n/words';
import { afterHero } from '../hero';
import { appText as t } from '../text';

const Nothing: ComponentType = () => null;
// Extras: if their chunk cannot load (offline before it arrived), the page goes on without them.
const Overlays = lazy<ComponentType>(() =>
  import('../overlays').catch(() => ({ default: Nothing })),
);
// Not needed for the first paint, so not in its JavaScript; requested as the shell renders.
const Connectivity = lazy<ComponentType>(() =>
  import('../connectivity').catch(() => ({ default: Nothing })),
);

function useScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

/** The next idle moment (1 s at the latest; a timer where requestIdleCallback is missing). */
const idle = () =>
  new Promise<void>((resolve) =>
    'requestIdleCallback' in window
      ? requestIdleCallback(() => resolve(), { timeout: 1000 })
      : setTimeout(resolve, 0),
  );

export function RootLayout() {
  useScrollToTop();
  useAccountPreferences();
  // A switch of language draws the page again in the new words (they have all arrived).
  const language = useLanguage();
  const [showOverlays, setShowOverlays] = useState(false);
  useEffect(() => {
    let live = true;
    // After the page's load event and the home page's hero (hero.ts), when the browser is
    // idle: their requests wait, and their work does not pile onto the sections below the fold.
    const start = () =>
      void afterHero()
        .then(idle)
        .then(() => {
          if (!live) return;
          setShowOverlays(true);
          // The rest of the route table (router.tsx), so that following a link does not wait
          // for it; if it cannot load now, the first navigation tries again.
          import('../route-table').catch(() => {});
        });
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      live = false;
      window.removeEventListener('load', start);
    };
  }, []);
  return (
    <Fragment key={language}>
      <a
        href="#main"
        className="sr-only z-[80] rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t.skipToContent}
      </a>
      <Suspense fallback={null}>
        <Connectivity />
      </Suspense>
      <Outlet />
      {showOverlays && (
        <Suspense fallback={null}>
          <Overlays />
        </Suspense>
      )}
    </Fragment>
  );
}
