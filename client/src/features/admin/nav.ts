// The admin sidebar (spec §2) as data: {path, item, icon, roles, group}; its words are in
// nav-text.ts. A role sees the items listing it; groups are headed only when the role's items
// have groups.
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
import { navText } from './nav-text';

/** A sidebar entry: its words are navText's (nav-text.ts), looked up when the sidebar is drawn. */
export interface NavItem {
  path: string;
  item: keyof typeof navText.items;
  icon: LucideIcon;
  roles: Role[];
  group?: keyof typeof navText.groups;
}

const OTHERS: Role[] = ['super_admin', 'admin', 'content_manager'];

export const ADMIN_NAV: NavItem[] = [
  {
    path: '/admin',
    item: 'dashboard',
    icon: LayoutDashboard,
    roles: ['havyaka_sandesh_manager', 'event_manager'],
  },
  {
    path: '/admin/havyaka-sandesh',
    item: 'manageIssues',
    icon: Newspaper,
    roles: ['havyaka_sandesh_manager'],
  },
  { path: '/admin/events', item: 'events', icon: CalendarDays, roles: ['event_manager'] },
  { path: '/admin/media', item: 'media', icon: Images, roles: ['event_manager'] },

  { group: 'overview', path: '/admin', item: 'dashboard', icon: LayoutDashboard, roles: OTHERS },

  {
    group: 'users',
    path: '/admin/members',
    item: 'members',
    icon: Users,
    roles: OTHERS,
  },
  {
    group: 'users',
    path: '/admin/students',
    item: 'students',
    icon: GraduationCap,
    roles: OTHERS,
  },
  {
    group: 'users',
    path: '/admin/matrimony',
    item: 'matrimony',
    icon: Heart,
    roles: OTHERS,
  },
  {
    group: 'users',
    path: '/admin/users',
    item: 'users',
    icon: UserCog,
    roles: OTHERS,
  },

  {
    group: 'content',
    path: '/admin/events',
    item: 'events',
    icon: CalendarDays,
    roles: OTHERS,
  },
  {
    group: 'content',
    path: '/admin/havyaka-sandesh',
    item: 'sandesha',
    icon: Newspaper,
    roles: OTHERS,
  },
  {
    group: 'content',
    path: '/admin/sandesh-editors',
    item: 'sandeshEditors',
    icon: PenLine,
    roles: OTHERS,
  },
  {
    group: 'content',
    path: '/admin/business',
    item: 'business',
    icon: Briefcase,
    roles: OTHERS,
  },
  {
    group: 'content',
    path: '/admin/board-members',
    item: 'boardMembers',
    icon: Award,
    roles: OTHERS,
  },
  {
    group: 'content',
    path: '/admin/media',
    item: 'media',
    icon: Images,
    roles: OTHERS,
  },

  {
    group: 'website',
    path: '/admin/images',
    item: 'images',
    icon: Image,
    roles: OTHERS,
  },
  {
    group: 'website',
    path: '/admin/slider',
    item: 'slider',
    icon: SlidersHorizontal,
    roles: OTHERS,
  },
  {
    group: 'website',
    path: '/admin/notifications',
    item: 'notifications',
    icon: Bell,
    roles: OTHERS,
  },
  {
    group: 'website',
    path: '/admin/pwa-analytics',
    item: 'pwaAnalytics',
    icon: BarChart3,
    roles: OTHERS,
  },

  {
    group: 'financial',
    path: '/admin/payments',
    item: 'payments',
    icon: CreditCard,
    roles: OTHERS,
  },
  {
    group: 'financial',
    path: '/admin/finance',
    item: 'finance',
    icon: Landmark,
    roles: ['super_admin', 'admin'],
  },

  {
    group: 'system',
    path: '/admin/backups',
    item: 'backups',
    icon: DatabaseBackup,
    roles: ['super_admin'],
  },
];

/** A sidebar entry as drawn, in the words on screen. */
export interface NavEntry {
  path: string;
  label: string;
  icon: LucideIcon;
  group?: string;
}

export interface NavSection {
  group: string | null;
  items: NavEntry[];
}

/** The sidebar of a role: its items, in order, grouped when they carry groups. */
export function sidebarFor(role: string | null | undefined): NavSection[] {
  const items = ADMIN_NAV.filter((item) => (item.roles as string[]).includes(role ?? ''));
  const sections: NavSection[] = [];
  for (const { path, item, icon, group: key } of items) {
    const group = key ? navText.groups[key] : null;
    const entry: NavEntry = { path, label: navText.items[item], icon, group: group ?? undefined };
    const last = sections.at(-1);
    if (last && last.group === group) last.items.push(entry);
    else sections.push({ group, items: [entry] });
  }
  return sections;
}

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
  const crumbs: Crumb[] = [{ label: navText.items.dashboard, to: '/admin' }];
  for (let i = 1; i < parts.length; i++) {
    const to = `/${parts.slice(0, i + 1).join('/')}`;
    // Sections whose items have no page of their own: no crumb that would lead nowhere.
    if (ID_SEGMENT.test(parts[i]) && NO_DETAIL_PAGE.has(`/${parts.slice(0, i).join('/')}`))
      continue;
    const known = ADMIN_NAV.find((item) => item.path === to && item.group);
    const label =
      (known && navText.items[known.item]) ??
      navText.segments[parts[i]] ??
      (ID_SEGMENT.test(parts[i]) ? navText.details : parts[i]);
    crumbs.push({ label, to });
  }
  return crumbs;
}

export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const MOBILE_BREAKPOINT = 768;
