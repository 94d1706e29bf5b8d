// Media staff calls (spec §3 media_albums, media_items, videos; §7 behaviour rules): albums
// (drafts too) with their event and item count, items by sort order then newest, uploads into
// the gallery bucket (photos resized to fit 1920x1080 as JPEG 0.8; videos as they are, .mov
// as video), cover, order, publish, delete (the database removes the stored files first:
// app.remove_item_files / app.remove_album_files), and the standalone videos (draft first).
import type { Database } from '@havyaka/sdk/database';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { uniqueName } from '@/lib/file-names';
import { resizeImage } from '@/lib/image-resize';
import type { ListView, WholeView } from '@/lib/list-view';
import { pagedList } from '@/lib/paged-list';
import { ilikePattern } from '@/lib/search';
import { useDeleteRow, useSaveRow } from '@/lib/row-mutations';
import { sdk } from '@/lib/sdk';
import { ALBUM_SORT, type AlbumFilters } from '../resources/albums/filters';
import { VIDEO_SORT, type VideoFilters } from '../resources/videos/filters';
import { uploadError } from '@/lib/upload-refusal';
import { adminText } from '../admin-text';
import { mediaKeys } from './media';
import { fromSdk } from '@/lib/from-sdk';
import { useInvalidate } from '@/lib/invalidate';

type Tables = Database['public']['Tables'];
export type AdminAlbum = Tables['media_albums']['Row'] & {
  event: { id: string; title: string } | null;
  media_items: { count: number }[];
};
export type AdminItem = Tables['media_items']['Row'];
export type AdminVideo = Tables['videos']['Row'];
type AlbumInsert = Tables['media_albums']['Insert'];
type VideoInsert = Tables['videos']['Insert'];

export const BUCKET = 'gallery';
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'];
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 10 * 1024 * 1024;

export const adminMediaKeys = {
  albums: (view: ListView<AlbumFilters>) => [...mediaKeys.all, 'admin', 'albums', view] as const,
  album: (id: string) => [...mediaKeys.all, 'admin', 'album', id] as const,
  items: (albumId: string) => [...mediaKeys.all, 'admin', 'items', albumId] as const,
  videos: (view: ListView<VideoFilters>) => [...mediaKeys.all, 'admin', 'videos', view] as const,
  events: () => [...mediaKeys.all, 'admin', 'event-options'] as const,
};

/** photo, video, or null for a file the gallery does not take (.mov counts as video). */
export function mediaKind(file: Pick<File, 'name' | 'type'>): 'photo' | 'video' | null {
  if (PHOTO_TYPES.includes(file.type)) return 'photo';
  if (VIDEO_TYPES.includes(file.type) || /\.(mp4|webm|mov)$/i.test(file.name)) return 'video';
  return null;
}

/** The content type to store a video under (.mov files often arrive without one). */
export const videoContentType = (file: Pick<File, 'name' | 'type'>) =>
  VIDEO_TYPES.includes(file.type)
    ? file.type
    : /\.mov$/i.test(file.name)
      ? 'video/quicktime'
      : /\.webm$/i.test(file.name)
        ? 'video/webm'
        : 'video/mp4';

const publicUrl = (path: string) => `/storage/v1/object/public/${BUCKET}/${path}`;

/** Resizes a photo (or takes a video as it is) and stores it; returns its URL. */
export async function uploadMedia(
  file: File,
  folder: string,
  onProgress?: (percent: number) => void,
): Promise<{ url: string; kind: 'photo' | 'video' }> {
  const kind = mediaKind(file);
  if (!kind) throw new Error('unsupported file');
  const body =
    kind === 'photo'
      ? await resizeImage(file, {
          maxWidth: 1920,
          maxHeight: 1080,
          quality: 0.8,
          type: 'image/jpeg',
        })
      : file;
  const ext =
    kind === 'photo' ? 'jpg' : (/\.([a-z0-9]+)$/i.exec(file.name)?.[1] ?? 'mp4').toLowerCase();
  const path = uniqueName(folder, file.name, ext);
  const { error } = await sdk()
    .storage.from(BUCKET)
    .upload(path, body, {
      contentType: kind === 'photo' ? 'image/jpeg' : videoContentType(file),
      cacheControl: '3600',
      onUploadProgress: onProgress
        ? (p) => onProgress(Math.round((p.loaded / Math.max(1, p.total || body.size)) * 100))
        : undefined,
    });
  if (error) {
    const words = {
      size: adminText.upload.size(file.name),
      type: adminText.upload.type(file.name),
    };
    throw uploadError(error, words);
  }
  return { url: publicUrl(path), kind };
}

const ALBUM_SELECT = '*, event:events(id, title), media_items(count)';

/** The albums (drafts too) with their event and item count: a page of the view. */
export const albumPages = pagedList({
  key: adminMediaKeys.albums,
  query: (view: WholeView<AlbumFilters>) => {
    let q = sdk().from('media_albums').select(ALBUM_SELECT, { count: 'exact' });
    const pattern = ilikePattern(view.search);
    if (pattern) q = q.ilike('title', pattern);
    if (view.filters.shown) q = q.eq('is_published', view.filters.shown === 'published');
    const sort = view.sort ?? ALBUM_SORT;
    return q
      .order(sort.id as keyof AdminAlbum & string, { ascending: !sort.desc, nullsFirst: false })
      .order('created_at', { ascending: false })
      .order('id')
      .returns<AdminAlbum[]>();
  },
});

