import { kannada } from '@/lib/i18n/words';

export const text = {
  title: 'Havyaka Sandesha',
  intro:
    'The community’s periodical: news, articles and announcements. Read or download any published issue.',
  latest: 'Latest Havyaka Sandesha',
  archive: 'Read the archive',
  featured: 'Featured',
  download: 'Download PDF',
  downloading: 'Preparing…',
  notKeptTitle: 'Not saved on this device',
  notKept:
    'You are offline, and this issue was not opened on this device before. Issues you open while online can be read offline later.',
  empty: 'No issues published yet',
  loadError: 'Issues could not be loaded.',
  downloadError: 'The issue could not be downloaded. Please try again.',
  year: (y: number) => String(y),
} as const;

kannada({ text }, () => import('./text.kn'));
