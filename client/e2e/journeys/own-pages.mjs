// Every user's own pages, as each demo account: a real screen, no error screen, no "coming
// soon", no script error, no redirect.
import { assert } from '../harness.mjs';

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  // Every user's own pages, as each demo account: a real screen, no error screen, no
  // "coming soon", no script error.
  const WALK = {
    member: ['/dashboard/member', '/events', '/notifications/settings', '/members'],
    member_viewer: ['/dashboard/member', '/notifications/settings'],
    student: ['/dashboard/student', '/profile/student/edit', '/notifications/settings'],
    matrimony: [
      '/dashboard/matrimony',
      '/matrimony/browse',
      '/profile/matrimony',
      '/notifications/settings',
    ],
    event_manager: ['/admin/events', '/notifications/settings'],
    admin: ['/admin', '/admin/members', '/notifications/settings'],
  };

  for (const [role, paths] of Object.entries(WALK)) {
    test(`${role}: every own page is a working screen`, async ({ base, context, signIn }) => {
      const ctx = await context();
      const page = await ctx.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await signIn(page, role);
      for (const path of paths) {
        await page.goto(`${base}${path}`);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        const main = await page.locator('body').innerText();
        assert(!/Oops! Something went wrong/.test(main), `${path}: the error screen for ${role}`);
        assert(!/coming soon/i.test(main), `${path}: a placeholder for ${role}`);
        assert(!/Access Denied/.test(main), `${path}: access denied for ${role}`);
        assert(page.url() === `${base}${path}`, `${path}: ${role} was sent to ${page.url()}`);
      }
      assert(!errors.length, `script errors for ${role}: ${errors.join('; ')}`);
      await ctx.close();
    });
  }
}
