import { startTransition, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './app/app';
import { installStaleReleaseReload } from './app/stale-release';
import { appText } from './app/text';
import { captureInstallPrompt } from './features/pwa/install-prompt';
import { sliderQuery } from './features/site/api/site';
import { makeQueryClient } from './lib/query-client';
import { wordsReady } from './lib/i18n/words';
import { initSdk } from './lib/sdk';
import './index.css';

captureInstallPrompt();
installStaleReleaseReload();

let rootOnce: Root | null = null;
const root = () => (rootOnce ??= createRoot(document.getElementById('root')!));

const queryClient = makeQueryClient();
// What was saved on this device (lib/offline): read before the first render when there is
// some (a later visit, offline or not), so saved pages show at once; a first visit does not
// wait for it (app/overlays.tsx starts the saving once the page is up). A chunk that cannot
// load leaves the app to start without them.
const restored =
  localStorage.getItem('havyaka:saved') &&
  import('./lib/offline/saved-cache').then((m) => m.restore(queryClient), String);

// React's root is made once the SDK is ready (and the saved answers are in), in the task after
// the entry bundle's evaluation. On the Kannada screen, the first screen's Kannada words arrive
// beside the SDK's config.
Promise.all([initSdk(), restored, wordsReady()])
  .then(() => {
    // The home page's hero data, requested before React renders: the slider's image (the first
    // visit's largest paint) waits on it.
    if (window.location.pathname === '/') void queryClient.prefetchQuery(sliderQuery());
    // As a transition, React renders the first screen in slices of a few milliseconds that
    // yield to the browser between them, rather than in one long task (the HTML shell stays
    // on screen until it commits).
    startTransition(() =>
      root().render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      ),
    );
  })
  .catch(() => {
    root().render(
      <main className="mx-auto max-w-lg p-8 text-center">
        <h1 className="font-serif text-2xl font-bold">{appText.bootTitle}</h1>
        <p className="mt-4">{appText.bootBody}</p>
        <button type="button" className="mt-4 underline" onClick={() => window.location.reload()}>
          {appText.reloadPage}
        </button>
      </main>,
    );
  });
