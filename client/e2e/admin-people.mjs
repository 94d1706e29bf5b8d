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
    await page
      .getByRole('table', { name: 'Financial ledger' })
      .getByText('Life membership fee')
      .waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await sawToast(page, 'cannot be deleted: the financial ledger has 2 entries');
    await page.getByRole('heading', { name: 'Narayan Bhat' }).waitFor();
    await ctx.close();
  });
}

export function registerStudents({ test, context, signIn, sawToast, assert, base }) {
  test('admin: reveals a student’s PAN through the vault and sees the audit entry', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    await page.goto(`${base}/admin/students?approval_status=approved`);
    await page.getByRole('link', { name: 'Shreya Bhat' }).click();
    await page.getByRole('heading', { name: 'Shreya Bhat' }).waitFor();
    const masked = await page.getByTestId('pan').textContent();
    assert(masked === 'XXXXXX234K', `the PAN shows masked, got ${masked}`);
    await page.getByText('Nobody has revealed these numbers yet.').waitFor();
    await page.getByRole('button', { name: 'Reveal' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reveal' }).click();
    await page.getByTestId('pan').getByText('ABCPB1234K').waitFor();
    await page.getByTestId('aadhar').getByText('1234 5678 9012').waitFor();
    await page.getByTestId('reveal-audit').getByText('Revealed by Anita Bhat').waitFor();
    await page.getByRole('button', { name: 'Hide' }).click();
    await page.getByTestId('pan').getByText('XXXXXX234K').waitFor();
    await ctx.close();
  });

  test('admin: filters students by approval and the URL keeps it', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    await page.goto(`${base}/admin/students`);
    await page.getByRole('link', { name: 'Shreya Bhat' }).waitFor();
    await page.getByLabel('Approval').selectOption('pending');
    await page.waitForURL(/approval_status=pending/);
    await page.getByRole('link', { name: 'Shreya Bhat' }).waitFor({ state: 'detached' });
    await page.reload();
    assert((await page.getByLabel('Approval').inputValue()) === 'pending', 'kept after reload');
    await ctx.close();
  });

  test('admin: adds a student for someone, and a taken email fails with the spec message', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    await page.goto(`${base}/admin/students/add`);
    const fill = async (email) => {
      await page.getByLabel('First name *').fill('Ananya');
      await page.getByLabel('Surname *').fill('Joshi');
      await page.getByLabel('Email *').fill(email);
      await page.getByLabel('Password *').fill('Tulasi#Vana2026');
      await page.getByLabel('Mobile number *').fill('+91 98200 81818');
      await page.getByLabel('PAN').fill('ABCPJ4321Q');
      await page.getByRole('button', { name: 'Add student' }).click();
    };
    await fill('student@demo.havyaka.org');
    await sawToast(page, 'Failed to create user: ');
    await fill(`ananya.${Date.now()}@example.org`);
    await sawToast(page, 'Student added');
    await page.getByRole('heading', { name: 'Ananya Joshi' }).waitFor();
    await page.getByTestId('student-status').getByText('Approved').waitFor();
    await page.getByTestId('pan').getByText('XXXXXX321Q').waitFor();
    await ctx.close();
  });
}

export function registerMatrimony({ test, context, signIn, sawToast, base }) {
  test('admin: approves a pending matrimony profile and syncs approved profiles', async () => {
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
}

export function registerAccounts({ test, context, signIn, sawToast, assert, base }) {
  test('admin: deactivates an account and may not touch a staff type', async () => {
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
}

export function registerRoles({ test, context, signIn, sawToast, base }) {
  test('super admin: creates a role, assigns it and removes it; an admin only reads', async () => {
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
}

export function registerPayments({ test, context, signIn, sawToast, base }) {
  test('admin: records a cash payment for a member, verifies a pending one, totals follow', async () => {
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
}

export function registerOrganization({ test, context, signIn, sawToast, base }) {
  test('content manager: publishes and orders About sections, and the About page follows', async () => {
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

export function registerRefusals({ test, context, signIn, assert, base }) {
  test('content manager: the people screens say admins only, and the API refuses approvals', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'content_manager');
    await page.goto(`${base}/admin/members`);
    await page
      .getByRole('note')
      .getByText('Only admins see and manage the member register')
      .waitFor();
    await page.getByText('No members yet').waitFor();
    const answer = await page.evaluate(async (origin) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
      const token = JSON.parse(localStorage.getItem(key)).access_token;
      const { anonKey } = await (await fetch(`${origin}/api/client-config`)).json();
      const res = await fetch(`${origin}/rest/v1/rpc/approve_members`, {
        method: 'POST',
        headers: {
          apikey: anonKey,
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ member_ids: ['00000000-0000-0000-0000-000000000000'] }),
      });
      return { status: res.status, body: await res.json() };
    }, base);
    assert(
      answer.status === 403 && answer.body.code === '42501',
      `refused: ${JSON.stringify(answer)}`,
    );
    await ctx.close();
  });
}
