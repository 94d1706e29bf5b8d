// A full event's waitlist (issue 37): a member joins the waitlist of a full event from its
// page, the registrant cancels, the member is offered the place, accepts it and is registered;
// event staff see the waitlist on the registrations screen.
import { assert } from '../harness.mjs';

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  test('a member joins a full event’s waitlist, a place frees up, they accept and are registered', async ({
    base,
    context,
    signIn,
    sawToast,
    shot,
    api,
    tokenFor,
  }) => {
    const staff = await tokenFor('event_manager');
    const title = `Bhajan for one ${Date.now()}`;
    const [event] = await api('/rest/v1/events', {
      token: staff,
      method: 'POST',
      body: {
        title,
        description: 'One place only.',
        event_date: new Date(Date.now() + 10 * 86_400_000).toLocaleDateString('en-CA'),
        event_time: '18:30',
        event_type: 'religious',
        status: 'published',
        registration_required: true,
        max_attendees: 1,
      },
    });
    // The student takes the only place.
    const student = await tokenFor('student');
    const studentId = JSON.parse(Buffer.from(student.split('.')[1], 'base64url').toString()).sub;
    await api('/rest/v1/event_registrations', {
      token: student,
      method: 'POST',
      body: { event_id: event.id, user_id: studentId },
    });

    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'member');
    await page.goto(`${base}/events/${event.id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await sawToast(page, 'You joined the waitlist');
    await page.getByTestId('waitlist-waiting').waitFor();

    // The student cancels: the place is offered to the member at once.
    await api(`/rest/v1/event_registrations?event_id=eq.${event.id}&user_id=eq.${studentId}`, {
      token: student,
      method: 'PATCH',
      body: { attendance_status: 'cancelled' },
    });
    await page.reload();
    const offer = page.getByTestId('waitlist-offer');
    await offer.waitFor();
    assert(
      (await offer.innerText()).includes('A place is held for you until'),
      'the offer says until when',
    );
    await shot(page, 'event-waitlist-offer');
    // The reload's other answers (saved on the device, then the server's) settle first: a
    // re-render under the click would take the button away from it.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Accept the place' }).click();
    await sawToast(page, 'You are registered');
    await page
      .getByTestId('event-registration')
      .getByText('Registered', { exact: false })
      .first()
      .waitFor();
    const mine = await api(
      `/rest/v1/event_registrations?event_id=eq.${event.id}&select=attendance_status`,
      {
        token: await tokenFor('member'),
      },
    );
    assert(
      mine.length === 1 && mine[0].attendance_status === 'registered',
      'the member is registered',
    );
    await ctx.close();
  });

  test('event staff see the demo’s full event’s waitlist, in order, and can run offers', async ({
    base,
    context,
    signIn,
    sawToast,
    shot,
    api,
    tokenFor,
  }) => {
    const [event] = await api('/rest/v1/events?title=eq.Bhajan%20Sandhya&select=id', {
      token: await tokenFor('event_manager'),
    });
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'event_manager');
    await page.goto(`${base}/admin/events/${event.id}/registrations`);
    const panel = page.getByTestId('admin-waitlist');
    await panel.getByRole('heading', { name: 'Waitlist (2)' }).waitFor();
    const names = await panel.getByRole('listitem').allInnerTexts();
    assert(
      names.length === 2 && names[1].includes('+ 1 guest'),
      `two wait, the second with a guest: ${names}`,
    );
    await panel.getByRole('button', { name: 'Offer free places now' }).click();
    await sawToast(page, '0 offers made');
    await shot(page, 'admin-event-waitlist');
    await ctx.close();
  });
}
