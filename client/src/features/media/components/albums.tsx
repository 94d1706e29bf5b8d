import { useDeferredValue } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { dataMessage } from '@/lib/errors';
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
      {albums.isPending ? (
        <LoadingState rows={1} height="h-[330px]" />
      ) : albums.isError ? (
        <ErrorState message={dataMessage(albums.error)} onRetry={() => albums.refetch()} />
      ) : albums.data.length === 0 ? (
        <EmptyState title={text.noAlbums}>{text.noAlbumsBody}</EmptyState>
      ) : (
        <AlbumGrid albums={albums.data.slice(0, limit).map(summary)} />
      )}
    </section>
  );
}

/** The albums of one event (its page and /events/{id}/media). */
export function EventAlbums({ eventId }: { eventId: string }) {
  const albums = useAlbums();
  return (
    <section aria-labelledby="event-albums">
      <h2 id="event-albums" className="mb-4 font-serif text-2xl font-bold">
        {text.eventAlbums}
      </h2>
      {albums.isPending ? (
        <LoadingState rows={1} />
      ) : albums.isError ? (
        <ErrorState message={dataMessage(albums.error)} onRetry={() => albums.refetch()} />
      ) : (
        (() => {
          const mine = albums.data.filter((a) => a.event_id === eventId);
          return mine.length === 0 ? (
            <EmptyState title={text.noEventAlbums} />
          ) : (
            <AlbumGrid albums={mine.map(summary)} />
          );
        })()
      )}
    </section>
  );
}
