// Every staff role's sidebar, link by link (issue 40): each opens a screen that works for that
// role or says plainly that it is another role's, never an empty list with figures that "failed";
// the dashboard shows each role the figures of its own screens, each a link to the filtered
// list (the office's morning work list).
import { assert } from '../harness.mjs';

const STAFF = [
  'super_admin',
  'admin',
  'content_manager',
  'event_manager',
  'havyaka_sandesh_manager',
];
const BROKEN =
  /service failed|could not be loaded|Access Denied|Something went wrong|TypeError|Failed to fetch/i;

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  for (const role of STAFF) {
    test(`${role}: every sidebar link opens a screen that works or says whose it is`, async ({
      base,
      context,
      signIn,
    }) => {
      const ctx = await context();
      const page = await ctx.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await signIn(page, role);
      const sidebar = page.getByTestId('admin-sidebar');
      await sidebar.getByRole('link').first().waitFor();
      const paths = [
        ...new Set(
          await sidebar
            .getByRole('link')
            .evaluateAll((links) => links.map((a) => new URL(a.href).pathname)),
        ),
      ];
      assert(paths.length > 1, `${role} has a sidebar: ${paths.join(', ')}`);
      for (const path of paths) {
        await page.goto(`${base}${path}`);
        await page.locator('main h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        const main = await page.locator('main').innerText();
        assert(!BROKEN.test(main), `${role} at ${path}: ${main.match(BROKEN)?.[0]}`);
        assert(
          page.url().startsWith(`${base}${path}`),
          `${role} at ${path}: sent to ${page.url()}`,
        );
      }
      assert(!errors.length, `script errors for ${role}: ${errors.join('; ')}`);
      await ctx.close();
    });
  }

  test('a content manager is told plainly which screens are the admins’, and sees no people figures', async ({
    base,
    context,
    shot,
    signIn,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'content_manager');
    const figures = page.getByTestId('dashboard-stats');
    await figures.getByRole('link', { name: /Events/ }).waitFor();
    assert(
      (await figures.getByRole('link', { name: /Members|Students|Matrimony/ }).count()) === 0,
      'no figures of screens a content manager cannot use',
    );
    for (const [path, words] of [
      ['/admin/members', 'The member register is kept by the trust’s admins'],
      ['/admin/students', 'Educational-aid applications are confidential'],
      ['/admin/matrimony', 'Matrimony profiles are private'],
      ['/admin/users', 'Accounts and their roles are managed by the trust’s admins'],
      ['/admin/payments', 'Payments are handled by the trust’s admins'],
    ]) {
      await page.goto(`${base}${path}`);
      const notice = page.getByTestId('admins-only');
      await notice.getByText(words).waitFor();
      assert(
        (await page.getByRole('table').count()) === 0,
        `${path}: no empty list below the notice`,
      );
    }
    await shot(page, 'content-manager-admins-only');
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await page.waitForURL(`${base}/admin`);
    await ctx.close();
  });

  test('an admin’s dashboard figures open the matching filtered lists', async ({
    api,
    base,
    context,
    shot,
    signIn,
    tokenFor,
  }) => {
    const token = await tokenFor('admin');
    const stats = await api('/rest/v1/rpc/get_dashboard_stats', {
      token,
      method: 'POST',
      body: {},
    });
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    const work = page.getByTestId('work-list');
    await work.getByRole('link').first().waitFor();
    await shot(page, 'admin-dashboard-work-list');

    const cases = [
      ['Members awaiting approval', '/admin/members?status=Check', 'pending_members'],
      ['Students awaiting approval', '/admin/students?approval_status=pending', 'pending_students'],
      [
        'Matrimony profiles awaiting approval',
        '/admin/matrimony?approval_status=pending',
        'pending_matrimony',
      ],
      ['Payments to verify', '/admin/payments?status=pending', 'pending_payments'],
      ['Upcoming events', '/admin/events?when=upcoming', 'upcoming_events'],
    ];
    for (const [label, target, key] of cases) {
      await page.goto(`${base}/admin`);
      const link = work.getByRole('link', { name: new RegExp(label) });
      assert((await link.innerText()).includes(String(stats[key])), `${label} shows ${stats[key]}`);
      await link.click();
      await page.waitForURL(`${base}${target}`);
      // The filter shows on the list: its select holds the value the URL names.
      const [param, value] = target.split('?')[1].split('=');
      try {
        await page.waitForFunction(
          (v) => [...document.querySelectorAll('main select')].some((s) => s.value === v),
          value,
          { timeout: 15_000 },
        );
      } catch {
        const selected = await page
          .locator('main select')
          .evaluateAll((selects) => selects.map((s) => s.value));
        throw new Error(`${label}: the list's ${param} filter shows ${selected.join(', ')}`);
      }
      await page.waitForLoadState('networkidle');
      const main = await page.locator('main').innerText();
      assert(!BROKEN.test(main), `${target}: ${main.match(BROKEN)?.[0]}`);
    }
    // The figures of the first row open the lists too.
    await page.goto(`${base}/admin`);
    await page
      .getByTestId('dashboard-stats')
      .getByRole('link', { name: /Members/ })
      .click();
    await page.waitForURL(`${base}/admin/members`);
    await ctx.close();
  });
}
