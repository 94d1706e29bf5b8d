// Browser journeys of issue 16, items 5 and 7: a member registers for an event, sees it on the
// dashboard, downloads it for the calendar and cancels; a member connects with another member.
// Registered by run.mjs with its helpers (same browser, same platform).
import fs from 'node:fs';

export function membersAndEvents({ test, context, base, signIn, assert, sawToast, shot }) {
  for (const width of [1280, 360]) {
    test(`a member registers for an event, sees it on the dashboard and cancels at ${width} px`, async () => {
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
        panel.getByRole('button', { name: 'Add to calendar (.ics)' }).click(),
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
      assert(/DTSTART:\d{8}T\d{6}Z/.test(ics), 'the calendar file has a start time');
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

  test('an event past its registration deadline says so and offers no Register button', async () => {
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
}
