import { Images } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate, imageSrcSetW, imageUrl } from '@/lib/images';
import { text } from '../text';
import { CardGrid } from '@/components/ui/card-grid';

export interface AlbumSummary {
  id: string;
  title: string;
  cover: string | null;
  date: string | null;
  photos: number;
  videos: number;
  eventTitle?: string | null;
}

export function AlbumCard({ album }: { album: AlbumSummary }) {
  return (
    <article className="group overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm">
      <Link to={`/media/album/${album.id}`} className="block">
        {album.cover ? (
          <img
            src={imageUrl(album.cover, { width: 400, height: 300 })}
            srcSet={imageSrcSetW(album.cover, [360, 480, 720], 4 / 3)}
            sizes="(max-width: 640px) calc(100vw - 2rem), (max-width: 1024px) 50vw, 360px"
            alt=""
            width={400}
            height={300}
            loading="lazy"
            decoding="async"
            className="aspect-[4/3] w-full object-cover transition group-hover:opacity-90"
          />
        ) : (
          <div className="flex aspect-[4/3] items-center justify-center bg-stone-100">
            <Images className="h-10 w-10 text-stone-400" aria-hidden />
          </div>
        )}
        <div className="p-4">
          <h3 className="font-serif text-lg font-bold group-hover:underline">{album.title}</h3>
          <p className="mt-1 text-sm text-stone-700">
            {text.items(album.photos, album.videos)}
            {album.date ? ` · ${formatDate(album.date)}` : ''}
          </p>
          {album.eventTitle && <p className="text-sm text-stone-600">{album.eventTitle}</p>}
        </div>
      </Link>
    </article>
  );
}

export function AlbumGrid({ albums }: { albums: AlbumSummary[] }) {
  return (
    <CardGrid items={albums} testId="album-grid">
      {(a) => <AlbumCard album={a} />}
    </CardGrid>
  );
}
