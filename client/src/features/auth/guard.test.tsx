import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentToast, dismissToast } from '@/components/ui/toast';
import type { SessionView } from '@/lib/authorization';
import { RouteGuard } from './components/route-guard';

let session: SessionView & { signingOut?: boolean } = {
  status: 'loading',
  user: null,
  detail: null,
};
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ ...session, session: null, signOut: vi.fn() }) }));

const user = (type: string) => ({
  id: 'u',
  email: 'u@x.org',
  type,
  status: 'approved',
  full_name: null,
  approval_status: 'approved',
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      {
        path: '/admin',
        element: <RouteGuard allowedRoles={['super_admin', 'admin']} />,
        children: [{ index: true, element: <p>Admin screen</p> }],
      },
      {
        path: '/members/:id',
        element: <RouteGuard requiredRole="member_viewer" />,
        children: [{ index: true, element: <p>Member</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

afterEach(() => act(() => dismissToast()));

describe('the route guard screens', () => {
  it('says it is checking access while the session loads', () => {
    session = { status: 'loading', user: null, detail: null };
    renderAt('/admin');
    expect(screen.getByText('Checking access permissions…')).toBeInTheDocument();
  });
  it('asks visitors to sign in, with the toast', () => {
    session = { status: 'signedOut', user: null, detail: null };
    renderAt('/admin');
    expect(screen.getByRole('heading', { name: 'Authentication Required' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(currentToast()?.description).toBe('Please login to access this page.');
  });
  it('stays quiet when the user signed out on purpose', () => {
    session = { status: 'signedOut', user: null, detail: null, signingOut: true };
    renderAt('/admin');
    expect(screen.getByRole('heading', { name: 'Authentication Required' })).toBeInTheDocument();
    expect(currentToast()).toBeFalsy();
  });
  it('denies other roles, naming their role and the allowed ones', () => {
    session = { status: 'signedIn', user: user('event_manager'), detail: null };
    renderAt('/admin');
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByTestId('user-role')).toHaveTextContent('Event Manager');
    expect(screen.getByTestId('allowed-roles')).toHaveTextContent('Super Admin, Admin');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my dashboard' })).toHaveAttribute(
      'href',
      '/admin/events',
    );
    // Once, with the roles as the screen names them (issue 40, item 15).
    expect(currentToast()?.title).toBe(
      'Access Denied: You are not authorized to view this page. Required role: Super Admin, Admin',
    );
    expect(currentToast()?.description).toBeFalsy();
  });
  it('names the required role', () => {
    session = {
      status: 'signedIn',
      user: user('student'),
      detail: { approval_status: 'approved' },
    };
    renderAt('/members/1');
    expect(screen.getByTestId('required-roles')).toHaveTextContent('Member Viewer');
  });
  it('lets the right role through', () => {
    session = { status: 'signedIn', user: user('admin'), detail: null };
    renderAt('/admin');
    expect(screen.getByText('Admin screen')).toBeInTheDocument();
  });
  it('sends unapproved accounts home with the pending message', () => {
    session = { status: 'signedIn', user: { ...user('admin'), status: 'pending' }, detail: null };
    renderAt('/admin');
    expect(screen.getByText('Home page')).toBeInTheDocument();
    expect(currentToast()?.title).toBe('Approval pending');
    expect(currentToast()?.description).toBe(
      'Your account is pending approval. Please wait for admin approval.',
    );
  });
});
