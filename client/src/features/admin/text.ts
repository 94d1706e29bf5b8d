import { kannada } from '@/lib/i18n/words';

export const text = {
  brand: 'Havyaka Admin',
  sidebarNav: 'Admin',
  toggleSidebar: 'Toggle sidebar (Ctrl+B)',
  openMenu: 'Open admin menu',
  closeMenu: 'Close admin menu',
  logout: 'Log out',
  // Help in the same place on every page (WCAG 3.2.6), as in the public site's footer.
  help: 'Help',
  helpBody: 'Questions? Call or write to the trust office.',
  loggedOut: 'Admin logged out',
  loggedOutBody: 'You have been signed out of the admin area.',
  viewSite: 'View website',
  notificationSettings: 'Notification settings',
  breadcrumbs: 'Breadcrumb',
  dashboard: 'Dashboard',
  welcome: (name: string) => `Welcome, ${name}`,
  statsError: 'Dashboard figures could not be loaded.',
  workTitle: 'Waiting for you',
  noFigures:
    'The figures here belong to other staff screens: your work is under Manage Issues in the menu.',
  invalidStats: 'Invalid dashboard stats response',
  stats: {
    members: 'Members',
    students: 'Students',
    matrimony: 'Matrimony profiles',
    events: 'Events',
  },
  pending: {
    pending_members: 'Members awaiting approval',
    pending_students: 'Students awaiting approval',
    pending_matrimony: 'Matrimony profiles awaiting approval',
    upcoming_events: 'Upcoming events',
    pending_payments: 'Payments to verify',
    users: 'Accounts',
  },
  scanner: 'Membership card scanner',
  scannerBody: 'Check members’ cards at the door, offline too.',
  inbox: 'Contact messages',
  inboxBody: 'Read and answer what visitors sent through the contact form.',
  verifiedRestore: (days: number | null) =>
    days === null
      ? 'No verified restore yet'
      : `Last verified restore: ${days === 0 ? 'today' : days === 1 ? '1 day ago' : `${days} days ago`}`,
  drillFailed: 'The last restore drill failed: see Backups.',
  backupsLink: 'Backups',
  notFound: 'Admin page not found',
  notFoundBody: 'There is no admin screen at this address.',
} as const;

kannada({ text }, () => import('./text.kn'));
