import { kannada } from '../../lib/i18n/words';

export const text = {
  heroTitle: 'Havyaka Community, Mumbai',
  heroBody: 'Culture, education and mutual help for Havyaka families since 1962.',
  previousSlide: 'Previous slide',
  nextSlide: 'Next slide',
  slide: (i: number, n: number) => `Slide ${i} of ${n}`,
  learnMore: 'Learn more',
  quickLinks: 'Quick links',
  aboutTitle: 'About the Trust',
  board: 'Board members',
  achievements: 'Achievements of our community',
  noBoard: 'The board is being updated',
  noAchievements: 'No achievements published yet',
  noInfo: 'Information about the trust is being updated.',
  loadError: 'This section could not be loaded.',
} as const;

export const quickLinks = [
  { to: '/events', label: 'Events', body: 'What is coming up' },
  { to: '/media', label: 'Gallery', body: 'Photos and videos' },
  { to: '/havyaka-sandesha', label: 'Havyaka Sandesha', body: 'Read the periodical' },
  { to: '/membership', label: 'Membership', body: 'Join the trust' },
  { to: '/educational-aid', label: 'Educational aid', body: 'Support for students' },
  { to: '/medical-aid', label: 'Medical aid', body: 'Help in illness' },
  { to: '/senior-citizen-sos', label: 'Senior citizen SOS', body: 'Help, fast' },
  { to: '/resources/business', label: 'Business directory', body: 'Support our own' },
] as const;

kannada({ text, quickLinks }, () => import('./text.kn'));
