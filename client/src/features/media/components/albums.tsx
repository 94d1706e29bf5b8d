import { LatestSection } from '@/components/ui/latest-section';
import { useAlbums, type MediaAlbum } from '../api/media';
import { text } from '../text';
import { AlbumGrid, type AlbumSummary } from './album-card';
import { QuerySection } from '@/components/ui/query-section';

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
  return (
    <LatestSection
      id="latest-media"
      title={text.latest}
      more={{ to: '/media', label: text.seeAll }}
      query={useAlbums()}
      height="h-[330px]"
      empty={text.noAlbums}
      emptyBody={text.noAlbumsBody}
    >
      {(data) => <AlbumGrid albums={data.slice(0, limit).map(summary)} />}
    </LatestSection>
  );
}

/** The albums of one event (its page and /events/{id}/media). */
export function EventAlbums({ eventId }: { eventId: string }) {
  const albums = useAlbums();
  const ofEvent = (a: MediaAlbum) => a.event_id === eventId;
  return (
    <QuerySection
      id="event-albums"
      title={text.eventAlbums}
      query={albums}
      empty={text.noEventAlbums}
      isEmpty={(all) => !all.some(ofEvent)}
    >
      {(all) => <AlbumGrid albums={all.filter(ofEvent).map(summary)} />}
    </QuerySection>
  );
}
