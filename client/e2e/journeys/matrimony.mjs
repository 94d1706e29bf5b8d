// Two approved matrimony users: browse, a profile, interest, acceptance, a conversation and the
// contact details it unlocks (the database withholds them until then); the profile kept up to
// date with its contact details stored apart.
import { assert, DEMO_PASSWORD, NEWCOMER_PASSWORD } from '../harness.mjs';

const PASSWORD = NEWCOMER_PASSWORD;
/** The demo accounts were seeded with DEMO_PASSWORD; newcomers chose PASSWORD. */
const passwordOf = (email) => (email.endsWith('@demo.havyaka.org') ? DEMO_PASSWORD : PASSWORD);

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  test('two approved matrimony users browse, express interest, accept and exchange a message', async ({
    base,
    api,
    tokenOf,
    context,
    sawToast,
    shot,
    signInAs,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signInAs(
      page,
      'matrimony@demo.havyaka.org',
      '/dashboard/matrimony',
      passwordOf('matrimony@demo.havyaka.org'),
    );
    await page.getByRole('heading', { level: 1, name: 'Matrimony Dashboard' }).waitFor();
    await page.goto(`${base}/matrimony/browse`);
    await page.getByRole('heading', { level: 1, name: 'Browse Matrimony Profiles' }).waitFor();
    const cards = page.getByTestId('profiles').getByRole('link');
    await cards.first().waitFor();
    // Brides by default for a groom: Sneha (approved) is listed, Anusha (pending) is not.
    await page.getByTestId('profiles').getByText('Sneha Shastri').waitFor();
    assert(!(await page.getByText('Anusha Bhat').count()), 'a pending profile is not listed');
    await page.getByLabel('Age from').fill('40');
    await page.getByText('No profiles match these filters').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Place or native place').fill('Sirsi');
    await page.getByTestId('profiles').getByText('Sneha Shastri').waitFor();
    await shot(page, 'matrimony-browse');
    await page.getByTestId('profiles').getByText('Sneha Shastri').click();
    await page.getByRole('heading', { level: 1, name: 'Sneha Shastri' }).waitFor();
    await page.getByTestId('contact-locked').waitFor();
    // Not in the page, and not over REST either: the database withholds them until accepted.
    const groom = await tokenOf('matrimony@demo.havyaka.org', DEMO_PASSWORD);
    const browsed = JSON.stringify(
      await api('/rest/v1/matrimony_details?select=*', { token: groom }),
    );
    assert(
      browsed.includes('Shastri') && !browsed.includes('9820044444'),
      'select=* has no mobile',
    );
    const embedded = JSON.stringify(
      await api('/rest/v1/matrimony_details?select=first_name,matrimony_contacts(*)', {
        token: groom,
      }),
    );
    assert(!embedded.includes('bride@demo.havyaka.org'), `no embedded contacts: ${embedded}`);
    await page
      .getByLabel('A short note (optional)')
      .fill('Namaskara, our families are from Kumta and Sirsi.');
    await page.getByRole('button', { name: 'Express interest' }).click();
    await sawToast(page, 'Interest sent');
    await page.getByText('Your interest is waiting for an answer.').waitFor();
    await shot(page, 'matrimony-profile');

    // Sneha sees the view and the interest, accepts and writes.
    const bride = await context({
      viewport: { width: 360, height: 800 },
      isMobile: true,
      hasTouch: true,
    });
    const p2 = await bride.newPage();
    await signInAs(
      p2,
      'bride@demo.havyaka.org',
      '/dashboard/matrimony',
      passwordOf('bride@demo.havyaka.org'),
    );
    const views = Number(await p2.getByTestId('views-count').textContent());
    assert(views >= 1, `the view was counted (${views})`);
    await p2.getByTestId('interest-received').getByText('Ravi Hegde').waitFor();
    await p2.getByTestId('interest-received').getByRole('button', { name: 'Accept' }).click();
    await p2.getByRole('button', { name: 'Open conversation' }).click();
    await p2.getByLabel('Message to Ravi Hegde').fill('Namaskara! Happy to talk.');
    await p2.getByRole('button', { name: 'Send', exact: true }).click();
    await p2.getByTestId('conversation').getByText('Namaskara! Happy to talk.').waitFor();
    await shot(p2, 'matrimony-dashboard-360');
    const overflow = await p2.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    assert(overflow <= 0, `no horizontal scrolling (${overflow}px)`);

    // Ravi: the message arrives unread, contact details now show.
    await page.goto(`${base}/dashboard/matrimony`);
    await page.getByText('1 unread').waitFor();
    await page.getByRole('button', { name: 'Open conversation' }).click();
    await page.getByTestId('conversation').getByText('Namaskara! Happy to talk.').waitFor();
    await page.getByText('1 unread').waitFor({ state: 'detached' });
    await page.goto(`${base}/matrimony/browse`);
    await page.getByTestId('profiles').getByText('Sneha Shastri').click();
    await page.getByTestId('contact-details').getByText('bride@demo.havyaka.org').waitFor();
    await bride.close();
    await ctx.close();
  });

  test('a matrimony user keeps their profile and contact details up to date', async ({
    base,
    api,
    tokenOf,
    context,
    sawToast,
    signInAs,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signInAs(
      page,
      'bride@demo.havyaka.org',
      '/dashboard/matrimony',
      passwordOf('bride@demo.havyaka.org'),
    );
    await page.goto(`${base}/profile/matrimony`);
    await page.getByRole('heading', { level: 1, name: 'My Matrimony Profile' }).waitFor();
    // The form shows the contact details, stored apart, next to the profile.
    const mobile = page.getByLabel('Mobile number');
    await mobile.waitFor();
    assert((await mobile.inputValue()).includes('9820044444'), 'the mobile number is loaded');
    const address = `Shivaji Park ${Date.now()}`;
    await page.getByLabel('Address').fill(address);
    await page.getByLabel('Hobbies').fill('Carnatic music, trekking, chess');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await sawToast(page, 'Profile updated');
    const token = await tokenOf('bride@demo.havyaka.org', DEMO_PASSWORD);
    const saved = await api(
      '/rest/v1/matrimony_details?select=hobby,matrimony_contacts(address)&first_name=eq.Sneha',
      { token },
    );
    assert(
      saved.length === 1 &&
        saved[0].hobby === 'Carnatic music, trekking, chess' &&
        saved[0].matrimony_contacts?.address === address,
      `the hobby on the profile, the address apart: ${JSON.stringify(saved)}`,
    );
    await ctx.close();
  });
}
