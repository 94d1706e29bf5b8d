// /admin/media: albums (linked to events; photos and videos uploaded many at once, resized,
// ordered, a cover, published or draft; deleting removes the files first) and standalone
// videos (draft first). Media staff: event managers, content managers, admins.
// The open album and tab live in the URL (?tab=videos, ?album=<id> or ?album=new).
import { ArrowLeft, Plus, Trash2 } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { dataMessage } from '@/lib/errors';
import { formatDate, imageUrl } from '@/lib/images';
import { adminText as t } from '../admin-text';
import { useAdminAlbums, useAlbumItems, useDeleteAlbum, type AdminAlbum } from '../api/admin-media';
import { AlbumForm } from '../components/admin/album-form';
import { AlbumItems } from '../components/admin/album-items';
import { MediaUploader } from '../components/admin/media-uploader';
import { VideosPanel } from '../components/admin/videos-panel';

const countOf = (a: AdminAlbum) => a.media_items?.[0]?.count ?? 0;

function AlbumEditor({ album, onClose }: { album: AdminAlbum; onClose: () => void }) {
  const items = useAlbumItems(album.id);
  const remove = useDeleteAlbum();
  const next = items.data?.length ? Math.max(...items.data.map((i) => i.sort_order)) + 1 : 0;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="secondary" onClick={onClose}>
          <ArrowLeft className="h-4 w-4" aria-hidden /> {t.backToAlbums}
        </Button>
        <Button
          variant="danger"
          disabled={remove.isPending}
          onClick={() => {
            if (!window.confirm(t.album.confirmDelete(album.title, countOf(album)))) return;
            remove.mutate(album.id, {
              onSuccess: () => {
                toast({ title: t.album.deleted, variant: 'success' });
                onClose();
              },
            });
          }}
        >
          <Trash2 className="h-4 w-4" aria-hidden /> {t.album.delete}
        </Button>
      </div>
      <h2 className="font-serif text-xl font-bold">{album.title}</h2>
      <AlbumForm key={album.updated_at} album={album} onSaved={() => undefined} />
      <MediaUploader albumId={album.id} nextOrder={next} />
      {items.isPending ? (
        <LoadingState rows={2} height="h-32" />
      ) : items.isError ? (
        <ErrorState message={dataMessage(items.error)} onRetry={() => void items.refetch()} />
      ) : (
        <AlbumItems albumId={album.id} items={items.data} cover={album.cover_image_url} />
      )}
    </div>
  );
}

function AlbumGrid({ albums, onOpen }: { albums: AdminAlbum[]; onOpen: (id: string) => void }) {
  if (albums.length === 0)
    return <EmptyState title={t.album.empty}>{t.album.emptyBody}</EmptyState>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="admin-albums">
      {albums.map((a) => (
        <li key={a.id}>
          <button
            type="button"
            onClick={() => onOpen(a.id)}
            aria-label={t.album.open(a.title)}
            className="block w-full overflow-hidden rounded-lg border border-stone-200 bg-white text-left shadow-sm hover:border-orange-700 focus-visible:outline-2 focus-visible:outline-orange-800"
          >
            {a.cover_image_url ? (
              <img
                src={imageUrl(a.cover_image_url, { width: 480, height: 270 })}
                alt=""
                className="aspect-video w-full object-cover"
                loading="lazy"
              />
            ) : (
              <div className="aspect-video w-full bg-stone-200" />
            )}
            <div className="p-3">
              <p className="font-semibold">{a.title}</p>
              <p className="mt-1 text-sm text-stone-600">
                <span
                  className={`mr-2 rounded-full px-2 py-0.5 text-xs font-semibold ${a.is_published ? 'bg-emerald-100 text-emerald-900' : 'bg-stone-200 text-stone-800'}`}
                >
                  {a.is_published ? t.album.live : t.album.draft}
                </span>
                {t.album.items(countOf(a))}
                {a.event ? ` · ${a.event.title}` : ''}
                {a.album_date ? ` · ${formatDate(a.album_date)}` : ''}
              </p>
            </div>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'videos' ? 'videos' : 'albums';
  const open = params.get('album');
  const albums = useAdminAlbums();
  const go = (next: Record<string, string | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null) p.delete(k);
      else p.set(k, v);
    }
    setParams(p);
  };
  const tabClass = (active: boolean) =>
    `min-h-11 border-b-2 px-4 py-2 text-sm font-semibold ${active ? 'border-orange-800 text-orange-900' : 'border-transparent text-stone-600 hover:text-stone-900'}`;
  const current = open && open !== 'new' ? albums.data?.find((a) => a.id === open) : undefined;

  return (
    <div>
      <header className="mb-4">
        <h1 className="font-serif text-2xl font-bold sm:text-3xl">{t.title}</h1>
        <p className="mt-1 text-stone-700">{t.intro}</p>
      </header>
      <div
        role="tablist"
        aria-label={t.title}
        className="mb-6 flex gap-2 border-b border-stone-200"
      >
        <button
          type="button"
          role="tab"
          id="tab-albums"
          aria-selected={tab === 'albums'}
          aria-controls="panel-media"
          className={tabClass(tab === 'albums')}
          onClick={() => go({ tab: null })}
        >
          {t.tabs.albums}
        </button>
        <button
          type="button"
          role="tab"
          id="tab-videos"
          aria-selected={tab === 'videos'}
          aria-controls="panel-media"
          className={tabClass(tab === 'videos')}
          onClick={() => go({ tab: 'videos', album: null })}
        >
          {t.tabs.videos}
        </button>
      </div>
      <div role="tabpanel" id="panel-media" aria-labelledby={`tab-${tab}`}>
        {tab === 'videos' ? (
          <VideosPanel />
        ) : open === 'new' ? (
          <AlbumForm onSaved={(id) => go({ album: id })} onCancel={() => go({ album: null })} />
        ) : albums.isPending ? (
          <LoadingState rows={3} height="h-40" />
        ) : albums.isError ? (
          <ErrorState
            title={t.album.loadError}
            message={dataMessage(albums.error)}
            onRetry={() => void albums.refetch()}
          />
        ) : open && !current ? (
          <EmptyState title={t.album.notFound}>
            <Button variant="secondary" className="mt-3" onClick={() => go({ album: null })}>
              {t.backToAlbums}
            </Button>
          </EmptyState>
        ) : current ? (
          <AlbumEditor album={current} onClose={() => go({ album: null })} />
        ) : (
          <div className="space-y-4">
            <Button onClick={() => go({ album: 'new' })}>
              <Plus className="h-4 w-4" aria-hidden /> {t.newAlbum}
            </Button>
            <AlbumGrid albums={albums.data} onOpen={(id) => go({ album: id })} />
          </div>
        )}
      </div>
    </div>
  );
}
