// Every route of spec §2 but the home page, in one table: public pages, redirects, user routes
// behind the guard, and the admin area (gated once, in its layout route). The table itself
// loads lazily (router.tsx patches it in on the first navigation away from the home page; the
// root layout fetches it once the page has loaded and is idle), and so does each route's module.
import { Navigate, useParams, type RouteObject } from 'react-router';
import {
  ADMINS,
  EVENT_EDITORS,
  EVENT_STAFF,
  MANAGERS,
  MEMBER_AREA,
  SANDESHA_STAFF,
  STAFF,
  type Requirement,
  type Role,
} from '@/lib/authorization';
import type { ServiceHandle } from '@/features/services/routes/service';

function Redirect({ to }: { to: (params: Record<string, string | undefined>) => string }) {
  const params = useParams();
  return <Navigate to={to(params)} replace />;
}
const redirect = (
  path: string,
  to: string | ((p: Record<string, string | undefined>) => string),
): RouteObject => ({
  path,
  element: <Redirect to={typeof to === 'string' ? () => to : to} />,
});

/** The route guard for a requirement (the policies are the real gate), loaded lazily with the
 *  first guarded route: the home page does not need it. */
const guard = (requirement: Requirement): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const { RouteGuard } = await import('@/features/auth/components/route-guard');
    return { element: <RouteGuard {...requirement} /> };
  },
});

/** An admin screen: its roles' guard, its module loaded lazily. */
const adminScreen = (
  path: string,
  roles: Role[],
  load: NonNullable<RouteObject['lazy']> & (() => Promise<Record<string, unknown>>),
): RouteObject => ({
  path,
  ...guard({ allowedRoles: roles }),
  children: [{ index: true, lazy: load }],
});

/** A community service's page: one route module, the page named in the route's handle. */
const servicePage = (path: string, page: ServiceHandle['servicePage']): RouteObject => ({
  path,
  handle: { servicePage: page } satisfies ServiceHandle,
  lazy: () => import('@/features/services/routes/service'),
});

/** The public site's pages (children of the public layout, beside the home page). */
export const publicRoutes: RouteObject[] = [
  { path: 'about', lazy: () => import('./routes/about') },
  { path: 'contact', lazy: () => import('@/features/contact/routes/contact') },
  { path: 'events', lazy: () => import('@/features/events/routes/events-list') },
  { path: 'events/:eventId', lazy: () => import('./routes/event-detail') },
  { path: 'events/:eventId/media', lazy: () => import('./routes/event-media') },
  { path: 'media', lazy: () => import('@/features/media/routes/gallery') },
  { path: 'media/album/:albumId', lazy: () => import('@/features/media/routes/album') },
  { path: 'havyaka-sandesha', lazy: () => import('@/features/sandesha/routes/archive') },
  {
    path: 'resources/business',
    lazy: () => import('@/features/business/routes/directory'),
  },
  {
    path: 'resources/business/:id',
    lazy: () => import('@/features/business/routes/detail'),
  },
  { path: 'members', lazy: () => import('@/features/members/routes/listing') },
  servicePage('medical-aid', 'medicalAid'),
  servicePage('senior-citizen-sos', 'seniorSos'),
  servicePage('kvss', 'kvss'),
  servicePage('guru-pitha', 'guruPitha'),
  { path: 'donate', lazy: () => import('@/features/money/routes/donate') },
  servicePage('membership', 'membership'),
  servicePage('educational-aid', 'educationalAid'),
  servicePage('matrimony', 'matrimony'),
  {
    path: 'membership/registration',
    lazy: () => import('@/features/members/routes/registration'),
  },
  {
    path: 'student-registration',
    lazy: () => import('@/features/students/routes/registration'),
  },
  {
    path: 'matrimony/registration',
    lazy: () => import('@/features/matrimony/routes/registration'),
  },
  {
    ...guard({ requiredRole: 'matrimony', needsDetail: true }),
    children: [
      {
        path: 'matrimony/browse',
        lazy: () => import('@/features/matrimony/routes/browse'),
      },
    ],
  },
  { path: 'login', lazy: () => import('@/features/auth/routes/login') },
  {
    path: 'account/second-factor',
    lazy: () => import('@/features/auth/routes/second-factor-setup'),
  },
  { path: 'account/set-password', lazy: () => import('@/features/auth/routes/set-password') },

  redirect('student-appeal', '/educational-aid'),
  redirect('gallery/photos', '/media'),
  redirect('gallery/videos', '/media'),
  redirect('gallery/photos/album/:albumId', (p) => `/media/album/${p.albumId}`),
  redirect('photo-gallery/:id', (p) => `/media/album/${p.id}`),
  redirect('business', '/resources/business'),
  redirect('business/:id', (p) => `/resources/business/${p.id}`),

  // A rejected applicant reaches their dashboard, which shows the decision (issue 40).
  {
    ...guard({ requiredRole: 'student', needsDetail: true, admitsRejected: true }),
    children: [
      {
        path: 'dashboard/student',
        lazy: () => import('./routes/student-dashboard'),
      },
    ],
  },
  {
    ...guard({ requiredRole: 'student', needsDetail: true }),
    children: [
      {
        path: 'profile/student/edit',
        lazy: () => import('@/features/students/routes/edit'),
      },
    ],
  },
  {
    ...guard({ requiredRole: 'matrimony', needsDetail: true, admitsRejected: true }),
    children: [
      {
        path: 'dashboard/matrimony',
        lazy: () => import('./routes/matrimony-dashboard'),
      },
    ],
  },
  {
    ...guard({ requiredRole: 'matrimony', needsDetail: true }),
    children: [
      {
        path: 'profile/matrimony',
        lazy: () => import('@/features/matrimony/routes/own-profile'),
      },
      {
        path: 'profile/matrimony/:id',
        lazy: () => import('@/features/matrimony/routes/profile-view'),
      },
    ],
  },
  {
    ...guard({ allowedRoles: MEMBER_AREA, admitsRejected: true }),
    children: [
      {
        path: 'dashboard/member',
        lazy: () => import('./routes/member-dashboard'),
      },
    ],
  },
  {
    ...guard({ requiredRole: 'member_viewer' }),
    children: [
      {
        path: 'members/:id',
        lazy: () => import('@/features/members/routes/member-detail'),
      },
    ],
  },
  {
    ...guard({}),
    children: [
      {
        path: 'notifications/settings',
        lazy: () => import('./routes/notification-settings'),
      },
      {
        path: 'account/payments',
        lazy: () => import('@/features/money/routes/my-payments'),
      },
      {
        path: 'events/my-calendar',
        lazy: () => import('@/features/events/routes/my-calendar'),
      },
    ],
  },
  { path: '*', lazy: () => import('./routes/not-found') },
];

