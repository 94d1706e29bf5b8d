// An album's photos and videos: a thumbnail grid (server-side resized), a lightbox with
// previous/next (arrow keys), and videos played inline or opened where they are hosted.
import * as Dialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, PlayCircle, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { fileUrl, imageSrcSet, imageUrl } from '@/lib/images';
import { isVideoFile, type AlbumView } from '../api/media';
import { text } from '../text';
import { TitledSection } from '@/components/ui/section';
import { CardGrid } from '@/components/ui/card-grid';

type Item = AlbumView['items'][number];

function VideoTile({ item }: { item: Item }) {
  if (isVideoFile(item.url)) {
    return (
      <video
        controls
        preload="metadata"
        className="aspect-[4/3] w-full rounded-lg bg-black"
        poster={imageUrl(item.thumbnail, { width: 400, height: 300 })}
      >
        <source src={fileUrl(item.url)} />
      </video>
    );
  }
  return (
    <a
      href={item.url}
      target="_blank"
      rel="noopener noreferrer"
      className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 rounded-lg bg-stone-900 text-white hover:bg-stone-800"
    >
      <PlayCircle className="h-12 w-12" aria-hidden />
      <span className="text-sm font-semibold">
        {text.watch}: {item.title ?? ''} {item.duration ? `(${text.minutes(item.duration)})` : ''}
      </span>
    </a>
  );
}

export function AlbumViewer({ album }: { album: AlbumView }) {
  const photos = album.items.filter((i) => i.type === 'photo');
  const videos = album.items.filter((i) => i.type === 'video');
  const [index, setIndex] = useState<number | null>(null);
  const current = index === null ? null : photos[index];
  useEffect(() => {
    if (index === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft')
        setIndex((i) => (i === null ? i : (i - 1 + photos.length) % photos.length));
      if (e.key === 'ArrowRight') setIndex((i) => (i === null ? i : (i + 1) % photos.length));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, photos.length]);

  if (album.items.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-stone-300 p-8 text-center">
        {text.emptyAlbum}
      </p>
    );
  }
  return (
    <>
      <ul
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
        data-testid="album-photos"
      >
        {photos.map((p, i) => (
          <li key={p.id}>
            <button
              type="button"
              onClick={() => setIndex(i)}
              className="block w-full overflow-hidden rounded-lg focus-visible:outline-2"
            >
              <img
                src={imageUrl(p.url, { width: 300, height: 300 })}
                srcSet={imageSrcSet(p.url, 300, 300)}
                alt={p.title ?? text.photoOf(i + 1, photos.length)}
                width={300}
                height={300}
                loading={i < 4 ? 'eager' : 'lazy'}
                decoding="async"
                className="aspect-square w-full object-cover hover:opacity-90"
              />
            </button>
          </li>
        ))}
      </ul>
      {videos.length > 0 && (
        <TitledSection
          id="album-videos"
          title={text.videos}
          titleClassName="mb-3 font-serif text-xl font-bold"
          className="mt-8"
        >
          <CardGrid items={videos}>{(v) => <VideoTile item={v} />}</CardGrid>
        </TitledSection>
      )}
      <Dialog.Root open={current !== null} onOpenChange={(o) => !o && setIndex(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/90" />
          <Dialog.Content
            className="fixed inset-0 z-50 flex flex-col items-center justify-center p-4"
            aria-describedby={undefined}
          >
            <Dialog.Title className="sr-only">
              {current?.title ?? text.photoOf((index ?? 0) + 1, photos.length)}
            </Dialog.Title>
            {current && (
              <img
                src={imageUrl(current.url, { width: 1600, height: 1200, resize: 'contain' })}
                alt={current.title ?? ''}
                className="max-h-[80vh] max-w-full rounded object-contain"
              />
            )}
            <p className="mt-3 text-white">
              {current?.title} · {text.photoOf((index ?? 0) + 1, photos.length)}
            </p>
            <div className="mt-3 flex gap-3">
              <button
                type="button"
                className="rounded-full bg-white/20 p-3 text-white"
                onClick={() => setIndex((i) => ((i ?? 0) - 1 + photos.length) % photos.length)}
              >
                <ChevronLeft className="h-6 w-6" aria-hidden />
                <span className="sr-only">{text.previous}</span>
              </button>
              <Dialog.Close className="rounded-full bg-white/20 p-3 text-white">
                <X className="h-6 w-6" aria-hidden />
                <span className="sr-only">{text.close}</span>
              </Dialog.Close>
              <button
                type="button"
                className="rounded-full bg-white/20 p-3 text-white"
                onClick={() => setIndex((i) => ((i ?? 0) + 1) % photos.length)}
              >
                <ChevronRight className="h-6 w-6" aria-hidden />
                <span className="sr-only">{text.next}</span>
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
