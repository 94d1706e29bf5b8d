// The staff screens for people (issue 17), part two: matrimony approvals and the account sync,
// accounts deactivated within the rules, roles, payments recorded and verified, and the About
// page's sections.
import { assert } from '../harness.mjs';

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  test('admin: approves a pending matrimony profile and syncs approved profiles', async ({
    base,
    context,
    sawToast,
    signIn,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    await page.goto(`${base}/admin/matrimony?approval_status=pending`);
    await page.getByRole('button', { name: 'View Anusha Bhat' }).click();
    const profile = page.getByRole('dialog', { name: 'Anusha Bhat' });
    await profile.getByText('No photo uploaded').waitFor();
    await profile.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
    await sawToast(page, 'Profile approved');
    await page.getByRole('button', { name: 'View Anusha Bhat' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Create accounts for approved profiles' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Create accounts for approved profiles' })
      .click();
    await sawToast(page, '0 accounts created, 2 failed');
    await page
      .getByTestId('sync-errors')
      .getByText('Anusha Bhat: the profile has no email address')
      .waitFor();
    await ctx.close();
  });

  test('admin: deactivates an account and may not touch a staff type', async ({
    base,
    context,
    sawToast,
    signIn,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    await page.goto(`${base}/admin/users?type=event_manager`);
    const staffType = page.getByRole('combobox', { name: /^Type of / });
    await staffType.first().waitFor();
    assert(await staffType.first().isDisabled(), 'an admin cannot change a staff type');
    await page.goto(`${base}/admin/users?type=student&q=student%40demo`);
    const status = page.getByRole('combobox', { name: /^Status of / });
    await status.first().waitFor();
    await status.first().selectOption('inactive');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
    await sawToast(page, 'Account updated');
    await page.reload();
    await page.getByRole('cell', { name: 'Inactive' }).first().waitFor();
    await status.first().selectOption('approved');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Change' }).click();
    await page.getByRole('cell', { name: 'Approved' }).first().waitFor();
    await ctx.close();
  });

  test('super admin: creates a role, assigns it and removes it; an admin only reads', async ({
    base,
    context,
    sawToast,
    signIn,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'super_admin');
    await page.goto(`${base}/admin/rbac`);
    await page.getByRole('table', { name: 'Roles', exact: true }).getByText('volunteer').waitFor();
    await page.getByRole('button', { name: 'Add role' }).click();
    const form = page.getByRole('form', { name: 'Add role' });
    await form.getByLabel('Name').fill('treasurer');
    await form.getByLabel('Description').fill('Keeps the books');
    await form.getByLabel('Permissions').fill('payments.read, payments.write');
    await form.getByRole('button', { name: 'Create role' }).click();
    await sawToast(page, 'Role saved');
    await page.getByRole('table', { name: 'Roles', exact: true }).getByText('treasurer').waitFor();
    await page.getByLabel('Person (email)').fill('member@demo.havyaka.org');
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'treasurer' });
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await sawToast(page, 'Role assigned');
    await page.getByRole('button', { name: /^Remove treasurer from / }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: /^Remove treasurer/ })
      .click();
    await sawToast(page, 'Role removed');
    await ctx.close();

    const adminCtx = await context();
    const adminPage = await adminCtx.newPage();
    await signIn(adminPage, 'admin');
    await adminPage.goto(`${base}/admin/rbac`);
    await adminPage.getByText('only a super admin changes them').waitFor();
    await adminPage
      .getByRole('table', { name: 'Roles', exact: true })
      .getByText('treasurer')
      .waitFor();
    if (await adminPage.getByRole('button', { name: 'Add role' }).count())
      throw new Error('an admin is offered Add role');
    await adminCtx.close();
  });

  test('admin: records a cash payment for a member, verifies a pending one, totals follow', async ({
    base,
    context,
    sawToast,
    signIn,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    await page.goto(`${base}/admin/payments?status=pending`);
    await page.getByRole('button', { name: 'Verify the payment of Ravi Hegde' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Verify' }).click();
    await sawToast(page, 'Payment verified');
    await page
      .getByRole('button', { name: 'Verify the payment of Ravi Hegde' })
      .waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Verify the payment of Subraya Joshi' }).waitFor();
    await page.goto(`${base}/admin/payments`);
    await page.getByRole('button', { name: 'Record a payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record a payment received in person' });
    await dialog.getByLabel('Amount (₹) *').fill('1500');
    await dialog.getByLabel('Method').selectOption('cheque');
    await dialog.getByLabel('Cheque number or UPI reference').fill('CHQ 774411');
    await dialog.getByLabel('Payer name *').fill('Narayan Bhat');
    await dialog.getByLabel('Member ID (HWT-…)').fill('HWT-99998');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await sawToast(page, 'No member with this ID');
    await dialog.getByLabel('Member ID (HWT-…)').fill('');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await sawToast(page, 'Payment recorded');
    await page.getByRole('cell', { name: 'Cheque · CHQ 774411' }).waitFor();
    await page.getByTestId('payment-totals').getByText('Completed (4)').waitFor();
    await ctx.close();
  });

  test('content manager: publishes and orders About sections, and the About page follows', async ({
    base,
    context,
    sawToast,
    signIn,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'content_manager');
    await page.goto(`${base}/admin/organization`);
    await page.getByRole('button', { name: 'Publish History (draft)' }).click();
    await sawToast(page, 'Section published');
    await page.getByRole('button', { name: 'Move History (draft) up' }).click();
    await page.getByRole('button', { name: 'Edit History (draft)' }).click();
    const form = page.getByRole('form', { name: 'Edit section' });
    await form.getByLabel('Title').fill('Our History');
    await form.getByRole('button', { name: 'Save section' }).click();
    await sawToast(page, 'Section saved');
    await page.getByRole('button', { name: 'Move Our History up' }).waitFor();
    await page.goto(`${base}/about`);
    const headings = page.locator('main h2');
    await page.getByRole('heading', { name: 'Our History' }).waitFor();
    const names = await headings.allTextContents();
    const at = (n) => names.indexOf(n);
    if (!(at('Our History') >= 0 && at('Our History') < at('Contact')))
      throw new Error(`Our History before Contact on /about: ${JSON.stringify(names)}`);
    await ctx.close();
  });
}
