// The admin frame: the role's sidebar (collapsible with Ctrl/Cmd+B, remembered in a cookie
// for 7 days), a slide-in sidebar with logout below 768 px, breadcrumbs below the top level.
import * as Dialog from '@radix-ui/react-dialog';
import { BellRing, ChevronRight, ExternalLink, LogOut, Menu, PanelLeft, X } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useMediaQuery } from '@/components/data-table/use-media-query';
import { toast } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth';
import { roleLabel } from '@/lib/authorization';
import { readCookie, writeCookie } from '@/lib/storage';
import { breadcrumbsFor, SIDEBAR_COOKIE, SIDEBAR_COOKIE_MAX_AGE, sidebarFor } from '../nav';
import { text } from '../text';

/** Where the sidebar shows (Tailwind's md: breakpoint, as on the aside below). */
const SIDEBAR_MEDIA_QUERY = '(min-width: 48rem)';

export function useSidebarState() {
  const [open, setOpen] = useState(() => readCookie(SIDEBAR_COOKIE) !== 'false');
  const toggle = useCallback(() => {
    setOpen((value) => {
      writeCookie(SIDEBAR_COOKIE, String(!value), SIDEBAR_COOKIE_MAX_AGE);
      return !value;
    });
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'b') {
        e.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);
  return { open, toggle };
}

function SidebarNav({ role, onNavigate }: { role: string | undefined; onNavigate?: () => void }) {
  return (
    <nav aria-label={text.sidebarNav} className="space-y-4">
      {sidebarFor(role).map((section, i) => (
        <div key={section.group ?? `flat-${i}`}>
          {section.group && (
            <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-stone-300 uppercase">
              {section.group}
            </p>
          )}
          <ul className="space-y-0.5">
            {section.items.map((item) => (
              <li key={`${item.group}-${item.path}-${item.label}`}>
                <NavLink
                  to={item.path}
                  end={item.path === '/admin'}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    `flex min-h-10 items-center gap-3 rounded-md px-3 py-2 text-sm ${isActive ? 'bg-orange-700 text-white' : 'text-stone-200 hover:bg-stone-800'}`
                  }
                >
                  <item.icon className="h-4 w-4 shrink-0" aria-hidden />
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function Breadcrumbs() {
  const { pathname } = useLocation();
  const crumbs = breadcrumbsFor(pathname);
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label={text.breadcrumbs} className="mb-4 text-sm" data-testid="breadcrumbs">
      <ol className="flex flex-wrap items-center gap-1 text-stone-600">
        {crumbs.map((c, i) => (
          <li key={c.to} className="flex items-center gap-1">
            {i > 0 && <ChevronRight className="h-3 w-3" aria-hidden />}
            {i === crumbs.length - 1 ? (
              <span aria-current="page" className="font-semibold text-stone-900">
                {c.label}
              </span>
            ) : (
              <Link to={c.to} className="hover:underline">
                {c.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function AdminShell({ headerExtra }: { headerExtra?: ReactNode }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { open, toggle } = useSidebarState();
  const [mobileOpen, setMobileOpen] = useState(false);
  const wide = useMediaQuery(SIDEBAR_MEDIA_QUERY, true);
  useEffect(() => setMobileOpen(false), [pathname]);
  const role = auth.user?.type;

  const logout = async () => {
    // Leave the guarded area first, so its guard does not answer the sign-out with its own toast.
    await navigate('/login');
    const error = await auth.signOut();
    if (!error) toast({ title: text.loggedOut, description: text.loggedOutBody });
    else void import('@/lib/sign-out-notice').then(({ signOutNotice }) => signOutNotice(error));
  };

  return (
    <div className="flex min-h-screen bg-stone-50">
      <aside
        data-testid="admin-sidebar"
        data-state={open ? 'expanded' : 'collapsed'}
        className={`sticky top-0 hidden h-screen shrink-0 flex-col overflow-y-auto bg-stone-900 p-3 md:flex ${open ? 'w-64' : 'md:hidden'}`}
        aria-hidden={!open}
      >
        <Link to="/admin" className="mb-4 block px-3 py-2 font-serif text-lg font-bold text-white">
          {text.brand}
        </Link>
        {/* Below 768 px the sidebar is not shown (the menu dialog has the links): its forty
            links are not rendered there either. */}
        {wide && <SidebarNav role={role} />}
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex flex-wrap items-center gap-2 border-b border-stone-200 bg-white px-3 py-2">
          <Dialog.Root open={mobileOpen} onOpenChange={setMobileOpen}>
            <Dialog.Trigger className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md hover:bg-stone-100 md:hidden">
              <Menu className="h-5 w-5" aria-hidden />
              <span className="sr-only">{text.openMenu}</span>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
              <Dialog.Content
                className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-stone-900 p-3"
                aria-describedby={undefined}
              >
                <div className="mb-4 flex items-center justify-between">
                  <Dialog.Title className="px-3 font-serif text-lg font-bold text-white">
                    {text.brand}
                  </Dialog.Title>
                  <Dialog.Close className="rounded p-2 text-white hover:bg-stone-800">
                    <X className="h-5 w-5" aria-hidden />
                    <span className="sr-only">{text.closeMenu}</span>
                  </Dialog.Close>
                </div>
                <SidebarNav role={role} onNavigate={() => setMobileOpen(false)} />
                <button
                  type="button"
                  onClick={logout}
                  className="mt-6 flex min-h-10 items-center gap-3 rounded-md px-3 py-2 text-sm text-stone-200 hover:bg-stone-800"
                >
                  <LogOut className="h-4 w-4" aria-hidden /> {text.logout}
                </button>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <button
            type="button"
            onClick={toggle}
            aria-pressed={open}
            data-testid="sidebar-toggle"
            className="hidden min-h-11 min-w-11 items-center justify-center rounded-md hover:bg-stone-100 md:inline-flex"
          >
            <PanelLeft className="h-5 w-5" aria-hidden />
            <span className="sr-only">{text.toggleSidebar}</span>
          </button>
          <span className="flex-1 truncate text-sm text-stone-700">
            {auth.user?.full_name ?? auth.user?.email}
            {role && (
              <span className="ml-2 rounded bg-orange-100 px-2 py-0.5 text-xs text-orange-900">
                {roleLabel(role)}
              </span>
            )}
          </span>
          {headerExtra}
          <Link
            to="/notifications/settings"
            className="inline-flex min-h-11 items-center gap-1 rounded-md px-3 text-sm hover:bg-stone-100"
          >
            <BellRing className="h-4 w-4" aria-hidden />
            <span className="sr-only lg:not-sr-only">{text.notificationSettings}</span>
          </Link>
          <Link
            to="/"
            className="hidden min-h-11 items-center gap-1 rounded-md px-3 text-sm hover:bg-stone-100 sm:inline-flex"
          >
            {/* Its words from lg: below, with Easy view's larger text, they would push the row
                wider than the window (at 640 px, 200 % zoom). */}
            <ExternalLink className="h-4 w-4" aria-hidden />{' '}
            <span className="sr-only lg:not-sr-only">{text.viewSite}</span>
          </Link>
          <button
            type="button"
            onClick={logout}
            className="inline-flex min-h-11 items-center gap-1 rounded-md px-3 text-sm hover:bg-stone-100"
          >
            <LogOut className="h-4 w-4" aria-hidden />{' '}
            <span className="sr-only sm:not-sr-only">{text.logout}</span>
          </button>
        </header>
        <main id="main" className="flex-1 p-4 md:p-6" tabIndex={-1}>
          <Breadcrumbs />
          <Outlet />
        </main>
        {/* Help in the same place on every page, as on the public site (WCAG 3.2.6). */}
        <footer className="border-t border-stone-200 bg-white px-4 py-3 text-sm text-stone-800 md:px-6">
          <Link className="font-semibold text-orange-800 underline" to="/contact">
            {text.help}
          </Link>
          {' · '}
          {text.helpBody}
        </footer>
      </div>
    </div>
  );
}
