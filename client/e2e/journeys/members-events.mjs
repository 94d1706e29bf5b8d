// Members among themselves and events for members (issue 16): a connection asked, accepted and
// the contact details it shows, at 1280 and 360 px; a registration for an event, its calendar
// file and its cancellation; a deadline passed; the signed-in header on one line.
import fs from 'node:fs';
import { assert, NEWCOMER_PASSWORD } from '../harness.mjs';

/** A newcomer who applied for membership and was approved (through the API). */
async function approvedMember({ api, tokenOf, tokenFor }, firstName) {
  const email = `${firstName.toLowerCase()}.${Date.now()}@example.org`;
  await api('/auth/v1/signup', { method: 'POST', body: { email, password: NEWCOMER_PASSWORD } });
  const token = await tokenOf(email, NEWCOMER_PASSWORD);
  const entry = await api('/rest/v1/rpc/register_member', {
    token,
    method: 'POST',
    body: {
      application: {
        first_name: firstName,
        surname: 'Bhat',
        mobile_number: '+91 98200 13232',
        member_type: 'annual',
        city: 'Pune',
      },
    },
  });
  await api('/rest/v1/rpc/approve_member', {
    token: await tokenFor('admin'),
    method: 'POST',
    body: { member_id: entry.id },
  });
  return { email, name: `${firstName} Bhat` };
}
const card = (scope, name) => scope.getByTestId('network-member').filter({ hasText: name });

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  for (const width of [1280, 360]) {
    test(`a member asks another to connect; once accepted they see each other's contact details at ${width} px`, async (h) => {
      const { context, sawToast, shot, signIn, signInAs } = h;
      const newcomer = await approvedMember(h, width === 1280 ? 'Girija' : 'Ganesha');
      const ctx = await context({ viewport: { width, height: 900 } });
      const page = await ctx.newPage();
      await signInAs(page, newcomer.email, '/dashboard/member');
      await page.getByRole('heading', { level: 1, name: 'Member Directory' }).waitFor();
      await page.getByText('Your directory entry').waitFor();
      await page.getByText('No connections yet: ask a member below to connect.').waitFor();
      await page.getByLabel('Search by name or membership number').fill('Meera');
      const meera = card(page.getByTestId('member-directory'), 'Meera Kamath');
      await meera.waitFor();
      await meera.getByRole('button', { name: 'Connect' }).click();
      await sawToast(page, 'Your request was sent to Meera Kamath.');
      await card(page.getByTestId('connections'), 'Meera Kamath')
        .getByText('Request sent')
        .waitFor();
      await shot(page, `member-connect-requested-${width}`);

      // Meera sees the request, without the newcomer's contact details, and accepts.
      const ctx2 = await context({ viewport: { width, height: 900 } });
      const meeraPage = await ctx2.newPage();
      await signIn(meeraPage, 'member');
      const request = card(meeraPage.getByTestId('connections'), newcomer.name);
      await request.getByText('Asks to connect with you').waitFor();
      assert(
        !(await request.getByTestId('member-contact').count()),
        'no contact details before accepting',
      );
      await request.getByRole('button', { name: 'Accept' }).click();
      await sawToast(meeraPage, `You are now connected with ${newcomer.name}.`);
      await request.getByTestId('member-contact').getByText('+91 98200 13232').waitFor();
      await request.getByText('Connected').waitFor();
      await shot(meeraPage, `member-connect-accepted-${width}`);
      await ctx2.close();

      // The newcomer sees the connection, then shows their details to every member.
      await page.reload();
      const connection = card(page.getByTestId('connections'), 'Meera Kamath');
      await connection.getByText('Connected').waitFor();
      await connection.getByTestId('member-contact').getByText('member@demo.havyaka.org').waitFor();
      await page.getByLabel(/Show my mobile number and email to every member/).check();
      await page.getByRole('button', { name: 'Save my choices' }).click();
      await sawToast(page, 'Your choices are saved');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      assert(overflow <= 0, `no horizontal scrolling (${overflow}px)`);
      await ctx.close();
    });
  }

  for (const width of [1280, 360]) {
    test(`a member registers for an event, sees it on the dashboard and cancels at ${width} px`, async ({
      base,
      context,
      sawToast,
      shot,
      signIn,
    }) => {
      const ctx = await context({ viewport: { width, height: 900 }, acceptDownloads: true });
      const page = await ctx.newPage();
      await signIn(page, 'member');
      await page.goto(`${base}/events`);
      await page
        .getByRole('link', { name: /Free Health Camp/ })
        .first()
        .click();
      await page.getByRole('heading', { level: 1, name: 'Free Health Camp' }).waitFor();
      const panel = page.getByTestId('event-registration');
      await panel.getByText(/places left/).waitFor();
      // A place this member cancelled before is taken up again with "Register again".
      await panel.getByRole('button', { name: /^Register( again)?$/ }).click();
      await sawToast(page, 'You are registered for Free Health Camp.');
      await panel.getByText('You are registered for this event.').waitFor();

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        // A plain link to the server's file (text/calendar): no JavaScript needed.
        panel.getByRole('link', { name: 'Add to calendar (.ics)' }).click(),
      ]);
      assert(
        download.suggestedFilename() === 'free-health-camp.ics',
        'the file is named after the event',
      );
      const ics = fs.readFileSync(await download.path(), 'utf8');
      assert(ics.includes('SUMMARY:Free Health Camp'), 'the calendar file names the event');
      assert(
        (ics.match(/BEGIN:VALARM/g) ?? []).length === 2,
        'the calendar file has two reminders',
      );
      assert(
        /DTSTART(;TZID=Asia\/Kolkata:\d{8}T\d{6}|;VALUE=DATE:\d{8})\r\n/.test(ics),
        'the calendar file has a start in Mumbai time',
      );
      const google = new URL(
        await panel.getByRole('link', { name: /Add to Google Calendar/ }).getAttribute('href'),
      );
      assert(google.searchParams.get('text') === 'Free Health Camp', 'Google gets the title');
      await shot(page, `event-registered-${width}`);

      await page.goto(`${base}/dashboard/member`);
      const mine = page.getByTestId('my-registration').filter({ hasText: 'Free Health Camp' });
      await mine.getByTestId('attendance-status').filter({ hasText: 'Registered' }).waitFor();
      await mine.getByRole('button', { name: 'Cancel registration' }).click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: 'Cancel registration' })
        .click();
      await sawToast(page, 'Registration cancelled');
      await mine.getByTestId('attendance-status').filter({ hasText: 'Cancelled' }).waitFor();
      assert(
        !(await mine.getByRole('button', { name: 'Cancel registration' }).count()),
        'a cancelled registration has no Cancel button',
      );
      await shot(page, `event-cancelled-${width}`);

      await page.goto(`${base}/events`);
      await page
        .getByRole('link', { name: /Free Health Camp/ })
        .first()
        .click();
      await panel.getByText('You cancelled your registration.').waitFor();
      await panel.getByRole('button', { name: 'Register again' }).waitFor();
      await ctx.close();
    });
  }

  test('an event past its registration deadline says so and offers no Register button', async ({
    base,
    context,
    signIn,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'student');
    await page.goto(`${base}/events`);
    await page
      .getByRole('link', { name: /Sanskrit Reading Circle/ })
      .first()
      .click();
    const panel = page.getByTestId('event-registration');
    await panel.getByText('Registration has closed: the deadline has passed.').waitFor();
    assert(!(await panel.getByRole('button', { name: /^Register/ }).count()), 'no Register button');
    await ctx.close();
  });

  test('the signed-in header stays on one line from 1024 to 1440 px; the menu links to notification settings', async ({
    base,
    context,
    shot,
    signIn,
  }) => {
    const ctx = await context({ viewport: { width: 1024, height: 800 } });
    const page = await ctx.newPage();
    await signIn(page, 'member');
    for (const width of [1024, 1180, 1280, 1366, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      const height = await page
        .locator('header > div')
        .first()
        .evaluate((el) => el.getBoundingClientRect().height);
      assert(height <= 64, `the header is one line at ${width} px (${height}px high)`);
    }
    await shot(page, 'header-signed-in-1440');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Site' })
      .getByRole('link', { name: 'Notification settings' })
      .click();
    await page.waitForURL(`${base}/notifications/settings`);
    await ctx.close();
  });
}
