import { useDeferredValue } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { LoadingState } from '@/components/ui/states';
import { useAlbums, type MediaAlbum } from '../api/media';
import { text } from '../text';
import { AlbumGrid, type AlbumSummary } from './album-card';

export const summary = (a: MediaAlbum): AlbumSummary => ({
  id: a.id,
  title: a.title,
  cover: a.cover_image_url,
  date: a.album_date ?? a.event_date,
  photos: a.photo_count,
  videos: a.video_count,
  eventTitle: a.event_title,
});

export function LatestMedia({ limit = 3 }: { limit?: number }) {
  // Deferred: the cards render in short background slices when the data arrives.
  const albums = useDeferredValue(useAlbums());
  return (
    <section aria-labelledby="latest-media">
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id="latest-media" className="font-serif text-2xl font-bold">
          {text.latest}
        </h2>
        <ButtonLink to="/media" variant="ghost">
          {text.seeAll}
        </ButtonLink>
      </div>
      <QueryState
        query={albums}
        loading={<LoadingState rows={1} height="h-[330px]" />}
        empty={text.noAlbums}
        emptyBody={text.noAlbumsBody}
      >
        {(data) => <AlbumGrid albums={data.slice(0, limit).map(summary)} />}
      </QueryState>
    </section>
  );
}

/** The albums of one event (its page and /events/{id}/media). */
export function EventAlbums({ eventId }: { eventId: string }) {
  const albums = useAlbums();
  const ofEvent = (a: MediaAlbum) => a.event_id === eventId;
  return (
    <section aria-labelledby="event-albums">
      <h2 id="event-albums" className="mb-4 font-serif text-2xl font-bold">
        {text.eventAlbums}
      </h2>
      <QueryState
        query={albums}
        loading={<LoadingState rows={1} />}
        empty={text.noEventAlbums}
        isEmpty={(all) => !all.some(ofEvent)}
      >
        {(all) => <AlbumGrid albums={all.filter(ofEvent).map(summary)} />}
      </QueryState>
    </section>
  );
}
