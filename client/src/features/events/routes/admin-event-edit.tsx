// /admin/events/create and /admin/events/{id}/edit: the Edit Event screen (spec §2), for admins
// and event managers. States: loading; error with Retry and Back; Event Not Found.
import { ArrowLeft } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, useNavigate, useParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { dataMessage } from '@/lib/errors';
import { formatDate } from '@/lib/images';
import { useQuery } from '@tanstack/react-query';
import { adminText as t } from '../admin-text';
import { useSaveEvent } from '../api/admin-events';
import { eventQuery, isUuid, type EventRow } from '../api/events';
import { EventForm } from '../components/admin/event-form';
import {
  emptyEventForm,
  eventToForm,
  formToPayload,
  type EventFormValues,
} from '../lib/event-form';

const LIST = '/admin/events';

function Header({ title, intro, event }: { title: string; intro: string; event?: EventRow }) {
  return (
    <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="font-serif text-2xl font-bold text-stone-900 sm:text-3xl">{title}</h1>
        <p className="mt-1 text-stone-700">{intro}</p>
        {event && (
          <dl
            className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-stone-600"
            data-testid="event-meta"
          >
            <div className="flex gap-1">
              <dt>{t.eventId}:</dt>
              <dd className="font-mono break-all">{event.id}</dd>
            </div>
            <div className="flex gap-1">
              <dt>{t.lastUpdated}:</dt>
              <dd>
                <time dateTime={event.updated_at}>
                  {formatDate(event.updated_at, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
              </dd>
            </div>
          </dl>
        )}
      </div>
      <ButtonLink to={LIST} variant="secondary">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {t.backToEvents}
      </ButtonLink>
    </header>
  );
}

function Centered({
  title,
  body,
  children,
}: {
  title: string;
  body: string;
  children: React.ReactNode;
}) {
  return (
    <div
      role="alert"
      className="mx-auto max-w-lg rounded-lg border border-stone-200 bg-white p-8 text-center"
    >
      <h1 className="font-serif text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-stone-700">{body}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>
    </div>
  );
}

/** Asks before leaving a form with unsaved changes (in-app navigation and the tab closing). */
function useLeaveGuard(dirty: boolean) {
  // Set just before a navigation the screen makes itself (after a save).
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(t.unsaved)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);
  return allowed;
}

export function Component() {
  const { id } = useParams();
  const mode = id === undefined ? 'create' : 'edit';
  const navigate = useNavigate();
  const save = useSaveEvent();
  const [dirty, setDirty] = useState(false);
  const allowLeave = useLeaveGuard(dirty);

  const valid = mode === 'create' || isUuid(id);
  const event = useQuery({
    ...eventQuery(valid && id ? id : '00000000-0000-0000-0000-000000000000'),
    enabled: mode === 'edit' && valid,
  });
  const initial = useMemo(
    () => (mode === 'edit' && event.data ? eventToForm(event.data) : emptyEventForm()),
    [mode, event.data],
  );

  const back = useCallback(() => navigate(LIST), [navigate]);

  const onSubmit = async (values: EventFormValues) => {
    if (mode === 'edit' && !id) {
      toast({
        title: t.toasts.updateFailed,
        description: t.toasts.idRequired,
        variant: 'destructive',
      });
      throw new Error(t.toasts.idRequired);
    }
    try {
      const saved = await save.mutateAsync({ id, payload: formToPayload(values) });
      if (mode === 'create') {
        toast({ title: t.toasts.created, variant: 'success' });
        allowLeave.current = true;
        navigate(`/admin/events/${saved.id}/edit`, { replace: true });
      } else {
        toast({ title: t.toasts.updated, variant: 'success' });
      }
    } catch (error) {
      toast({
        title: mode === 'create' ? t.toasts.createFailed : t.toasts.updateFailed,
        description: dataMessage(error),
        variant: 'destructive',
      });
      throw error;
    }
  };

  if (mode === 'edit') {
    if (!valid || (event.isSuccess && !event.data)) {
      return (
        <Centered title={t.notFound} body={t.notFoundBody}>
          <ButtonLink to={LIST}>{t.backToEvents}</ButtonLink>
        </Centered>
      );
    }
    if (event.isPending) return <LoadingState label={t.loading} rows={4} height="h-40" />;
    if (event.isError) {
      return (
        <Centered title={t.loadError} body={t.loadErrorBody}>
          <Button onClick={() => void event.refetch()}>{t.retry}</Button>
          <Button variant="secondary" onClick={() => navigate(-1)}>
            {t.back}
          </Button>
        </Centered>
      );
    }
  }

  return (
    <div className="mx-auto max-w-4xl">
      <Header
        title={mode === 'create' ? t.createTitle : t.editTitle}
        intro={mode === 'create' ? t.createIntro : t.editIntro}
        event={mode === 'edit' ? (event.data ?? undefined) : undefined}
      />
      <EventForm
        // A new form when another event (or the saved copy after a create) is shown.
        key={event.data?.id ?? 'new'}
        initial={initial}
        mode={mode}
        onSubmit={onSubmit}
        onCancel={back}
        onDirtyChange={setDirty}
      />
    </div>
  );
}
