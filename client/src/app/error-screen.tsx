// The render error screen (spec §2, §8). Try Again retries the page that failed; a page of
// an older release reloads itself onto the new one, once.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { coreText } from '@/lib/core-text';
import { isStaleChunkError, reloadOnceForNewRelease } from './stale-release';
import { appText as t } from './text';

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
      <h1 className="font-serif text-3xl font-bold">{t.errorTitle}</h1>
      <p className="mt-3 text-stone-700" data-testid="error-message">
        {/* Never the exception's own text (issue 40). */}
        {stale ? t.newRelease : coreText.renderErrorFallback}
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
          {t.tryAgain}
        </Button>
        <Button variant="secondary" onClick={() => (window.location.href = '/')}>
          {t.goHome}
        </Button>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {t.reloadPage}
        </Button>
        <ButtonLink variant="ghost" to="/contact" reloadDocument>
          {t.contactSupport}
        </ButtonLink>
      </div>
    </main>
  );
}
