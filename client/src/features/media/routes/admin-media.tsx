// /admin/media: albums (linked to events; photos and videos uploaded many at once, resized,
// ordered, a cover, published or draft; deleting removes the files first) and standalone
// videos (draft first). Media staff: event managers, content managers, admins.
// The open album and tab live in the URL (?tab=videos, ?album=<id> or ?album=new), and so do
// the lists' search, filters, sort and page (the data-table kit: cards below 768 px).
import { useConfirm } from '@/components/confirm-dialog';
import { ArrowLeft, Plus, Trash2 } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ResourceList, useResourceList } from '@/components/resource-list';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { ScreenTabs } from '@/components/ui/screen-tabs';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { dataMessage } from '@/lib/errors';
import { adminText as t } from '../admin-text';
import {
  albumPages,
  useAdminAlbum,
  useAlbumItems,
  useDeleteAlbum,
  type AdminAlbum,
} from '../api/admin-media';
import { AlbumForm } from '../components/admin/album-form';
import { AlbumItems } from '../components/admin/album-items';
import { MediaUploader } from '../components/admin/media-uploader';
import { VideosPanel } from '../components/admin/videos-panel';
import { albumColumns, countOf } from '../resources/albums/columns';
import { albumList } from '../resources/albums/filters';

function AlbumEditor({ album, onClose }: { album: AdminAlbum; onClose: () => void }) {
  const confirm = useConfirm();
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
          onClick={async () => {
            if (
              !(await confirm({
                title: t.album.confirmDelete(album.title, countOf(album)),
                confirmLabel: t.album.delete,
                destructive: true,
              }))
            )
              return;
            // mutateAsync: the editor unmounts once the album is gone from the list.
            await remove.mutateAsync(album.id).then(
              () => {
                toast({ title: t.album.deleted, variant: 'success' });
                onClose();
              },
              () => undefined, // the query client has shown the error
            );
          }}
        >
          <Trash2 className="h-4 w-4" aria-hidden /> {t.album.delete}
        </Button>
      </div>
      <h2 className="font-serif text-xl font-bold">{album.title}</h2>
      <AlbumForm key={album.id} album={album} onSaved={() => undefined} />
      <MediaUploader albumId={album.id} nextOrder={next} />
      <QueryState query={items} loading={<LoadingState rows={2} height="h-32" />}>
        {(data) => <AlbumItems albumId={album.id} items={data} cover={album.cover_image_url} />}
      </QueryState>
    </div>
  );
}

/** The albums: search, published or draft, sort and page in the URL. */
function AlbumList({ onOpen }: { onOpen: (id: string) => void }) {
  const list = useResourceList(albumList, albumPages.page);
  const columns = useMemo(() => albumColumns(onOpen), [onOpen]);
  return (
    <ResourceList
      {...list}
      label={t.album.tableLabel}
      columns={columns}
      empty={{ title: t.album.empty, body: t.album.emptyBody }}
      noMatch={{ title: t.album.noMatch }}
    />
  );
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'videos' ? 'videos' : 'albums';
  const open = params.get('album');
  const opened = open && open !== 'new' ? open : null;
  const album = useAdminAlbum(opened ?? '', !!opened);
  const go = useCallback(
    (next: Record<string, string | null>) =>
      setParams((prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) {
          if (v === null) p.delete(k);
          else p.set(k, v);
        }
        return p;
      }),
    [setParams],
  );
  const openAlbum = useCallback((id: string) => go({ album: id }), [go]);

  return (
    <div>
      <ScreenTabs
        title={t.title}
        intro={t.intro}
        tabs={[
          { key: 'albums', label: t.tabs.albums },
          { key: 'videos', label: t.tabs.videos },
        ]}
        active={tab}
        panel="panel-media"
        onSelect={(key) => go(key === 'albums' ? { tab: null } : { tab: 'videos', album: null })}
      />
      <div role="tabpanel" id="panel-media" aria-labelledby={`tab-${tab}`}>
        {tab === 'videos' ? (
          <VideosPanel />
        ) : open === 'new' ? (
          <AlbumForm onSaved={(id) => go({ album: id })} onCancel={() => go({ album: null })} />
        ) : opened && album.isPending ? (
          <LoadingState rows={3} height="h-40" />
        ) : opened && album.isError ? (
          <ErrorState
            title={t.album.loadError}
            message={dataMessage(album.error)}
            onRetry={() => void album.refetch()}
          />
        ) : opened && !album.data ? (
          <EmptyState title={t.album.notFound}>
            <Button variant="secondary" className="mt-3" onClick={() => go({ album: null })}>
              {t.backToAlbums}
            </Button>
          </EmptyState>
        ) : opened && album.data ? (
          <AlbumEditor album={album.data} onClose={() => go({ album: null })} />
        ) : (
          <div className="space-y-4">
            <Button onClick={() => go({ album: 'new' })}>
              <Plus className="h-4 w-4" aria-hidden /> {t.newAlbum}
            </Button>
            <AlbumList onOpen={openAlbum} />
          </div>
        )}
      </div>
    </div>
  );
}
