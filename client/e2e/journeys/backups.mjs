// The Backups screen (issue 38): super admins only; a backup made from the screen, a restore
// drill that shows "Last verified restore" on the screen and the dashboard, and a restore in
// two steps (into a new database and checked, then Switch). The file has its own platform, so
// the switch to the restored copy touches no other journey. No sleeps: the screen polls the
// server while a backup, drill or restore it started is under way, and the test waits for
// what it shows.
import { assert } from '../harness.mjs';

/** Backups, drills and restores of the whole demo database on a loaded machine. */
const WORK_MS = 180_000;

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  test('an admin who is not a super admin is refused the Backups screen', async ({
    base,
    context,
    signIn,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    assert(
      (await page.getByTestId('admin-sidebar').getByRole('link', { name: 'Backups' }).count()) ===
        0,
      'the sidebar does not offer Backups to an admin',
    );
    await page.goto(`${base}/admin/backups`);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await ctx.close();
  });

  test('super admin: backs up, runs a drill, restores into a new database and switches to it', async ({
    base,
    context,
    sawToast,
    shot,
    signIn,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'super_admin');
    await page.getByTestId('admin-sidebar').getByRole('link', { name: 'Backups' }).click();
    await page.waitForURL(`${base}/admin/backups`);
    await page.getByTestId('last-verified-restore').waitFor();

    await page.getByRole('button', { name: 'Back up now' }).click();
    await sawToast(page, 'Backup started');
    const rows = page.getByRole('table', { name: 'Backups kept' }).locator('tbody tr');
    const byHand = rows.filter({ hasText: 'By hand' });
    await byHand.first().waitFor({ timeout: WORK_MS });
    assert((await byHand.count()) === 1, 'the new backup is listed, made by hand');

    await page.getByRole('button', { name: 'Run restore drill now' }).click();
    await sawToast(page, 'Restore drill started');
    await page
      .getByTestId('last-verified-restore')
      .getByText('Last verified restore: today', { exact: true })
      .waitFor({ timeout: WORK_MS });

    await byHand.first().getByRole('button', { name: 'Restore…' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Restore into a new database' })
      .click();
    await sawToast(page, 'Restore started');
    const restore = page.getByTestId('restore').first();
    await page
      .locator('[data-testid=restore]:not([data-status=running])')
      .first()
      .waitFor({ timeout: WORK_MS });
    assert(
      (await restore.getAttribute('data-status')) === 'verified',
      `the restored copy verified: ${await restore.textContent()}`,
    );
    const checks = page.getByTestId('restore-check');
    assert((await checks.count()) >= 7, `every check is listed (${await checks.count()})`);
    assert(
      (await page.locator('[data-testid=restore-check][data-ok=false]').count()) === 0,
      'and each passed',
    );
    await shot(page, 'admin-backups-verified');

    await page.getByRole('button', { name: 'Switch to this copy' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Switch now' }).click();
    await sawToast(page, 'The service now runs on the restored data');

    // The service answers from the restored copy; the dashboard shows the drill.
    await page.goto(`${base}/admin`);
    await page
      .getByTestId('verified-restore')
      .getByText('Last verified restore: today')
      .waitFor({ timeout: 30_000 });
    await shot(page, 'admin-dashboard-restore');
    await ctx.close();
  });
}
