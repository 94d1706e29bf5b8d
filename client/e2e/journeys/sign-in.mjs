// Every demo account signs in and lands on its home; the guard's Access Denied and
// Authentication Required; the admin sidebar (Ctrl+B, kept in a cookie), the admin redirects
// and the notification bell.
import { ACCOUNTS, assert } from '../harness.mjs';

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  for (const role of Object.keys(ACCOUNTS)) {
    test(`sign-in as ${role} lands on its home`, async ({ context, shot, signIn }) => {
      const ctx = await context();
      const page = await ctx.newPage();
      const home = await signIn(page, role);
      if (home === '/admin') await page.getByTestId('dashboard-stats').waitFor();
      else await page.getByRole('heading', { level: 1 }).first().waitFor();
      assert(!(await page.getByText('Access Denied').count()), `${role} is let into ${home}`);
      if (['admin', 'event_manager', 'member_viewer', 'student'].includes(role))
        await shot(page, `home-${role}`);
      await ctx.close();
    });
  }

  test('an unauthorised route shows Access Denied with the roles', async ({
    base,
    context,
    shot,
    signIn,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'event_manager');
    await page.goto(`${base}/admin/members`);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    assert(
      (await page.getByTestId('user-role').textContent()) === 'Event Manager',
      'shows the user role',
    );
    const allowed = await page.getByTestId('allowed-roles').textContent();
    assert(
      allowed.includes('Admin') && allowed.includes('Content Manager'),
      `shows the allowed roles: ${allowed}`,
    );
    await shot(page, 'access-denied');
    await page.goto(`${base}/admin/events/create`);
    await page.getByRole('heading', { name: 'Create Event' }).waitFor();
    await page.getByTestId('breadcrumbs').waitFor();
    await ctx.close();
    const student = await context();
    const p2 = await student.newPage();
    await signIn(p2, 'student');
    await p2.goto(`${base}/admin`);
    await p2.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await student.close();
    const visitor = await context();
    const p3 = await visitor.newPage();
    await p3.goto(`${base}/admin`);
    await p3.getByRole('heading', { name: 'Authentication Required' }).waitFor();
    await visitor.close();
  });

  test('Ctrl+B toggles the admin sidebar and survives a reload', async ({
    context,
    sawToast,
    shot,
    signIn,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    const sidebar = page.getByTestId('admin-sidebar');
    assert((await sidebar.getAttribute('data-state')) === 'expanded', 'starts expanded');
    await shot(page, 'admin-dashboard');
    await page.keyboard.press('Control+b');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=admin-sidebar]')?.dataset.state === 'collapsed',
    );
    await page.reload();
    await page.getByTestId('dashboard-stats').waitFor();
    assert(
      (await sidebar.getAttribute('data-state')) === 'collapsed',
      'stays collapsed after a reload',
    );
    const cookie = (await ctx.cookies()).find((c) => c.name === 'sidebar_state');
    assert(cookie?.value === 'false', 'kept in the sidebar_state cookie');
    assert(Math.abs(cookie.expires - Date.now() / 1000 - 7 * 86400) < 120, 'for 7 days');
    await page.keyboard.press('Control+b');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=admin-sidebar]')?.dataset.state === 'expanded',
    );
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Open admin menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).waitFor();
    await shot(page, 'admin-mobile-menu');
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await sawToast(page, 'Admin logged out');
    await ctx.close();
  });

  test('the admin redirects and the notification bell', async ({
    base,
    context,
    sawToast,
    shot,
    signIn,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    for (const [from, to] of [
      ['/admin/dashboard', '/admin'],
      ['/admin/member-directory', '/admin/members'],
      ['/admin/gallery/photos', '/admin/media'],
      ['/admin/gallery/videos', '/admin/media'],
    ]) {
      await page.goto(`${base}${from}`);
      await page.waitForURL(`${base}${to}`);
    }
    await page.goto(`${base}/admin/no-such-screen`);
    await page.getByRole('heading', { name: 'Admin page not found' }).waitFor();
    const bell = page.getByTestId('notification-bell');
    await bell.click();
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    await shot(page, 'notifications');
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await sawToast(page, 'All notifications marked as read');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=notification-bell]')?.getAttribute('aria-label') ===
        'Notifications',
    );
    await ctx.close();
  });
}
