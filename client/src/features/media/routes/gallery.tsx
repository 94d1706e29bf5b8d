import { PlayCircle } from 'lucide-react';
import { QuerySection } from '@/components/ui/query-section';
import { EmptyState, ErrorState, LoadingState, Page, PageHeader } from '@/components/ui/states';
import { dataMessage } from '@/lib/errors';
import { fileUrl } from '@/lib/images';
import { isVideoFile, useAlbums, usePhotoAlbums, useVideos } from '../api/media';
import { AlbumGrid, type AlbumSummary } from '../components/album-card';
import { summary } from '../components/albums';
import { text } from '../text';
import { TitledSection } from '@/components/ui/section';

export function Component() {
  const albums = useAlbums();
  const photoAlbums = usePhotoAlbums();
  const videos = useVideos();
  const all: AlbumSummary[] = [
    ...(albums.data ?? []).map(summary),
    ...(photoAlbums.data ?? []).map((a) => ({
      id: a.id,
      title: a.title,
      cover: a.cover_image_url,
      date: a.album_date,
      photos: a.photo_count,
      videos: 0,
    })),
  ];
  return (
    <Page>
      <PageHeader title={text.title}>{text.intro}</PageHeader>
      <TitledSection id="gallery-albums" title={text.albums}>
        {albums.isPending || photoAlbums.isPending ? (
          <LoadingState />
        ) : albums.isError ? (
          <ErrorState message={dataMessage(albums.error)} onRetry={() => albums.refetch()} />
        ) : all.length === 0 ? (
          <EmptyState title={text.noAlbums}>{text.noAlbumsBody}</EmptyState>
        ) : (
          <AlbumGrid albums={all} />
        )}
      </TitledSection>
      <QuerySection
        id="gallery-videos"
        title={text.videos}
        className="mt-10"
        query={videos}
        empty={text.noVideos}
      >
        {(data) => (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {data.map((v) => (
              <li key={v.id}>
                {isVideoFile(v.video_url) ? (
                  <figure className="rounded-lg border border-stone-200 bg-white p-3">
                    <video
                      controls
                      preload="metadata"
                      className="aspect-video w-full rounded bg-black"
                      aria-label={v.title}
                    >
                      <source src={fileUrl(v.video_url)} />
                    </video>
                    <figcaption className="mt-2">
                      <span className="block font-semibold">{v.title}</span>
                      {v.description && (
                        <span className="block text-sm text-stone-700">{v.description}</span>
                      )}
                    </figcaption>
                  </figure>
                ) : (
                  <a
                    href={v.video_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="flex items-start gap-3 rounded-lg border border-stone-200 bg-white p-4 hover:bg-stone-50"
                  >
                    <PlayCircle className="h-10 w-10 shrink-0 text-orange-800" aria-hidden />
                    <span>
                      <span className="block font-semibold">{v.title}</span>
                      {v.description && (
                        <span className="block text-sm text-stone-700">{v.description}</span>
                      )}
                      {v.duration ? (
                        <span className="block text-xs text-stone-600">
                          {text.minutes(v.duration)}
                        </span>
                      ) : null}
                    </span>
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </QuerySection>
    </Page>
  );
}
