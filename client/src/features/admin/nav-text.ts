// What the admin sidebar and breadcrumbs say (nav.ts holds their paths, icons and roles).
// Kannada: nav-text.kn.ts.
import { kannada } from '@/lib/i18n/words';

export const navText = {
  items: {
    dashboard: 'Dashboard',
    manageIssues: 'Manage Issues',
    events: 'Events',
    media: 'Media Management',
    members: 'Member Directory',
    students: 'Students',
    matrimony: 'Matrimony Users',
    users: 'User Management',
    sandesha: 'Havyaka Sandesh',
    sandeshEditors: 'Sandesh Editors',
    business: 'Business Directory',
    boardMembers: 'Board Members',
    images: 'Website Images',
    slider: 'Homepage Slider',
    notifications: 'Notifications',
    pwaAnalytics: 'PWA Analytics',
    payments: 'Payment Management',
    finance: 'Finance and receipts',
    backups: 'Backups',
  },
  groups: {
    overview: 'Overview',
    users: 'User Management',
    content: 'Content Management',
    website: 'Website Management',
    financial: 'Financial',
    system: 'System',
  },
  /** Labels of path segments in breadcrumbs. */
  segments: {
    admin: 'Admin',
    create: 'Create',
    add: 'Add',
    edit: 'Edit',
    registrations: 'Registrations',
  } as Record<string, string>,
  details: 'Details',
} as const;

kannada({ navText }, () => import('./nav-text.kn'));
