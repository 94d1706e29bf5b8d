// The admin sidebar (spec §2) as data: {path, label, icon, roles, group}. A role sees the
// items listing it; groups are headed only when the role's items have groups.
import type { LucideIcon } from 'lucide-react';
import {
  Award,
  BarChart3,
  Bell,
  Briefcase,
  CalendarDays,
  CreditCard,
  DatabaseBackup,
  GraduationCap,
  Heart,
  Image,
  Images,
  Landmark,
  LayoutDashboard,
  Newspaper,
  PenLine,
  SlidersHorizontal,
  UserCog,
  Users,
} from 'lucide-react';
import type { Role } from '@/lib/authorization';

export interface NavItem {
  path: string;
  label: string;
  icon: LucideIcon;
  roles: Role[];
  group?: string;
}

const OTHERS: Role[] = ['super_admin', 'admin', 'content_manager'];

export const ADMIN_NAV: NavItem[] = [
  {
    path: '/admin',
    label: 'Dashboard',
    icon: LayoutDashboard,
    roles: ['havyaka_sandesh_manager', 'event_manager'],
  },
  {
    path: '/admin/havyaka-sandesh',
    label: 'Manage Issues',
    icon: Newspaper,
    roles: ['havyaka_sandesh_manager'],
  },
  { path: '/admin/events', label: 'Events', icon: CalendarDays, roles: ['event_manager'] },
  { path: '/admin/media', label: 'Media Management', icon: Images, roles: ['event_manager'] },

  { group: 'Overview', path: '/admin', label: 'Dashboard', icon: LayoutDashboard, roles: OTHERS },

  {
    group: 'User Management',
    path: '/admin/members',
    label: 'Member Directory',
    icon: Users,
    roles: OTHERS,
  },
  {
    group: 'User Management',
    path: '/admin/students',
    label: 'Students',
    icon: GraduationCap,
    roles: OTHERS,
  },
  {
    group: 'User Management',
    path: '/admin/matrimony',
    label: 'Matrimony Users',
    icon: Heart,
    roles: OTHERS,
  },
  {
    group: 'User Management',
    path: '/admin/users',
    label: 'User Management',
    icon: UserCog,
    roles: OTHERS,
  },

  {
    group: 'Content Management',
    path: '/admin/events',
    label: 'Events',
    icon: CalendarDays,
    roles: OTHERS,
  },
  {
    group: 'Content Management',
    path: '/admin/havyaka-sandesh',
    label: 'Havyaka Sandesh',
    icon: Newspaper,
    roles: OTHERS,
  },
  {
    group: 'Content Management',
    path: '/admin/sandesh-editors',
    label: 'Sandesh Editors',
    icon: PenLine,
    roles: OTHERS,
  },
  {
    group: 'Content Management',
    path: '/admin/business',
    label: 'Business Directory',
    icon: Briefcase,
    roles: OTHERS,
  },
  {
    group: 'Content Management',
    path: '/admin/board-members',
    label: 'Board Members',
    icon: Award,
    roles: OTHERS,
  },
  {
    group: 'Content Management',
    path: '/admin/media',
    label: 'Media Management',
    icon: Images,
    roles: OTHERS,
  },

  {
    group: 'Website Management',
    path: '/admin/images',
    label: 'Website Images',
    icon: Image,
    roles: OTHERS,
  },
  {
    group: 'Website Management',
    path: '/admin/slider',
    label: 'Homepage Slider',
    icon: SlidersHorizontal,
    roles: OTHERS,
  },
  {
    group: 'Website Management',
    path: '/admin/notifications',
    label: 'Notifications',
    icon: Bell,
    roles: OTHERS,
  },
  {
    group: 'Website Management',
    path: '/admin/pwa-analytics',
    label: 'PWA Analytics',
    icon: BarChart3,
    roles: OTHERS,
  },

  {
    group: 'Financial',
    path: '/admin/payments',
    label: 'Payment Management',
    icon: CreditCard,
    roles: OTHERS,
  },
  {
    group: 'Financial',
    path: '/admin/finance',
    label: 'Finance and receipts',
    icon: Landmark,
    roles: ['super_admin', 'admin'],
  },

  {
    group: 'System',
    path: '/admin/backups',
    label: 'Backups',
    icon: DatabaseBackup,
    roles: ['super_admin'],
  },
];

export interface NavSection {
  group: string | null;
  items: NavItem[];
}

/** The sidebar of a role: its items, in order, grouped when they carry groups. */
export function sidebarFor(role: string | null | undefined): NavSection[] {
  const items = ADMIN_NAV.filter((item) => (item.roles as string[]).includes(role ?? ''));
  const sections: NavSection[] = [];
  for (const item of items) {
    const group = item.group ?? null;
    const last = sections.at(-1);
    if (last && last.group === group) last.items.push(item);
    else sections.push({ group, items: [item] });
  }
  return sections;
}

/** Labels of path segments for breadcrumbs. */
const SEGMENT_LABELS: Record<string, string> = {
  admin: 'Admin',
  create: 'Create',
  add: 'Add',
  edit: 'Edit',
  registrations: 'Registrations',
};

const ID_SEGMENT = /^[0-9a-f-]{8,}$/i;
/** Sections whose items are edited, never shown on a page of their own (/admin/events/{id}). */
const NO_DETAIL_PAGE = new Set(['/admin/events', '/admin/business']);

export interface Crumb {
  label: string;
  to: string;
}

/** Breadcrumbs of an admin path; none on top-level pages (/admin and /admin/<section>). */
export function breadcrumbsFor(pathname: string): Crumb[] {
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (parts[0] !== 'admin' || parts.length <= 2) return [];
  const crumbs: Crumb[] = [{ label: 'Dashboard', to: '/admin' }];
  for (let i = 1; i < parts.length; i++) {
    const to = `/${parts.slice(0, i + 1).join('/')}`;
    // Sections whose items have no page of their own: no crumb that would lead nowhere.
    if (ID_SEGMENT.test(parts[i]) && NO_DETAIL_PAGE.has(`/${parts.slice(0, i).join('/')}`))
      continue;
    const known = ADMIN_NAV.find((item) => item.path === to && item.group);
    const label =
      known?.label ??
      SEGMENT_LABELS[parts[i]] ??
      (ID_SEGMENT.test(parts[i]) ? 'Details' : parts[i]);
    crumbs.push({ label, to });
  }
  return crumbs;
}

export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const MOBILE_BREAKPOINT = 768;
