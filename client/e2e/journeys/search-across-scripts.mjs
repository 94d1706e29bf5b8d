// Search across scripts (issue 35 step 6): names typed in Kannada find names written in English
// and the other way round, in every list with a search box: a member's directory (ಹೆಗಡೆ finds
// Lakshmi Hegde of the demo), the admin's student list (an application written in Kannada found
// by an English spelling), the public members listing (ಕಾಮತ್ finds Meera Kamath) and the business
// directory (ಹೆಗಡೆ finds Hegde Ayurveda Clinic).
import { assert, NEWCOMER_PASSWORD } from '../harness.mjs';

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  test('a member searches ಹೆಗಡೆ in the directory and finds Lakshmi Hegde', async ({
    context,
    shot,
    signIn,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'member');
    await page.getByRole('heading', { level: 1, name: 'Member Directory' }).waitFor();
    const directory = page.getByTestId('member-directory');
    const entry = (name) => directory.getByTestId('network-member').filter({ hasText: name });
    await entry('Meera Kamath').waitFor();
    await page.getByLabel('Search by name or membership number').fill('ಹೆಗಡೆ');
    // The search applies: Meera Kamath leaves the list, Lakshmi Hegde (written in English) stays.
    await entry('Meera Kamath').waitFor({ state: 'detached' });
    await entry('Lakshmi Hegde').waitFor();
    const names = await directory.getByTestId('network-member').allTextContents();
    assert(
      names.every((n) => /heg/i.test(n)),
      `every entry listed is a Hegde: ${names.join(' | ')}`,
    );
    await shot(page, 'search-member-directory-kannada');
    await ctx.close();
  });

  test('an admin finds a student written in Kannada by an English spelling', async ({
    api,
    base,
    context,
    shot,
    signIn,
    tokenOf,
  }) => {
    // An applicant signs up and applies with their name written in Kannada.
    const email = `ganapati.${Date.now()}@example.org`;
    await api('/auth/v1/signup', { method: 'POST', body: { email, password: NEWCOMER_PASSWORD } });
    await api('/rest/v1/rpc/register_student', {
      token: await tokenOf(email, NEWCOMER_PASSWORD),
      method: 'POST',
      body: {
        application: { first_name: 'ಗಣಪತಿ', surname: 'ಹೆಗಡೆ', mobile_number: '+91 98200 35350' },
      },
    });
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    await page.goto(`${base}/admin/students`);
    await page.getByRole('link', { name: 'Shreya Bhat' }).waitFor();
    await page.getByLabel('Search').fill('Ganapathi Hegde');
    await page.waitForURL(/q=Ganapathi/);
    await page.getByRole('link', { name: 'ಗಣಪತಿ ಹೆಗಡೆ' }).first().waitFor();
    await page.getByRole('link', { name: 'Shreya Bhat' }).waitFor({ state: 'detached' });
    await shot(page, 'search-admin-students-english-finds-kannada');
    await ctx.close();
  });

  test('a visitor searches the members listing and the business directory in Kannada', async ({
    base,
    context,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await page.goto(`${base}/members`);
    const list = page.getByTestId('members-list');
    await list.getByText('Lakshmi Hegde').waitFor();
    await page.getByLabel('Search by name or membership number').fill('ಕಾಮತ್');
    await list.getByText('Meera Kamath').waitFor();
    await list.getByText('Lakshmi Hegde').waitFor({ state: 'detached' });

    await page.goto(`${base}/resources/business`);
    await page.getByTestId('business-list').getByText('Bhat & Co. Chartered Accountants').waitFor();
    await page.getByLabel('Search businesses').fill('ಹೆಗಡೆ');
    const businesses = page.getByTestId('business-list');
    await businesses.getByText('Hegde Ayurveda Clinic').waitFor();
    await businesses.getByText('Bhat & Co. Chartered Accountants').waitFor({ state: 'detached' });
    await ctx.close();
  });
}
