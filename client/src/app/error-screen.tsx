// The render error screen (spec §2, §8).
import { useNavigate, useRouteError } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { renderErrorMessage } from '@/lib/errors';

export function RenderErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center px-4 text-center">
      <h1 className="font-serif text-3xl font-bold">Oops! Something went wrong</h1>
      <p className="mt-3 text-stone-700" data-testid="error-message">
        {renderErrorMessage(error)}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={() => navigate('.', { replace: true })}>Try Again</Button>
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
