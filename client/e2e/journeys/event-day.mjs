// An event's day at the door (issue 37): event staff check a registered member in from the
// registrations list (and undo it), record a walk-in guest without an account, see the counts
// change live, are refused a walk-in that does not fit, and export the attendees' CSV (both
// kinds, with Mumbai dates).
import { readFile } from 'node:fs/promises';
import { assert } from '../harness.mjs';

const subOf = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  test('staff check in a member and a walk-in, and the counts change', async ({
    base,
    context,
    signIn,
    sawToast,
    shot,
    api,
    tokenFor,
  }) => {
    const staff = await tokenFor('event_manager');
    const title = `Health camp ${Date.now()}`;
    const [event] = await api('/rest/v1/events', {
      token: staff,
      method: 'POST',
      body: {
        title,
        description: 'Free check-ups.',
        event_date: new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' }),
        event_time: '23:50',
        event_type: 'health',
        status: 'published',
        registration_required: true,
        max_attendees: 5,
      },
    });
    const member = await tokenFor('member');
    await api('/rest/v1/event_registrations', {
      token: member,
      method: 'POST',
      body: { event_id: event.id, user_id: subOf(member), guests: 1 },
    });

    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'event_manager');
    await page.goto(`${base}/admin/events/${event.id}/registrations`);
    const count = (id) => page.getByTestId(`count-${id}`).locator('dd').first();
    const counted = (id, value) =>
      page.waitForFunction(
        ([id, value]) =>
          document.querySelector(`[data-testid=count-${id}] dd`)?.textContent.trim() === value,
        [id, value],
      );
    await counted('seats', '2 of 5');
    await counted('checked-in', '0');

    // Search (by name, or phone) narrows the list; check the member in (they and their guest).
    const users = await api(`/rest/v1/users?id=eq.${subOf(member)}&select=full_name`, {
      token: staff,
    });
    const name = users[0].full_name;
    await page.getByLabel('Search registrants').fill(name.split(' ')[0]);
    await page.waitForURL(/[?&]q=/);
    await page.getByRole('button', { name: `Check in ${name}` }).click();
    await sawToast(page, `${name} is checked in`);
    await counted('checked-in', '2');
    await page.getByTestId('checked-in').first().waitFor();
    await page.getByRole('button', { name: `Undo the check-in of ${name}` }).click();
    await sawToast(page, `Check-in of ${name} undone`);
    await counted('checked-in', '0');
    await page.getByRole('button', { name: `Check in ${name}` }).click();
    await counted('checked-in', '2');
    const stored = await api(
      `/rest/v1/event_registrations?event_id=eq.${event.id}&select=attendance_status,checked_in_by`,
      { token: staff },
    );
    assert(stored[0].attendance_status === 'attended', 'the check-in is stored');
    assert(stored[0].checked_in_by === subOf(staff), 'with who checked in');

    // A walk-in guest with a friend: two places, checked in as recorded.
    const walkIns = page.getByTestId('walk-ins');
    await walkIns.getByLabel('Name').fill('Ganesh Bhat');
    await walkIns.getByLabel('Phone (optional)').fill('98200 12345');
    await walkIns.getByLabel('Places').fill('2');
    await walkIns.getByRole('button', { name: 'Record walk-in' }).click();
    await sawToast(page, 'Ganesh Bhat is recorded and checked in');
    await walkIns.getByTestId('walk-in').getByText('Ganesh Bhat').waitFor();
    await counted('seats', '4 of 5');
    await counted('checked-in', '4');
    await counted('walk-ins', '2');
    assert((await count('walk-ins').textContent()) === '2', 'two walk-in places');

    // Two more do not fit in the one place left: refused, nothing recorded.
    await walkIns.getByLabel('Name').fill('Late family');
    await walkIns.getByLabel('Places').fill('2');
    await walkIns.getByRole('button', { name: 'Record walk-in' }).click();
    await sawToast(page, 'This event is full');
    await counted('seats', '4 of 5');
    await shot(page, 'admin-event-day');

    // The attendees' CSV: the member and the walk-in, places and Mumbai times.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export attendees (CSV)' }).click(),
    ]);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    assert(lines[0].startsWith('Name,Email,Phone,Places'), `the header: ${lines[0]}`);
    assert(
      lines.some((l) => l.startsWith(`${name},`) && l.includes(',2,1,Attended,')),
      csv,
    );
    assert(
      lines.some((l) => l.startsWith('Ganesh Bhat,,98200 12345,2,1,Walk-in,')),
      csv,
    );
    assert(/\d{4}-\d\d-\d\d \d\d:\d\d/.test(lines[1]), 'dates as YYYY-MM-DD HH:MM');
    await ctx.close();
  });
}
