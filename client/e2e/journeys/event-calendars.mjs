// Calendars (issue 37): an event's page offers the server's .ics file (a plain link, served as
// text/calendar) and Google Calendar's add-event page with the event's times in UTC; a member's
// personal feed screen makes a secret link, copies it, replaces it (the old one stops) and
// turns it off.
import { assert } from '../harness.mjs';

const subOf = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  test('an event page’s calendar links carry the right dates', async ({
    base,
    anonKey,
    context,
    api,
    tokenFor,
  }) => {
    const staff = await tokenFor('event_manager');
    const title = `Yakshagana ${Date.now()}`;
    const [event] = await api('/rest/v1/events', {
      token: staff,
      method: 'POST',
      body: {
        title,
        description: 'An evening of Yakshagana.',
        event_date: '2031-03-19',
        event_time: '18:30',
        duration_minutes: 150,
        location: 'Havyaka Bhavan, Matunga',
        event_type: 'cultural',
        status: 'published',
      },
    });
    const ctx = await context();
    const page = await ctx.newPage();
    await page.goto(`${base}/events/${event.id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const google = new URL(
      await page.getByRole('link', { name: /Add to Google Calendar/ }).getAttribute('href'),
    );
    assert(google.host === 'calendar.google.com', 'Google Calendar');
    // 18:30 in Mumbai is 13:00 UTC; two and a half hours.
    assert(google.searchParams.get('dates') === '20310319T130000Z/20310319T153000Z', google.href);
    assert(google.searchParams.get('text') === title, 'the title');
    assert(google.searchParams.get('location') === 'Havyaka Bhavan, Matunga', 'the place');
    assert(google.searchParams.get('ctz') === 'Asia/Kolkata', 'Mumbai time');
    assert(
      (await page.getByRole('link', { name: /Add to Google Calendar/ }).getAttribute('target')) ===
        '_blank',
      'in a new tab',
    );

    // The .ics is the server's: a plain link a browser (or a phone) opens as it is.
    const ics = page.getByRole('link', { name: 'Add to calendar (.ics)' });
    const href = await ics.getAttribute('href');
    const answer = await fetch(href, { headers: { accept: 'text/html,*/*;q=0.8' } });
    assert(answer.status === 200, `the .ics link answers (${answer.status})`);
    assert(answer.headers.get('content-type').startsWith('text/calendar'), 'as text/calendar');
    const body = await answer.text();
    assert(body.startsWith('BEGIN:VCALENDAR\r\n'), 'a calendar');
    assert(body.includes('DTSTART;TZID=Asia/Kolkata:20310319T183000'), 'at Mumbai time');
    assert(body.includes('DTEND;TZID=Asia/Kolkata:20310319T210000'), 'until the end');
    assert(body.includes('TRIGGER:-P1D'), 'with a reminder the day before');
    assert((await ics.getAttribute('download')).endsWith('.ics'), 'downloaded as a .ics file');

    // Any selection of events as one calendar: the rows of /events, served by the
    // public.ics_calendar aggregate when text/calendar is asked for.
    const list = await fetch(`${base}/rest/v1/events?id=eq.${event.id}&apikey=${anonKey}`, {
      headers: { accept: 'text/calendar' },
    });
    assert(list.status === 200, `the events as a calendar (${list.status})`);
    assert(list.headers.get('content-type').startsWith('text/calendar'), 'as text/calendar');
    const listed = await list.text();
    assert(listed.includes(`SUMMARY:${title}`) && listed.endsWith('END:VCALENDAR\r\n'), listed);
    await ctx.close();
  });

  test('a member makes, copies, replaces and turns off their calendar feed', async ({
    base,
    context,
    signIn,
    sawToast,
    shot,
    api,
    tokenFor,
  }) => {
    const staff = await tokenFor('event_manager');
    const title = `Satsang ${Date.now()}`;
    const [event] = await api('/rest/v1/events', {
      token: staff,
      method: 'POST',
      body: {
        title,
        description: 'Evening satsang.',
        event_date: '2031-04-02',
        event_time: '19:00',
        event_type: 'religious',
        status: 'published',
        registration_required: true,
      },
    });
    const member = await tokenFor('member');
    await api('/rest/v1/event_registrations', {
      token: member,
      method: 'POST',
      body: { event_id: event.id, user_id: subOf(member) },
    });

    const ctx = await context({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await ctx.newPage();
    await signIn(page, 'member');
    await page.getByRole('link', { name: /in your phone’s calendar/ }).click();
    await page.waitForURL(`${base}/events/my-calendar`);
    await page.getByRole('button', { name: 'Create my calendar link' }).click();
    await sawToast(page, 'Calendar link created');
    const field = page.getByLabel('Your private calendar link');
    await field.waitFor();
    const first = await field.inputValue();
    assert(first.includes('/rest/v1/rpc/event_calendar_feed?token='), first);
    const webcal = await page
      .getByRole('link', { name: 'Open in my calendar app' })
      .getAttribute('href');
    assert(webcal === first.replace(/^https?:\/\//, 'webcal://'), 'the same link as webcal://');

    await page.getByRole('button', { name: 'Copy link' }).click();
    await sawToast(page, 'Link copied');
    assert((await page.evaluate(() => navigator.clipboard.readText())) === first, 'copied');
    const feed = await fetch(first);
    assert(feed.status === 200, `the feed answers (${feed.status})`);
    assert((await feed.text()).includes(`SUMMARY:${title}`), 'with the registered event');
    await shot(page, 'my-calendar-feed');

    await page.getByRole('button', { name: 'Make a new link' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Make a new link' }).click();
    await sawToast(page, 'New link made');
    await page.waitForFunction(
      (old) => document.querySelector('input[readonly]')?.value !== old,
      first,
    );
    const second = await field.inputValue();
    assert((await fetch(first)).status === 404, 'the old link stops working');
    assert((await fetch(second)).status === 200, 'the new one works');

    await page.getByRole('button', { name: 'Turn off the link' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Turn off the link' }).click();
    await sawToast(page, 'Calendar link turned off');
    await page.getByText('You have no calendar link yet.').waitFor();
    assert((await fetch(second)).status === 404, 'a turned-off link answers nothing');
    await ctx.close();
  });
}
