// Check-in at an event's door by the membership card (issue 37 item 4, issue 36 item 8): event
// staff open the card scanner, pick the event of the day, lose the network, and scan a
// registered member's card: the card is valid (checked on the device) and the check-in is
// saved on the device; back online it is sent by itself and the member is checked in, by this
// staff member, by card; the registrations screen counts them; scanning again says already.
import { assert } from '../harness.mjs';

const subOf = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  test('staff scan a registered member’s card offline; the check-in is sent when online', async ({
    base,
    context,
    signIn,
    shot,
    api,
    tokenFor,
  }) => {
    const staff = await tokenFor('event_manager');
    const title = `Ugadi at the door ${Date.now()}`;
    const [event] = await api('/rest/v1/events', {
      token: staff,
      method: 'POST',
      body: {
        title,
        description: 'Entry by membership card.',
        event_date: new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' }),
        event_time: '23:30',
        event_type: 'cultural',
        status: 'published',
        registration_required: true,
        max_attendees: 50,
      },
    });
    const member = await tokenFor('member');
    await api('/rest/v1/event_registrations', {
      token: member,
      method: 'POST',
      body: { event_id: event.id, user_id: subOf(member) },
    });
    const card = await api('/cards/v1/token', { token: member, method: 'POST' });
    assert(card.claims.m === 'LM-1024', `the member's card: ${JSON.stringify(card.claims)}`);

    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'event_manager');
    // From the event's registrations screen to the scanner, the event chosen.
    await page.goto(`${base}/admin/events/${event.id}/registrations`);
    await page.getByRole('link', { name: 'Check in by membership card' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check membership cards' }).waitFor();
    await page.getByTestId('scanner-ready').waitFor();
    const choice = page.getByLabel('Check in at');
    await choice.locator(`option[value="${event.id}"]`).waitFor({ state: 'attached' });
    assert((await choice.inputValue()) === event.id, 'the event is chosen');

    // The network goes: the card is still checked, and the check-in waits on the device.
    await ctx.setOffline(true);
    await page.getByLabel('Card code').fill(card.token);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.locator('[data-testid="card-verdict"][data-status="valid"]').waitFor();
    const status = page.getByTestId('check-in-status');
    await page.locator('[data-testid="check-in-status"][data-result="queued"]').waitFor();
    assert(
      (await status.innerText()).includes('saved on this device'),
      `the scan is kept: ${await status.innerText()}`,
    );
    await page.getByTestId('check-ins-pending').getByText('1 check-in waits to be sent.').waitFor();
    const kept = await page.evaluate(
      (sub) => JSON.parse(localStorage.getItem(`havyaka:check-ins:${sub}`) ?? '[]'),
      subOf(staff),
    );
    assert(
      kept.length === 1 && kept[0].memberNo === 'LM-1024' && kept[0].eventId === event.id,
      `the queue on the device: ${JSON.stringify(kept)}`,
    );
    await shot(page, 'card-scanner-check-in-queued');
    const notYet = await api(
      `/rest/v1/event_registrations?event_id=eq.${event.id}&select=attendance_status`,
      { token: staff },
    );
    assert(notYet[0].attendance_status === 'registered', 'nothing reached the server offline');

    // Back online: the queue is sent by itself.
    await ctx.setOffline(false);
    await page
      .locator('[data-testid="check-in-status"][data-result="checked-in"]')
      .waitFor({ timeout: 15_000 });
    assert(
      (await status.innerText()).includes(`is checked in at ${title}`),
      `the check-in is confirmed: ${await status.innerText()}`,
    );
    await page.getByTestId('check-ins-pending').waitFor({ state: 'detached' });
    const stored = await api(
      `/rest/v1/event_registrations?event_id=eq.${event.id}&select=attendance_status,checked_in_by,checked_in_via,checked_in_at`,
      { token: staff },
    );
    assert(
      stored[0].attendance_status === 'attended' &&
        stored[0].checked_in_by === subOf(staff) &&
        stored[0].checked_in_via === 'card' &&
        stored[0].checked_in_at,
      `stored: attended, by this staff member, by card (${JSON.stringify(stored[0])})`,
    );
    await shot(page, 'card-scanner-check-in');

    // The same card again: already checked in, the first time kept.
    await page.getByRole('button', { name: 'Next card' }).click();
    await page.getByLabel('Card code').fill(card.token);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.locator('[data-testid="check-in-status"][data-result="already"]').waitFor();
    assert(
      (await status.innerText()).includes('was already checked in at'),
      await status.innerText(),
    );

    // The registrations screen counts them.
    await page.goto(`${base}/admin/events/${event.id}/registrations`);
    await page.waitForFunction(
      () => document.querySelector('[data-testid=count-checked-in] dd')?.textContent.trim() === '1',
    );
    await ctx.close();
  });
}
