// Browser tests of the Backups screen (issue 38): super admins only; a backup made from the
// screen, a restore drill that shows "Last verified restore" on the screen and the dashboard,
// and a restore in two steps (into a new database and checked, then Switch). Registered last by
// run.mjs: the switch moves the service onto the restored copy of the demo data.

export function register({ test, context, signIn, sawToast, shot, assert, base }) {
  test('an admin who is not a super admin is refused the Backups screen', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    await page.goto(`${base}/admin/backups`);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    assert(
      (await page.getByRole('link', { name: 'Backups' }).count()) === 0,
      'the sidebar does not offer Backups to an admin',
    );
    await ctx.close();
  });

  test('super admin: backs up, runs a drill, restores into a new database and switches to it', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'super_admin');
    await page.getByRole('link', { name: 'Backups' }).click();
    await page.waitForURL(`${base}/admin/backups`);
    await page.getByTestId('last-verified-restore').waitFor();

    await page.getByRole('button', { name: 'Back up now' }).click();
    await sawToast(page, 'Backup started');
    const rows = page.getByRole('table', { name: 'Backups kept' }).locator('tbody tr');
    for (let i = 0; i < 120 && (await rows.count()) === 0; i += 1) {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.waitForTimeout(500);
    }
    assert((await rows.count()) >= 1, 'the new backup is listed');
    assert((await rows.first().textContent()).includes('By hand'), 'made by hand');

    await page.getByRole('button', { name: 'Run restore drill now' }).click();
    await sawToast(page, 'Restore drill started');
    const verified = page.getByTestId('last-verified-restore');
    for (let i = 0; i < 120 && !(await verified.textContent()).includes('today'); i += 1) {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.waitForTimeout(500);
    }
    assert(
      (await verified.textContent()) === 'Last verified restore: today',
      `the drill verified the backup: ${await verified.textContent()}`,
    );

    await rows.first().getByRole('button', { name: 'Restore…' }).click();
    await page.getByRole('button', { name: 'Restore into a new database' }).click();
    await sawToast(page, 'Restore started');
    const restore = page.getByTestId('restore').first();
    await restore.waitFor();
    for (let i = 0; i < 240 && (await restore.getAttribute('data-status')) === 'running'; i += 1) {
      await page.waitForTimeout(500);
    }
    assert(
      (await restore.getAttribute('data-status')) === 'verified',
      `the restored copy verified: ${await restore.textContent()}`,
    );
    const checks = page.getByTestId('restore-check');
    assert((await checks.count()) >= 7, 'every check is listed');
    assert(
      (await page.locator('[data-testid=restore-check][data-ok=false]').count()) === 0,
      'and each passed',
    );
    await shot(page, 'admin-backups-verified');

    await page.getByRole('button', { name: 'Switch to this copy' }).click();
    await page.getByRole('button', { name: 'Switch now' }).click();
    await sawToast(page, 'The service now runs on the restored data');

    // The service answers from the restored copy; the dashboard shows the drill.
    await page.goto(`${base}/admin`);
    await page.getByTestId('verified-restore').waitFor({ timeout: 20_000 });
    assert(
      (await page.getByTestId('verified-restore').textContent()).includes(
        'Last verified restore: today',
      ),
      'the dashboard shows the last verified restore',
    );
    await shot(page, 'admin-dashboard-restore');
    await ctx.close();
  });
}
