// Notifications: an announcement reaches the members' bells (and the inbox is linked from the
// dashboard); a user's choices stop the kinds they turned off.
import { assert, DEMO_PASSWORD, NEWCOMER_PASSWORD } from '../harness.mjs';

const PASSWORD = NEWCOMER_PASSWORD;
/** The demo accounts were seeded with DEMO_PASSWORD; newcomers chose PASSWORD. */
const passwordOf = (email) => (email.endsWith('@demo.havyaka.org') ? DEMO_PASSWORD : PASSWORD);

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  test('an admin announces to the members, who see it in the bell; the inbox is linked from the dashboard', async ({
    context,
    sawToast,
    shot,
    signIn,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    await page.getByRole('link', { name: /Contact messages/ }).click();
    await page.waitForURL(/\/admin\/notifications\?tab=inbox/);
    await page.getByRole('tab', { name: 'Contact messages', selected: true }).waitFor();
    await page.getByRole('tab', { name: 'Send announcement' }).click();
    const title = `Sabha notice ${Date.now()}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Message').fill('The annual general meeting is on Sunday at 10.');
    await page.getByLabel('Audience').selectOption('members');
    await page.getByLabel('Link (optional)').fill('/events');
    await page.getByRole('button', { name: 'Send announcement' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send announcement' }).click();
    await sawToast(page, 'Announcement sent to');
    await page.getByRole('table', { name: 'Announcements sent' }).getByText(title).waitFor();
    await shot(page, 'admin-notifications');
    await ctx.close();

    const member = await context();
    const mp = await member.newPage();
    await signIn(mp, 'member');
    await mp.getByTestId('notification-bell').click();
    await mp.getByText(title).waitFor();
    await member.close();
  });

  test('a user turns event notifications off and stops receiving them', async ({
    base,
    api,
    tokenOf,
    tokenFor,
    context,
    sawToast,
    shot,
    signInAs,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signInAs(
      page,
      'member@demo.havyaka.org',
      '/dashboard/member',
      passwordOf('member@demo.havyaka.org'),
    );
    await page.goto(`${base}/notifications/settings`);
    await page.getByRole('heading', { level: 1, name: 'Notification Settings' }).waitFor();
    await page.getByTestId('notification-status').waitFor();
    const events = page.getByRole('switch', { name: /Events/ });
    assert(await events.isChecked(), 'events are on by default');
    await events.uncheck();
    await sawToast(page, 'Notification settings saved');
    await page.reload();
    await page.getByRole('switch', { name: /Events/ }).waitFor();
    assert(
      !(await page.getByRole('switch', { name: /Events/ }).isChecked()),
      'the choice is kept on the server',
    );
    await shot(page, 'notification-settings');
    const admin = await tokenFor('admin');
    const title = `Choices ${Date.now()}`;
    await api('/rest/v1/events', {
      token: admin,
      method: 'POST',
      body: {
        title,
        description: 'A test event',
        event_date: '2030-01-01',
        event_type: 'social',
        status: 'upcoming',
      },
    });
    const mine = await api(
      `/rest/v1/notifications?select=title&title=eq.New event: ${encodeURIComponent(title)}`,
      {
        token: await tokenOf('member@demo.havyaka.org', DEMO_PASSWORD),
      },
    );
    assert(mine.length === 0, 'the member who turned events off got no notification');
    const theirs = await api(
      `/rest/v1/notifications?select=title&title=eq.New event: ${encodeURIComponent(title)}`,
      {
        token: await tokenOf('member.viewer@demo.havyaka.org', DEMO_PASSWORD),
      },
    );
    assert(theirs.length === 1, 'others still do');

    // Announcements from the office are "other notices": turned off, they stop too.
    await page.getByRole('switch', { name: /Other notices/ }).uncheck();
    await sawToast(page, 'Notification settings saved');
    const notice = `Office notice ${Date.now()}`;
    await api('/rest/v1/rpc/send_announcement', {
      token: admin,
      method: 'POST',
      body: { title: notice, message: 'The office is closed on Monday.', audience: 'everyone' },
    });
    const bell = async (email) =>
      api(`/rest/v1/notifications?select=title&title=eq.${encodeURIComponent(notice)}`, {
        token: await tokenOf(email, DEMO_PASSWORD),
      });
    const mineNotice = await bell('member@demo.havyaka.org');
    assert(mineNotice.length === 0, 'no announcement for the member who turned them off');
    const theirNotice = await bell('member.viewer@demo.havyaka.org');
    assert(theirNotice.length === 1, 'the others get it');

    // Their own choices back on, as they could through the API, and the screen shows it.
    await api('/rest/v1/notification_preferences?user_id=not.is.null', {
      token: await tokenOf('member@demo.havyaka.org', DEMO_PASSWORD),
      method: 'PATCH',
      body: { event: true, other: true },
    });
    await page.reload();
    await page.getByRole('switch', { name: /Other notices/ }).waitFor();
    assert(
      (await page.getByRole('switch', { name: /Events/ }).isChecked()) &&
        (await page.getByRole('switch', { name: /Other notices/ }).isChecked()),
      'the member receives events and notices again',
    );
    await ctx.close();
  });
}