/** One album (drafts too) with its event and item count; null when there is none. */
export const useAdminAlbum = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: adminMediaKeys.album(id),
    enabled,
    queryFn: async () =>
      unwrap(
        await sdk().from('media_albums').select(ALBUM_SELECT).eq('id', id).maybeSingle(),
      ) as unknown as AdminAlbum | null,
  });

export const useEventOptions = () =>
  useQuery({
    queryKey: adminMediaKeys.events(),
    queryFn: fromSdk((db) =>
      db
        .from('events')
        .select('id, title, event_date')
        .order('event_date', { ascending: false })
        .limit(200),
    ),
  });

export const itemsQuery = (albumId: string) =>
  queryOptions({
    queryKey: adminMediaKeys.items(albumId),
    queryFn: async (): Promise<AdminItem[]> =>
      unwrap(
        await sdk()
          .from('media_items')
          .select()
          .eq('album_id', albumId)
          .order('sort_order', { ascending: true })
          .order('created_at', { ascending: false }),
      ),
  });
export const useAlbumItems = (albumId: string) => useQuery(itemsQuery(albumId));

export type AlbumInput = Pick<
  AlbumInsert,
  'title' | 'description' | 'event_id' | 'album_date' | 'is_published'
>;

export const useSaveAlbum = () => useSaveRow('media_albums', mediaKeys.all);

export const useDeleteAlbum = () => useDeleteRow('media_albums', mediaKeys.all);

/** Adds uploaded files to an album, after its last item. */
export async function addItems(
  albumId: string,
  files: { url: string; kind: 'photo' | 'video'; title: string }[],
  firstOrder: number,
) {
  unwrap(
    await sdk()
      .from('media_items')
      .insert(
        files.map((f, i) => ({
          album_id: albumId,
          media_type: f.kind,
          media_url: f.url,
          title: f.title.slice(0, 200) || null,
          sort_order: firstOrder + i,
        })),
      ),
  );
}

export function useItemActions(albumId: string) {
  const invalidate = useInvalidate(mediaKeys.all);
  const update = useMutation({
    mutationFn: async ({ id, patch }: { id: string; patch: Partial<AdminItem> }) => {
      unwrap(await sdk().from('media_items').update(patch).eq('id', id));
    },
    onSuccess: () => invalidate(),
  });
  const reorder = useMutation({
    /** Writes sort_order 0..n-1 in the given order (only the rows that moved). */
    mutationFn: async (ordered: AdminItem[]) => {
      const changed = ordered
        .map((item, index) => ({ item, index }))
        .filter(({ item, index }) => item.sort_order !== index);
      for (const { item, index } of changed) {
        unwrap(await sdk().from('media_items').update({ sort_order: index }).eq('id', item.id));
      }
    },
    onSettled: () => invalidate(),
  });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      unwrap(await sdk().from('media_items').delete().eq('id', id));
    },
    onSuccess: () => invalidate(),
  });
  const setCover = useMutation({
    mutationFn: async (url: string) => {
      unwrap(await sdk().from('media_albums').update({ cover_image_url: url }).eq('id', albumId));
    },
    onSuccess: () => invalidate(),
  });
  return { update, reorder, remove, setCover };
}

/** The order after moving the item at `from` to `to`. */
export function moved<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** The standalone videos (drafts too): a page of the view with the exact count. */
export const videoPages = pagedList({
  key: adminMediaKeys.videos,
  query: (view: WholeView<VideoFilters>) => {
    let q = sdk().from('videos').select('*', { count: 'exact' });
    const pattern = ilikePattern(view.search);
    if (pattern) q = q.ilike('title', pattern);
    if (view.filters.status) q = q.eq('status', view.filters.status);
    const sort = view.sort ?? VIDEO_SORT;
    return q
      .order(sort.id as keyof AdminVideo, { ascending: !sort.desc, nullsFirst: false })
      .order('created_at', { ascending: false })
      .order('id');
  },
});

export type VideoInput = Pick<
  VideoInsert,
  'title' | 'description' | 'video_url' | 'thumbnail_url' | 'event_id' | 'status'
>;

export const useSaveVideo = () => useSaveRow('videos', mediaKeys.all);

export function useDeleteVideo() {
  const invalidate = useInvalidate(mediaKeys.all);
  return useMutation({
    mutationFn: async (video: AdminVideo) => {
      // Files this site stores go first (spec §7); links to other sites stay as they are.
      const paths = [video.video_url, video.thumbnail_url]
        .map((u) => (u ? /\/storage\/v1\/object\/public\/gallery\/([^?#]+)/.exec(u)?.[1] : null))
        .filter((p): p is string => !!p)
        .map(decodeURIComponent);
      if (paths.length) unwrap(await sdk().storage.from(BUCKET).remove(paths));
      unwrap(await sdk().from('videos').delete().eq('id', video.id));
    },
    onSuccess: () => invalidate(),
  });
}
