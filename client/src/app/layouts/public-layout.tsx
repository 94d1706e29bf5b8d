// The public site's frame: header with navigation to every public page, the notification
// bell and account links for signed-in users, and the footer.
import { LogIn, Menu, X } from '@/components/ui/icons';
import { lazy, Suspense, type ComponentType, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { EasyViewSwitch, LanguageSwitch } from '@/components/view-controls';
import { useAuth } from '@/lib/auth';
import { roleHome } from '@/lib/authorization';
import { layoutText as t, primaryNav, serviceNav } from '../nav';

const Nothing: ComponentType = () => null;
const NotificationBell = lazy<ComponentType>(() =>
  import('./bell').catch(() => ({ default: Nothing })),
);

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap xl:px-1.5 2xl:px-2.5 ${isActive ? 'bg-orange-100 text-orange-900' : 'text-stone-800 hover:bg-stone-100'}`;

function Brand() {
  return (
    <Link to="/" className="flex items-center gap-2 lg:shrink-0">
      <img src="/favicon.svg" alt="" width="36" height="36" className="h-8 w-8 sm:h-9 sm:w-9" />
      <span className="leading-tight">
        {/* Never on two lines (issue 40 item 14): smaller on phones, where a visitor's Login
            button may go to a second row before the name would wrap; at most 4.3 % of the
            width there, so Easy view's larger type keeps the bell and menu beside it. */}
        <span
          data-testid="site-name"
          className="block font-serif text-[min(1rem,4.3vw)] font-bold whitespace-nowrap text-orange-900 sm:text-lg"
        >
          {t.brand}
        </span>
        <span className="block text-xs whitespace-nowrap text-stone-600">{t.brandSub}</span>
      </span>
    </Link>
  );
}

/** Signs out from the header or the menu: home first, then the session, then the toast. */
function useLogOut() {
  const auth = useAuth();
  const navigate = useNavigate();
  return async () => {
    await navigate('/');
    const error = await auth.signOut();
    if (!error) toast({ title: t.loggedOut, description: t.loggedOutBody });
    else void import('@/lib/sign-out-notice').then(({ signOutNotice }) => signOutNotice(error));
  };
}

function Account() {
  const auth = useAuth();
  const logOut = useLogOut();
  if (auth.status !== 'signedIn') {
    return (
      <Link
        to="/login"
        className="inline-flex min-h-11 items-center gap-1 rounded-md bg-orange-800 px-3 text-sm font-semibold text-white hover:bg-orange-900"
      >
        <LogIn className="h-4 w-4" aria-hidden /> {t.login}
      </Link>
    );
  }
  return (
    <div className="flex items-center gap-1">
      <Suspense fallback={null}>
        <NotificationBell />
      </Suspense>
      <Link
        to={roleHome(auth.user?.type)}
        className="hidden rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap hover:bg-stone-100 sm:inline-block"
      >
        {t.myDashboard}
      </Link>
      {/* On phones (below 640 px) Log out is in the menu: the row keeps the name whole. */}
      <button
        type="button"
        className="hidden min-h-11 rounded-md px-3 text-sm font-medium whitespace-nowrap hover:bg-stone-100 sm:inline-block"
        onClick={logOut}
      >
        {t.logout}
      </button>
    </div>
  );
}

/** The signed-in user's own links in the menu: their dashboard and notification settings. */
function AccountLinks() {
  const auth = useAuth();
  const logOut = useLogOut();
  if (auth.status !== 'signedIn') return null;
  return (
    <div>
      <p className="px-3 text-xs font-semibold tracking-wide text-stone-600 uppercase">
        {t.account}
      </p>
      <ul className="mt-1 grid gap-1">
        <li>
          <NavLink to={roleHome(auth.user?.type)} className={linkClass}>
            {t.myDashboard}
          </NavLink>
        </li>
        <li>
          <NavLink to="/notifications/settings" className={linkClass}>
            {t.notificationSettings}
          </NavLink>
        </li>
        <li className="sm:hidden">
          <button
            type="button"
            className="min-h-11 w-full rounded-md px-3 text-left text-sm font-medium whitespace-nowrap text-stone-800 hover:bg-stone-100"
            onClick={logOut}
          >
            {t.logout}
          </button>
        </li>
      </ul>
    </div>
  );
}

export function PublicLayout() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  const year = new Date().getFullYear();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-40 border-b border-stone-200 bg-[#fffaf3]/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-3 py-2 sm:px-4 xl:max-w-7xl">
          <Brand />
          <nav aria-label={t.mainNav} className="hidden xl:block">
            <ul className="flex items-center gap-1">
              {primaryNav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.to === '/'} className={linkClass}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex shrink-0 items-center gap-1">
            <LanguageSwitch className="hidden sm:inline-flex" />
            <EasyViewSwitch className="hidden md:inline-flex" compact />
            <Account />
            <button
              type="button"
              className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md hover:bg-stone-100"
              aria-expanded={open}
              aria-controls="site-menu"
              onClick={() => setOpen((v) => !v)}
            >
              {open ? (
                <X className="h-5 w-5" aria-hidden />
              ) : (
                <Menu className="h-5 w-5" aria-hidden />
              )}
              <span className="sr-only">{open ? t.closeMenu : t.menu}</span>
            </button>
          </div>
        </div>
        <nav
          id="site-menu"
          aria-label={t.siteNav}
          hidden={!open}
          className="border-t border-stone-200 bg-white"
        >
          <div className="mx-auto grid max-w-6xl gap-4 px-4 py-4 sm:grid-cols-2">
            <ul className="grid gap-1">
              {primaryNav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.to === '/'} className={linkClass}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div>
              <p className="px-3 text-xs font-semibold tracking-wide text-stone-600 uppercase">
                {t.services}
              </p>
              <ul className="mt-1 grid gap-1">
                {serviceNav.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} className={linkClass}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
            <AccountLinks />
            <div>
              <p className="px-3 text-xs font-semibold tracking-wide text-stone-600 uppercase">
                {t.view}
              </p>
              <div className="mt-1 flex flex-wrap gap-2 px-3">
                <LanguageSwitch />
                <EasyViewSwitch />
              </div>
            </div>
          </div>
        </nav>
      </header>
      <main id="main" className="flex-1" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="mt-12 border-t border-stone-200 bg-stone-900 text-stone-200">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
          <div>
            <p className="font-serif text-lg font-bold text-white">{t.brand}</p>
            <p className="mt-2 text-sm">{t.footerAbout}</p>
          </div>
          <nav aria-label={t.footerNav}>
            <ul className="grid grid-cols-2 gap-2 text-sm sm:col-span-2">
              {[...primaryNav, ...serviceNav].map((item) => (
                <li key={item.to}>
                  <Link className="hover:underline" to={item.to}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p className="text-sm sm:col-span-3">
            <Link className="font-semibold text-white underline" to="/contact">
              {t.help}
            </Link>
            {' · '}
            {t.helpBody}
          </p>
          <p className="text-sm text-stone-300 sm:col-span-3">{t.copyright(year)}</p>
        </div>
      </footer>
    </div>
  );
}
