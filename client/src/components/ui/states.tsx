// Designed loading, empty and error states, shared by every page.
import { AlertTriangle, Inbox, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, ButtonLink } from './button';
import { uiText } from './text';

// The home page's placeholder lives in its own module (the first paint needs nothing else here).
export { LoadingState } from './loading-state';

export function Spinner({ label = uiText.loading }: { label?: string }) {
  return (
    <span className="inline-flex items-center gap-2 text-stone-600">
      <Loader2 className="h-5 w-5 animate-spin" aria-hidden />
      <span>{label}</span>
    </span>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-stone-300 bg-white/60 p-8 text-center">
      <Inbox className="mx-auto h-8 w-8 text-stone-500" aria-hidden />
      <p className="mt-2 font-semibold text-stone-800">{title}</p>
      {children && <div className="mt-1 text-sm text-stone-600">{children}</div>}
    </div>
  );
}

export function ErrorState({
  title = uiText.somethingWrong,
  message,
  onRetry,
}: {
  title?: string;
  message: string;
  onRetry?: () => void;
}) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
      <AlertTriangle className="mx-auto h-8 w-8 text-red-700" aria-hidden />
      <p className="mt-2 font-semibold text-red-900">{title}</p>
      <p className="mt-1 text-sm text-red-800">{message}</p>
      {onRetry && (
        <Button variant="secondary" className="mt-4" onClick={onRetry}>
          {uiText.tryAgain}
        </Button>
      )}
    </div>
  );
}

/** What was asked for is not there: a heading, a sentence and the way back. */
export function NotFoundState({
  title,
  body,
  back,
}: {
  title: string;
  body: string;
  back: { to: string; label: string };
}) {
  return (
    <div className="py-12 text-center">
      <h1 className="font-serif text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-stone-700">{body}</p>
      <ButtonLink to={back.to} className="mt-6">
        {back.label}
      </ButtonLink>
    </div>
  );
}

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="font-serif text-3xl font-bold text-stone-900">{title}</h1>
      {children && <div className="mt-2 max-w-3xl text-stone-700">{children}</div>}
    </header>
  );
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div className={`rounded-lg border border-stone-200 bg-white p-5 shadow-sm ${className}`}>
      {children}
    </div>
  );
}

export function Page({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl px-4 py-8">{children}</div>;
}
