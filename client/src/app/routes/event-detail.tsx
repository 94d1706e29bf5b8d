import { useParams } from 'react-router';
import { Page } from '@/components/ui/states';
import { EventDetails, isUuid } from '@/features/events';
import { EventAlbums } from '@/features/media';

export function Component() {
  const { eventId } = useParams();
  return (
    <Page>
      <EventDetails eventId={eventId}>
        {isUuid(eventId) && <EventAlbums eventId={eventId} />}
      </EventDetails>
    </Page>
  );
}
