// Every string of the PWA analytics screen.
import { kannada } from '@/lib/i18n/words';

export const adminText = {
  title: 'PWA Analytics',
  intro: 'Installs of the app and how visitors use it (spec §9).',
  window: 'Period',
  days: (n: number) => `Last ${n} days`,
  installs: 'Installs',
  engagement: 'Engagement records',
  records: 'Installs and engagement records',
  averageScore: 'Average engagement score',
  scoreHint:
    'One point each for over 30 s on site, more than 2 page visits and more than 5 interactions (0-3).',
  perDay: 'Installs and engagement per day',
  byPlatform: 'Installs by platform',
  byDisplayMode: 'By display mode',
  recentInstalls: 'The 10 most recent installs',
  recentEngagement: 'The 20 most recent engagement records',
  columns: {
    when: 'When',
    platform: 'Platform',
    displayMode: 'Display mode',
    method: 'Install method',
    event: 'Event',
    time: 'Time on site (s)',
    pages: 'Pages',
    interactions: 'Interactions',
    score: 'Score',
  },
  none: 'No data in this period',
  loadError: 'Analytics could not be loaded.',
} as const;

kannada({ adminText }, () => import('./admin-text.kn'));
