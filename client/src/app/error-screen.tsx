// The render error screen (spec §2, §8). Try Again retries the page that failed; a page of
// an older release reloads itself onto the new one, once.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { renderErrorMessage } from '@/lib/errors-core';
import { isStaleChunkError, reloadOnceForNewRelease } from './stale-release';

const NEW_RELEASE = 'A new version of the site is available. Please reload the page.';

export function RenderErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const stale = isStaleChunkError(error);
  const [reloading, setReloading] = useState(false);
  useEffect(() => {
    if (stale && reloadOnceForNewRelease()) setReloading(true);
  }, [stale]);
  if (reloading) return null;
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center px-4 text-center">
      <h1 className="font-serif text-3xl font-bold">Oops! Something went wrong</h1>
      <p className="mt-3 text-stone-700" data-testid="error-message">
        {stale ? NEW_RELEASE : renderErrorMessage(error)}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button
          onClick={() =>
            navigate(
              { pathname: location.pathname, search: location.search, hash: location.hash },
              { replace: true },
            )
          }
        >
          Try Again
        </Button>
        <Button variant="secondary" onClick={() => (window.location.href = '/')}>
          Go to Homepage
        </Button>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Reload Page
        </Button>
        <ButtonLink variant="ghost" to="/contact" reloadDocument>
          Contact Support
        </ButtonLink>
      </div>
    </main>
  );
}
