// Galleries (spec §7): published media albums with their event and item counts, items by
// sort order then newest; the older photo albums (photo_albums/photos_new) and published videos.
import type { Database } from '@havyaka/sdk/database';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AppError } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import { text } from '../text';
import { fromSdk } from '@/lib/from-sdk';

type Fns = Database['public']['Functions'];
export type MediaAlbum = Fns['get_public_media_albums']['Returns'][number];
export type MediaItem = Database['public']['Tables']['media_items']['Row'];
export type PhotoAlbum = Fns['get_public_photo_albums']['Returns'][number];
export type Video = Database['public']['Tables']['videos']['Row'];

export interface AlbumView {
  id: string;
  title: string;
  description: string | null;
  eventId: string | null;
  eventTitle: string | null;
  date: string | null;
  items: {
    id: string;
    title: string | null;
    type: 'photo' | 'video';
    url: string;
    thumbnail: string | null;
    duration: number | null;
  }[];
}

export const mediaKeys = {
  all: ['media'] as const,
  albums: () => ['media', 'albums'] as const,
  photoAlbums: () => ['media', 'photo-albums'] as const,
  videos: () => ['media', 'videos'] as const,
  album: (id: string) => ['media', 'album', id] as const,
};

export const albumsQuery = () =>
  queryOptions({
    queryKey: mediaKeys.albums(),
    queryFn: fromSdk((db) => db.rpc('get_public_media_albums', {}, { get: true })),
  });
export const useAlbums = () => useQuery(albumsQuery());

export const usePhotoAlbums = () =>
  useQuery({
    queryKey: mediaKeys.photoAlbums(),
    queryFn: fromSdk((db) => db.rpc('get_public_photo_albums', { album_limit: 50 }, { get: true })),
  });

export const useVideos = () =>
  useQuery({
    queryKey: mediaKeys.videos(),
    queryFn: fromSdk((db) =>
      db
        .from('videos')
        .select()
        .eq('status', 'published')
        .order('created_at', { ascending: false }),
    ),
  });

/** A media album (items through get_public_media_items), or else an older photo album. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function fetchAlbum(id: string): Promise<AlbumView> {
  // An address that cannot name an album is one that does not exist (spec §8).
  if (!UUID.test(id)) throw new AppError(text.albumNotFound, 'NOT_FOUND');
  const client = sdk();
  const albums = await client.rpc('get_public_media_albums', {}, { get: true });
  if (albums.error) throw new AppError(text.fetchAlbum, 'UNKNOWN_ERROR', albums.error);
  const album = (albums.data ?? []).find((a) => a.id === id);
  if (album) {
    const items = await client.rpc('get_public_media_items', { album_id_param: id }, { get: true });
    if (items.error) throw new AppError(text.fetchPhotos, 'UNKNOWN_ERROR', items.error);
    return {
      id,
      title: album.title,
      description: album.description,
      eventId: album.event_id,
      eventTitle: album.event_title,
      date: album.album_date ?? album.event_date,
      items: (items.data ?? []).map((i) => ({
        id: i.id,
        title: i.title,
        type: i.media_type === 'video' ? 'video' : 'photo',
        url: i.media_url,
        thumbnail: i.thumbnail_url,
        duration: i.duration,
      })),
    };
  }
  const photoAlbum = await client
    .from('photo_albums')
    .select()
    .eq('id', id)
    .eq('is_published', true)
    .maybeSingle();
  if (photoAlbum.error) throw new AppError(text.fetchAlbum, 'UNKNOWN_ERROR', photoAlbum.error);
  if (!photoAlbum.data) throw new AppError(text.albumNotFound, 'NOT_FOUND');
  const photos = await client
    .from('photos_new')
    .select()
    .eq('album_id', id)
    .order('sort_order')
    .order('created_at', { ascending: false })
    .limit(1000);
  if (photos.error) throw new AppError(text.fetchPhotos, 'UNKNOWN_ERROR', photos.error);
  const a = photoAlbum.data;
  return {
    id,
    title: a.title,
    description: a.description,
    eventId: a.event_id,
    eventTitle: null,
    date: a.album_date,
    items: photos.data.map((p) => ({
      id: p.id,
      title: p.title,
      type: 'photo' as const,
      url: p.image_url,
      thumbnail: p.thumbnail_url,
      duration: null,
    })),
  };
}

export const albumQuery = (id: string) =>
  queryOptions({ queryKey: mediaKeys.album(id), queryFn: () => fetchAlbum(id), retry: 0 });
export const useAlbum = (id: string) => useQuery(albumQuery(id));

export const isVideoFile = (url: string) => /\.(mp4|webm|mov|m4v|ogv)(\?|$)/i.test(url);
