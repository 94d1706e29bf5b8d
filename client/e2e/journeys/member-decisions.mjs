// What an applicant and a member viewer see of the member area (issue 40): a rejected applicant
// signs in to her dashboard, reads that she was not approved and the office's remarks, applies
// again and, once approved, is known by her HWT- number (never the application's NEW- one);
// a member viewer reads the directory without Connect buttons or connections.
import { assert, NEWCOMER_PASSWORD } from '../harness.mjs';

const next = (page) => page.getByRole('button', { name: 'Next', exact: true }).click();
const step = (page, n) =>
  page
    .getByTestId('step-counter')
    .filter({ hasText: `Step ${n} of` })
    .waitFor();

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  test('a rejected applicant sees the decision and the remarks, applies again and is known by her HWT- number', async ({
    api,
    answerCaptcha,
    base,
    context,
    shot,
    signInAs,
    tokenFor,
    tokenOf,
  }) => {
    const email = `sumana.${Date.now()}@example.org`;
    const remarks = 'Please give the names of two members who know you.';
    await api('/auth/v1/signup', {
      method: 'POST',
      body: { email, password: NEWCOMER_PASSWORD },
    });
    const token = await tokenOf(email, NEWCOMER_PASSWORD);
    const entry = await api('/rest/v1/rpc/register_member', {
      token,
      method: 'POST',
      body: {
        application: {
          first_name: 'Sumana',
          surname: 'Joshi',
          mobile_number: '+91 98200 31313',
          member_type: 'annual',
          city: 'Thane',
        },
      },
    });
    const admin = await tokenFor('admin');
    await api('/rest/v1/rpc/reject_member', {
      token: admin,
      method: 'POST',
      body: { member_id: entry.id, remarks },
    });

    // Signing in opens her dashboard with the decision, not a bounce with a "pending" toast.
    const ctx = await context({}, { clock: true });
    const page = await ctx.newPage();
    await signInAs(page, email, '/dashboard/member');
    const decision = page.getByTestId('application-decision');
    await decision
      .getByRole('heading', { name: 'Your membership application was not approved' })
      .waitFor();
    await decision.getByTestId('decision-remarks').getByText(remarks).waitFor();
    await decision.getByText(entry.unique_id).waitFor();
    await decision.getByRole('link', { name: 'Contact the office' }).waitFor();
    const toasts = await page.evaluate(() => window.__toasts);
    assert(
      !toasts.some((t) => /pending approval/.test(t)),
      `no "pending approval" toast: ${JSON.stringify(toasts)}`,
    );
    await shot(page, 'member-application-rejected');

    // She applies again from the dashboard: the form without the account part.
    await decision.getByRole('link', { name: 'Apply again' }).click();
    await page.waitForURL(`${base}/membership/registration`);
    await page.getByText(`You are signed in as ${email}`, { exact: false }).waitFor();
    await step(page, 1);
    await page.getByLabel('First name').fill('Sumana');
    await page.getByLabel('Surname').fill('Joshi');
    await page.getByLabel('Gotra').fill('Vishwamitra');
    await next(page);
    await step(page, 2);
    await page.getByLabel('Mobile number').fill('9820031313');
    await page.getByLabel('City').fill('Dombivli');
    await next(page);
    await step(page, 3);
    await page.getByLabel('Member type').selectOption('life');
    await answerCaptcha(page);
    const answers = [];
    page.on('response', async (r) => {
      if (r.url().includes('/rest/v1/rpc') || r.status() >= 400)
        answers.push(`${r.url()} ${r.status()} ${(await r.text().catch(() => '')).slice(0, 300)}`);
    });
    page.on('console', (m) => m.type() === 'error' && answers.push(`console: ${m.text()}`));
    await page.getByRole('button', { name: 'Submit application' }).click();
    try {
      await page.getByTestId('registration-confirmation').waitFor({ timeout: 60_000 });
    } catch (error) {
      const toasts = await page.evaluate(() => window.__toasts);
      const main = (await page.locator('main').innerText()).replace(/\s+/g, ' ').slice(-600);
      throw new Error(
        `no confirmation; toasts: ${JSON.stringify(toasts)}; refused: ${answers.join(' | ')}; page: ${main}`,
        {
          cause: error,
        },
      );
    }
    const confirmation = await page.getByTestId('registration-confirmation').innerText();
    assert(confirmation.includes(entry.unique_id), `the same HWT- number: ${confirmation}`);
    assert(!confirmation.includes('NEW-'), `no NEW- reference shown: ${confirmation}`);
    const [again] = await api(
      '/rest/v1/member_directory?select=id,status,approval_status,city,remarks',
      { token },
    );
    assert(
      again.id === entry.id &&
        again.status === 'Check' &&
        again.approval_status === 'pending' &&
        again.city === 'Dombivli' &&
        again.remarks === null,
      `the same entry is an application again: ${JSON.stringify(again)}`,
    );

    // Approved, she is known by her HWT- number on her dashboard, in the directory and to the staff.
    await api('/rest/v1/rpc/approve_member', {
      token: admin,
      method: 'POST',
      body: { member_id: entry.id },
    });
    await page.goto(`${base}/dashboard/member`);
    await page.getByText('Your directory entry').waitFor({ timeout: 20_000 });
    await page.getByText(`Sumana Joshi · ${entry.unique_id} ·`).waitFor();
    await page.getByLabel('Search by name or membership number').fill('Sumana');
    const card = page
      .getByTestId('member-directory')
      .getByTestId('network-member')
      .filter({ hasText: 'Sumana Joshi' });
    await card.getByText(entry.unique_id, { exact: false }).waitFor();
    assert(!(await card.innerText()).includes('NEW-'), 'the directory shows no NEW- number');
    const [staffView] = await api(
      `/rest/v1/member_directory?select=membership_no&id=eq.${entry.id}`,
      { token: admin },
    );
    assert(
      staffView.membership_no === entry.unique_id,
      `the register's membership number is the HWT- id: ${staffView.membership_no}`,
    );
    await ctx.close();
  });

  test('a member viewer reads the directory and opens entries, with no Connect buttons or connections', async ({
    context,
    shot,
    signIn,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'member_viewer');
    await page.getByRole('heading', { level: 1, name: 'Member Directory' }).waitFor();
    const cards = page.getByTestId('member-directory').getByTestId('network-member');
    await cards.first().waitFor();
    await page.getByText('connecting is for members', { exact: false }).waitFor();
    assert(
      (await page.getByRole('button', { name: 'Connect' }).count()) === 0,
      'no Connect buttons for a member viewer',
    );
    assert((await page.getByTestId('connections').count()) === 0, 'no connections list');
    assert(
      !(await page.locator('main').innerText()).includes('cannot connect'),
      'no sentence that contradicts the page',
    );
    await cards.first().getByRole('link').first().click();
    await page.getByText('Membership no.').waitFor();
    await shot(page, 'member-viewer-directory');
    await ctx.close();
  });
}
