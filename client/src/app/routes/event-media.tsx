// /events/{eventId}/media: the event's albums.
import { ArrowLeft } from 'lucide-react';
import { useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { LoadingState, Page } from '@/components/ui/states';
import { EventNotFound, eventsText, isUuid, useEvent } from '@/features/events';
import { EventAlbums } from '@/features/media';

export function Component() {
  const { eventId } = useParams();
  const valid = isUuid(eventId);
  const event = useEvent(valid ? eventId : '00000000-0000-0000-0000-000000000000');
  if (!valid)
    return (
      <Page>
        <EventNotFound />
      </Page>
    );
  return (
    <Page>
      <QueryState
        query={event}
        loading={<LoadingState rows={1} />}
        errorTitle={eventsText.loadEventError}
        errorMessage={eventsText.loadEventErrorBody}
      >
        {(e) =>
          !e ? (
            <EventNotFound />
          ) : (
            <>
              <ButtonLink to={`/events/${eventId}`} variant="ghost" className="mb-4 -ml-3">
                <ArrowLeft className="h-4 w-4" aria-hidden /> {e.title}
              </ButtonLink>
              <h1 className="mb-6 font-serif text-3xl font-bold">
                {eventsText.photos}: {e.title}
              </h1>
              <EventAlbums eventId={eventId} />
            </>
          )
        }
      </QueryState>
    </Page>
  );
}
