import type { Words } from '@/lib/i18n/words';
import type { text as en } from './text';

export const text = {
  title: 'ಫೋಟೋ ಮತ್ತು ವಿಡಿಯೋ ಸಂಪುಟ',
  intro: 'ಸಮುದಾಯದ ಹಬ್ಬಗಳು, ಶಿಬಿರಗಳು ಮತ್ತು ಸಮ್ಮಿಲನಗಳ ಆಲ್ಬಮ್‌ಗಳು.',
  latest: 'ಚಿತ್ರಸಂಪುಟದ ಹೊಸ ಸೇರ್ಪಡೆಗಳು',
  seeAll: 'ಚಿತ್ರಸಂಪುಟ ತೆರೆಯಿರಿ',
  albums: 'ಆಲ್ಬಮ್‌ಗಳು',
  videos: 'ವಿಡಿಯೋಗಳು',
  noAlbums: 'ಇನ್ನೂ ಯಾವುದೇ ಆಲ್ಬಮ್ ಇಲ್ಲ',
  noAlbumsBody: 'ಆಲ್ಬಮ್‌ಗಳು ಪ್ರಕಟವಾದ ನಂತರ ಇಲ್ಲಿ ಕಾಣಿಸುತ್ತವೆ.',
  noVideos: 'ಇನ್ನೂ ಯಾವುದೇ ವಿಡಿಯೋ ಇಲ್ಲ',
  loadingAlbum: 'ಆಲ್ಬಮ್ ತೆರೆಯುತ್ತಿದೆ…',
  albumEventFallback: 'ಕಾರ್ಯಕ್ರಮ',
  items: (photos: number, videos: number) =>
    [photos ? `${photos} ಫೋಟೋ` : '', videos ? `${videos} ವಿಡಿಯೋ` : ''].filter(Boolean).join(' · ') ||
    'ಖಾಲಿ ಆಲ್ಬಮ್',
  albumNotFound: 'ಆಲ್ಬಮ್ ಸಿಗಲಿಲ್ಲ ಅಥವಾ ಪ್ರಕಟವಾಗಿಲ್ಲ',
  fetchAlbum: 'ಆಲ್ಬಮ್ ತೆರೆಯಲಾಗಲಿಲ್ಲ',
  fetchAlbumBody: 'ದಯವಿಟ್ಟು ಸಂಪರ್ಕವನ್ನು ಪರಿಶೀಲಿಸಿ ಮತ್ತೊಮ್ಮೆ ಪ್ರಯತ್ನಿಸಿ.',
  fetchPhotos: 'ಫೋಟೋಗಳನ್ನು ತೆರೆಯಲಾಗಲಿಲ್ಲ',
  backToGallery: 'ಚಿತ್ರಸಂಪುಟಕ್ಕೆ ಹಿಂತಿರುಗಿ',
  emptyAlbum: 'ಈ ಆಲ್ಬಮ್‌ನಲ್ಲಿ ಇನ್ನೂ ಫೋಟೋಗಳಿಲ್ಲ',
  eventAlbums: 'ಈ ಕಾರ್ಯಕ್ರಮದ ಫೋಟೋ ಮತ್ತು ವಿಡಿಯೋಗಳು',
  noEventAlbums: 'ಈ ಕಾರ್ಯಕ್ರಮದ ಫೋಟೋ ಅಥವಾ ವಿಡಿಯೋಗಳು ಇನ್ನೂ ಇಲ್ಲ',
  watch: 'ವಿಡಿಯೋ ನೋಡಿ',
  minutes: (seconds: number) =>
    `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`,
  close: 'ಮುಚ್ಚಿ',
  previous: 'ಹಿಂದಿನ ಫೋಟೋ',
  next: 'ಮುಂದಿನ ಫೋಟೋ',
  photoOf: (i: number, n: number) => `${n} ಫೋಟೋಗಳಲ್ಲಿ ${i}ನೆಯದು`,
} satisfies Words<typeof en>;
