// The public site's navigation: every public page (spec §2), in one place for translation.
// Kannada: nav.kn.ts, loaded only on the Kannada screen.
import { kannada } from '../lib/i18n/words';

export const primaryNav = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/events', label: 'Events' },
  { to: '/media', label: 'Gallery' },
  { to: '/havyaka-sandesha', label: 'Havyaka Sandesha' },
  { to: '/resources/business', label: 'Business' },
  { to: '/contact', label: 'Contact' },
] as const;

export const serviceNav = [
  { to: '/membership', label: 'Membership' },
  { to: '/members', label: 'Members' },
  { to: '/educational-aid', label: 'Educational Aid' },
  { to: '/matrimony', label: 'Matrimony' },
  { to: '/medical-aid', label: 'Medical Aid' },
  { to: '/senior-citizen-sos', label: 'Senior Citizen SOS' },
  { to: '/kvss', label: 'KVSS' },
  { to: '/guru-pitha', label: 'Guru Pitha' },
  { to: '/donate', label: 'Donate' },
] as const;

export const layoutText = {
  brand: 'Havyaka Community',
  brandSub: 'Mumbai',
  mainNav: 'Main',
  siteNav: 'Site',
  footerNav: 'Footer',
  menu: 'Menu',
  closeMenu: 'Close menu',
  services: 'Community services',
  login: 'Login',
  logout: 'Log out',
  myDashboard: 'My dashboard',
  account: 'Your account',
  notificationSettings: 'Notification settings',
  loggedOut: 'Logged out',
  loggedOutBody: 'You have been signed out.',
  footerAbout:
    'The Havyaka community trust in Mumbai brings families together for culture, education and mutual help.',
  copyright: (year: number) => `© ${year} Havyaka Community Trust, Mumbai`,
  view: 'Reading',
  help: 'Help',
  helpBody: 'Questions? Call or write to the trust office.',
} as const;

kannada({ primaryNav, serviceNav, layoutText }, () => import('./nav.kn'));
