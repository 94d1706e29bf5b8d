// Browser tests of the staff screens for people (issue 17): the member directory, students.
// Registered by run.mjs, which passes its helpers; each test signs in with the demo accounts.

export function register({ test, context, signIn, sawToast, shot, assert, base }) {
  const directoryRows = (page) => page.getByRole('table', { name: 'Members' }).locator('tbody tr');

  test('admin: the member directory filters by status and keeps the filters across a reload', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    await page.goto(`${base}/admin/members`);
    await page.getByTestId('member-stats').waitFor();
    await page.getByRole('link', { name: 'Narayan Bhat' }).waitFor();
    await page.getByLabel('Status').selectOption('Check');
    await page.waitForURL(/status=Check/);
    await page.getByRole('link', { name: 'Ramachandra Rao' }).waitFor();
    await page.getByRole('link', { name: 'Narayan Bhat' }).waitFor({ state: 'detached' });
    await page.getByLabel('City').fill('mum');
    await page.getByLabel('City').press('Enter');
    await page.waitForURL(/city=mum/);
    await page.reload();
    await page.getByRole('link', { name: 'Ramachandra Rao' }).waitFor();
    assert(
      (await page.getByLabel('Status').inputValue()) === 'Check',
      'the status filter survives the reload',
    );
    assert(
      (await page.getByLabel('City').inputValue()) === 'mum',
      'the city filter survives the reload',
    );
    assert((await directoryRows(page).count()) === 1, 'only the pending Mumbai member is listed');
    await shot(page, 'admin-members-filtered');
    await ctx.close();
  });

  test('admin: approves a pending member and its status changes', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    await page.goto(`${base}/admin/members?status=Check`);
    await page.getByRole('button', { name: 'Approve Ramachandra Rao' }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.getByTestId('approval-note').fill('Fee received in cash');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await sawToast(page, 'Member approved');
    await page.getByRole('link', { name: 'Ramachandra Rao' }).waitFor({ state: 'detached' });
    await page.goto(`${base}/admin/members?q=Ramachandra`);
    await page.getByRole('link', { name: 'Ramachandra Rao' }).click();
    await page.getByTestId('member-status').getByText('Yes (approved)').waitFor();
    await page.getByTestId('approval-history').getByText('Approved').first().waitFor();
    await page.getByTestId('approval-history').getByText('Fee received in cash').waitFor();
    await ctx.close();
  });

  test('admin: creates a member, who gets the next HWT- number', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    await page.goto(`${base}/admin/members`);
    await page.getByRole('link', { name: 'Add member' }).click();
    await page.waitForURL(`${base}/admin/members/add`);
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByText('Full name is required').waitFor();
    await page.getByLabel('Full name *').fill('Ganapati Hegde');
    await page.getByLabel('Mobile').fill('+91 98200 70007');
    await page.getByLabel('City').fill('Pune');
    await page.getByRole('button', { name: 'Add member' }).click();
    await sawToast(page, 'Member HWT-');
    await page.getByRole('heading', { name: 'Ganapati Hegde' }).waitFor();
    const id = await page.getByTestId('member-unique-id').textContent();
    assert(/^HWT-\d{5}$/.test(id ?? ''), `HWT- number, got ${id}`);
    await ctx.close();
  });

  test('admin: a member with ledger entries is not deleted, and the admin is told why', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    await page.goto(`${base}/admin/members?q=Narayan`);
    await page.getByRole('link', { name: 'Narayan Bhat' }).click();
    await page.getByTestId('member-ledger').getByText('Life membership fee').waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await sawToast(page, 'cannot be deleted: the financial ledger has 1 entry');
    await page.getByRole('heading', { name: 'Narayan Bhat' }).waitFor();
    await ctx.close();
  });
}
