// The staff screens for people (issue 17), part one: the member register (filters kept in the
// URL, approval with a note, a new member's HWT- number, the ledger that keeps a member), the
// content manager's refusal, and the students (the PAN revealed through the audited vault,
// the approval filter, a student added for someone).
import { assert } from '../harness.mjs';

const directoryRows = (page) => page.getByRole('table', { name: 'Members' }).locator('tbody tr');

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  test('admin: the member directory filters by status and keeps the filters across a reload', async ({
    base,
    context,
    shot,
    signIn,
  }) => {
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

  test('admin: approves a pending member and its status changes', async ({
    base,
    context,
    sawToast,
    signIn,
  }) => {
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

  test('admin: creates a member, who gets the next HWT- number', async ({
    base,
    context,
    sawToast,
    signIn,
  }) => {
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

  test('admin: a member with ledger entries is not deleted, and the admin is told why', async ({
    base,
    context,
    sawToast,
    signIn,
  }) => {
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

  test('content manager: the people screens say admins only, and the API refuses approvals', async ({
    base,
    context,
    signIn,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'content_manager');
    await page.goto(`${base}/admin/members`);
    await page
      .getByRole('note')
      .getByText('The member register is kept by the trust’s admins')
      .waitFor();
    assert((await page.getByRole('table').count()) === 0, 'no empty list below the notice');
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

  test('admin: reveals a student’s PAN through the vault and sees the audit entry', async ({
    base,
    context,
    signIn,
  }) => {
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

  test('admin: filters students by approval and the URL keeps it', async ({
    base,
    context,
    signIn,
  }) => {
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

  test('admin: adds a student for someone, and a taken email fails with the spec message', async ({
    base,
    context,
    sawToast,
    signIn,
  }) => {
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
