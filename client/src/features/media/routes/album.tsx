import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { ErrorState, LoadingState, Page } from '@/components/ui/states';
import { dataMessage, errorCode } from '@/lib/errors';
import { formatDate } from '@/lib/images';
import { useAlbum } from '../api/media';
import { AlbumViewer } from '../components/album-viewer';
import { text } from '../text';

export function Component() {
  const { albumId = '' } = useParams();
  const album = useAlbum(albumId);
  return (
    <Page>
      <ButtonLink to="/media" variant="ghost" className="mb-4 -ml-3">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {text.backToGallery}
      </ButtonLink>
      {album.isPending ? (
        <LoadingState label={text.loadingAlbum} />
      ) : album.isError ? (
        errorCode(album.error) === 'NOT_FOUND' ? (
          <div className="py-12 text-center">
            <h1 className="font-serif text-3xl font-bold">{text.albumNotFound}</h1>
          </div>
        ) : (
          <ErrorState
            title={text.fetchAlbum}
            message={
              dataMessage(album.error) === text.fetchAlbum
                ? text.fetchAlbumBody
                : dataMessage(album.error)
            }
            onRetry={() => album.refetch()}
          />
        )
      ) : (
        <>
          <header className="mb-6">
            <h1 className="font-serif text-3xl font-bold">{album.data.title}</h1>
            <p className="mt-1 text-stone-700">
              {album.data.date && formatDate(album.data.date)}
              {album.data.eventId && (
                <>
                  {' · '}
                  <Link className="underline" to={`/events/${album.data.eventId}`}>
                    {album.data.eventTitle ?? text.albumEventFallback}
                  </Link>
                </>
              )}
            </p>
            {album.data.description && (
              <p className="mt-2 max-w-3xl text-stone-800">{album.data.description}</p>
            )}
          </header>
          <AlbumViewer album={album.data} />
        </>
      )}
    </Page>
  );
}
