// Every route of spec §2 in one table: public pages, redirects, user routes behind the guard,
// and the admin area (gated once, in its layout route). Route modules load lazily.
import { createBrowserRouter, Navigate, useParams, type RouteObject } from 'react-router';
import { RouteGuard } from '@/features/auth';
import {
  ADMINS,
  EVENT_EDITORS,
  EVENT_STAFF,
  MANAGERS,
  MEMBER_AREA,
  SANDESHA_STAFF,
  STAFF,
  type Role,
} from '@/lib/authorization';
import { RenderErrorScreen } from './error-screen';
import { Component as Home } from './routes/home';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';

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

const userPage = (path: string, what: string) => ({
  path,
  lazy: async () => {
    const { comingSoon } = await import('./routes/coming-soon');
    return { Component: comingSoon(what) };
  },
});

/** Placeholders of the admin screens later issues build; the route, guard and breadcrumbs are real. */
const adminPage = (path: string, roles: Role[], title: string): RouteObject => ({
  path,
  element: <RouteGuard allowedRoles={roles} />,
  children: [
    {
      index: true,
      lazy: async () => {
        const { adminPlaceholder } = await import('./routes/admin-placeholder');
        return { Component: adminPlaceholder(title) };
      },
    },
  ],
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RenderErrorScreen />,
    HydrateFallback: () => null,
    children: [
      {
        element: <PublicLayout />,
        children: [
          // The home page is in the entry bundle: no extra round trip before the first paint.
          { index: true, Component: Home },
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
          { path: 'medical-aid', lazy: () => import('@/features/services/routes/medical-aid') },
          {
            path: 'senior-citizen-sos',
            lazy: () => import('@/features/services/routes/senior-sos'),
          },
          { path: 'kvss', lazy: () => import('@/features/services/routes/kvss') },
          { path: 'guru-pitha', lazy: () => import('@/features/services/routes/guru-pitha') },
          { path: 'donate', lazy: () => import('@/features/services/routes/donate') },
          { path: 'membership', lazy: () => import('@/features/services/routes/membership') },
          {
            path: 'educational-aid',
            lazy: () => import('@/features/services/routes/educational-aid'),
          },
          { path: 'matrimony', lazy: () => import('@/features/services/routes/matrimony') },
          userPage('membership/registration', 'membership-registration'),
          userPage('student-registration', 'student-registration'),
          userPage('matrimony/registration', 'matrimony-registration'),
          userPage('matrimony/browse', 'matrimony-browse'),
          { path: 'login', lazy: () => import('@/features/auth/routes/login') },

          redirect('student-appeal', '/educational-aid'),
          redirect('gallery/photos', '/media'),
          redirect('gallery/videos', '/media'),
          redirect('gallery/photos/album/:albumId', (p) => `/media/album/${p.albumId}`),
          redirect('photo-gallery/:id', (p) => `/media/album/${p.id}`),
          redirect('business', '/resources/business'),
          redirect('business/:id', (p) => `/resources/business/${p.id}`),

          {
            element: <RouteGuard requiredRole="student" needsDetail />,
            children: [
              userPage('dashboard/student', 'student-dashboard'),
              userPage('profile/student/edit', 'student-profile'),
            ],
          },
          {
            element: <RouteGuard requiredRole="matrimony" needsDetail />,
            children: [
              userPage('dashboard/matrimony', 'matrimony-dashboard'),
              userPage('profile/matrimony', 'matrimony-profile'),
              userPage('profile/matrimony/:id', 'matrimony-profile-view'),
            ],
          },
          {
            element: <RouteGuard allowedRoles={MEMBER_AREA} />,
            children: [
              {
                path: 'dashboard/member',
                lazy: () => import('@/features/members/routes/member-dashboard'),
              },
            ],
          },
          {
            element: <RouteGuard requiredRole="member_viewer" />,
            children: [
              {
                path: 'members/:id',
                lazy: () => import('@/features/members/routes/member-detail'),
              },
            ],
          },
          {
            element: <RouteGuard />,
            children: [userPage('notifications/settings', 'notification-settings')],
          },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
      {
        path: 'admin',
        // The admin area is gated once, here; each screen narrows the roles further.
        element: <RouteGuard allowedRoles={STAFF} />,
        children: [
          {
            lazy: () => import('./layouts/admin-layout'),
            children: [
              { index: true, lazy: () => import('@/features/admin/routes/dashboard') },
              redirect('dashboard', '/admin'),
              redirect('member-directory', '/admin/members'),
              redirect('gallery/photos', '/admin/media'),
              redirect('gallery/videos', '/admin/media'),
              adminPage('members', MANAGERS, 'Member Directory'),
              adminPage('members/:id', MANAGERS, 'Member Details'),
              adminPage('members/:id/edit', ADMINS, 'Edit Member'),
              adminPage('students', MANAGERS, 'Students'),
              adminPage('students/add', ADMINS, 'Add Student'),
              adminPage('students/:id', MANAGERS, 'Student Details'),
              adminPage('students/:id/edit', ADMINS, 'Edit Student'),
              adminPage('matrimony', MANAGERS, 'Matrimony Users'),
              adminPage('users', MANAGERS, 'User Management'),
              {
                path: 'events',
                element: <RouteGuard allowedRoles={EVENT_STAFF} />,
                children: [
                  { index: true, lazy: () => import('@/features/events/routes/admin-events') },
                ],
              },
              {
                path: 'events/create',
                element: <RouteGuard allowedRoles={EVENT_EDITORS} />,
                children: [
                  { index: true, lazy: () => import('@/features/events/routes/admin-event-edit') },
                ],
              },
              {
                path: 'events/:id/edit',
                element: <RouteGuard allowedRoles={EVENT_EDITORS} />,
                children: [
                  { index: true, lazy: () => import('@/features/events/routes/admin-event-edit') },
                ],
              },
              {
                path: 'events/:id/registrations',
                element: <RouteGuard allowedRoles={EVENT_STAFF} />,
                children: [
                  {
                    index: true,
                    lazy: () => import('@/features/events/routes/admin-event-registrations'),
                  },
                ],
              },
              {
                path: 'media',
                element: <RouteGuard allowedRoles={EVENT_STAFF} />,
                children: [
                  { index: true, lazy: () => import('@/features/media/routes/admin-media') },
                ],
              },
              {
                path: 'havyaka-sandesh',
                element: <RouteGuard allowedRoles={SANDESHA_STAFF} />,
                children: [
                  { index: true, lazy: () => import('@/features/sandesha/routes/admin-sandesha') },
                ],
              },
              {
                path: 'sandesh-editors',
                element: <RouteGuard allowedRoles={SANDESHA_STAFF} />,
                children: [
                  { index: true, lazy: () => import('@/features/sandesha/routes/admin-editors') },
                ],
              },
              {
                path: 'board-members',
                element: <RouteGuard allowedRoles={MANAGERS} />,
                children: [
                  { index: true, lazy: () => import('@/features/site/routes/admin-board-members') },
                ],
              },
              {
                path: 'achievements',
                element: <RouteGuard allowedRoles={MANAGERS} />,
                children: [
                  { index: true, lazy: () => import('@/features/site/routes/admin-achievements') },
                ],
              },
              {
                path: 'images',
                element: <RouteGuard allowedRoles={MANAGERS} />,
                children: [
                  { index: true, lazy: () => import('@/features/site/routes/admin-images') },
                ],
              },
              {
                path: 'slider',
                element: <RouteGuard allowedRoles={MANAGERS} />,
                children: [
                  { index: true, lazy: () => import('@/features/site/routes/admin-slider') },
                ],
              },
              {
                path: 'notifications',
                element: <RouteGuard allowedRoles={MANAGERS} />,
                children: [
                  {
                    index: true,
                    lazy: () => import('@/features/notifications/routes/admin-notifications'),
                  },
                ],
              },
              {
                path: 'pwa-analytics',
                element: <RouteGuard allowedRoles={MANAGERS} />,
                children: [
                  { index: true, lazy: () => import('@/features/pwa/routes/admin-analytics') },
                ],
              },
              {
                path: 'business',
                element: <RouteGuard allowedRoles={MANAGERS} />,
                children: [
                  { index: true, lazy: () => import('@/features/business/routes/admin-business') },
                ],
              },
              {
                path: 'business/add',
                element: <RouteGuard allowedRoles={MANAGERS} />,
                children: [
                  {
                    index: true,
                    lazy: () => import('@/features/business/routes/admin-business-edit'),
                  },
                ],
              },
              {
                path: 'business/:id/edit',
                element: <RouteGuard allowedRoles={MANAGERS} />,
                children: [
                  {
                    index: true,
                    lazy: () => import('@/features/business/routes/admin-business-edit'),
                  },
                ],
              },
              adminPage('payments', MANAGERS, 'Payment Management'),
              adminPage('organization', MANAGERS, 'Organization'),
              adminPage('rbac', ADMINS, 'Roles and Access'),
              {
                path: 'test',
                element: <RouteGuard allowedRoles={MANAGERS} />,
                children: [{ index: true, lazy: () => import('@/features/pwa/routes/admin-test') }],
              },
              { path: '*', lazy: () => import('./routes/admin-not-found') },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