/** The admin area (a child of the root layout). */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    // The admin area is gated once, here; each screen narrows the roles further.
    ...guard({ allowedRoles: STAFF }),
    children: [
      {
        lazy: () => import('./layouts/admin-layout'),
        children: [
          { index: true, lazy: () => import('@/features/admin/routes/dashboard') },
          redirect('dashboard', '/admin'),
          redirect('member-directory', '/admin/members'),
          redirect('gallery/photos', '/admin/media'),
          redirect('gallery/videos', '/admin/media'),
          adminScreen('members', MANAGERS, () => import('@/features/members/routes/admin-members')),
          adminScreen(
            'members/add',
            ADMINS,
            () => import('@/features/members/routes/admin-member-add'),
          ),
          adminScreen(
            'members/:id',
            MANAGERS,
            () => import('@/features/members/routes/admin-member-detail'),
          ),
          adminScreen(
            'members/:id/edit',
            ADMINS,
            () => import('@/features/members/routes/admin-member-edit'),
          ),
          adminScreen(
            'students',
            MANAGERS,
            () => import('@/features/students/routes/admin-students'),
          ),
          adminScreen(
            'students/add',
            ADMINS,
            () => import('@/features/students/routes/admin-student-add'),
          ),
          adminScreen(
            'students/:id',
            MANAGERS,
            () => import('@/features/students/routes/admin-student-detail'),
          ),
          adminScreen(
            'students/:id/edit',
            ADMINS,
            () => import('@/features/students/routes/admin-student-edit'),
          ),
          adminScreen(
            'matrimony',
            MANAGERS,
            () => import('@/features/matrimony/routes/admin-matrimony'),
          ),
          adminScreen('users', MANAGERS, () => import('@/features/users/routes/admin-users')),
          adminScreen('events', EVENT_STAFF, () => import('@/features/events/routes/admin-events')),
          adminScreen(
            'events/create',
            EVENT_EDITORS,
            () => import('@/features/events/routes/admin-event-edit'),
          ),
          adminScreen(
            'events/:id/edit',
            EVENT_EDITORS,
            () => import('@/features/events/routes/admin-event-edit'),
          ),
          adminScreen(
            'events/:id/registrations',
            EVENT_STAFF,
            () => import('@/features/events/routes/admin-event-registrations'),
          ),
          adminScreen('media', EVENT_STAFF, () => import('@/features/media/routes/admin-media')),
          adminScreen('card-scanner', EVENT_STAFF, () => import('@/features/cards/routes/scanner')),
          adminScreen(
            'havyaka-sandesh',
            SANDESHA_STAFF,
            () => import('@/features/sandesha/routes/admin-sandesha'),
          ),
          adminScreen(
            'sandesh-editors',
            SANDESHA_STAFF,
            () => import('@/features/sandesha/routes/admin-editors'),
          ),
          adminScreen(
            'board-members',
            MANAGERS,
            () => import('@/features/site/routes/admin-board-members'),
          ),
          adminScreen(
            'achievements',
            MANAGERS,
            () => import('@/features/site/routes/admin-achievements'),
          ),
          adminScreen('images', MANAGERS, () => import('@/features/site/routes/admin-images')),
          adminScreen('slider', MANAGERS, () => import('@/features/site/routes/admin-slider')),
          adminScreen(
            'notifications',
            MANAGERS,
            () => import('@/features/notifications/routes/admin-notifications'),
          ),
          adminScreen(
            'pwa-analytics',
            MANAGERS,
            () => import('@/features/pwa/routes/admin-analytics'),
          ),
          adminScreen(
            'backups',
            ['super_admin'],
            () => import('@/features/backups/routes/admin-backups'),
          ),
          adminScreen(
            'business',
            MANAGERS,
            () => import('@/features/business/routes/admin-business'),
          ),
          adminScreen(
            'business/add',
            MANAGERS,
            () => import('@/features/business/routes/admin-business-edit'),
          ),
          adminScreen(
            'business/:id/edit',
            MANAGERS,
            () => import('@/features/business/routes/admin-business-edit'),
          ),
          adminScreen(
            'payments',
            MANAGERS,
            () => import('@/features/payments/routes/admin-payments'),
          ),
          adminScreen('finance', ADMINS, () => import('@/features/money/routes/admin-finance')),
          adminScreen(
            'organization',
            MANAGERS,
            () => import('@/features/site/routes/admin-organization'),
          ),
          adminScreen('rbac', ADMINS, () => import('@/features/users/routes/admin-rbac')),
          adminScreen('test', MANAGERS, () => import('@/features/pwa/routes/admin-test')),
          { path: '*', lazy: () => import('./routes/admin-not-found') },
        ],
      },
    ],
  },
];
