import { kannada } from '@/lib/i18n/words';

export const text = {
  title: 'Photo and Video Gallery',
  intro: 'Albums from the community’s festivals, camps and get-togethers.',
  latest: 'Latest from the gallery',
  seeAll: 'Open the gallery',
  albums: 'Albums',
  videos: 'Videos',
  noAlbums: 'No albums yet',
  noAlbumsBody: 'Albums appear here once they are published.',
  noVideos: 'No videos yet',
  loadingAlbum: 'Loading album…',
  albumEventFallback: 'The event',
  items: (photos: number, videos: number) =>
    [
      photos ? `${photos} photo${photos === 1 ? '' : 's'}` : '',
      videos ? `${videos} video${videos === 1 ? '' : 's'}` : '',
    ]
      .filter(Boolean)
      .join(' · ') || 'Empty album',
  albumNotFound: 'Album not found or not published',
  fetchAlbum: 'Failed to fetch album',
  fetchAlbumBody: 'Please check your connection and try again.',
  fetchPhotos: 'Failed to fetch photos',
  backToGallery: 'Back to Gallery',
  emptyAlbum: 'This album has no photos yet',
  eventAlbums: 'Photos and videos of this event',
  noEventAlbums: 'No photos or videos of this event yet',
  watch: 'Watch video',
  minutes: (seconds: number) =>
    `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`,
  close: 'Close',
  previous: 'Previous photo',
  next: 'Next photo',
  photoOf: (i: number, n: number) => `Photo ${i} of ${n}`,
} as const;

kannada({ text }, () => import('./text.kn'));
