// Event and media staff: an event made with an image and rich text, then edited; a script
// written into a description through REST stays inert; an album of many photos; and the staff
// lists keeping their view in the URL, as a table and as cards.
import { assert } from '../harness.mjs';

/** Writes the description with the rich text editor's toolbar (spec §2). */
async function fillDescription(page) {
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  for (const name of [
    'Bold',
    'Italic',
    'Strikethrough',
    'Bullet list',
    'Numbered list',
    'Quote',
    'Align left',
    'Align center',
    'Align right',
    'Justify',
    'Undo',
    'Redo',
  ]) {
    await toolbar.getByRole('button', { name, exact: true }).waitFor();
  }
  await page.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('An evening of ');
  await toolbar.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.keyboard.type('music');
  await toolbar.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.keyboard.type(' and dance');
  await toolbar.getByRole('button', { name: 'Align center', exact: true }).click();
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Bullet list', exact: true }).click();
  await page.keyboard.type('Vocal concert');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Typo');
  await toolbar.getByRole('button', { name: 'Undo', exact: true }).click();
  await toolbar.getByRole('button', { name: 'Redo', exact: true }).click();
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('Bharatanatyam');
}

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  test('an event manager creates an event with an image, edits it and sees the toasts', async ({
    base,
    anonKey,
    tokenFor,
    context,
    sawToast,
    shot,
    signIn,
    pngOf,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'event_manager');
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
    await page.getByRole('table', { name: 'Events' }).getByText('Ugadi Sammilana').waitFor();
    await page.getByRole('link', { name: 'Create Event' }).click();
    await page.waitForURL(`${base}/admin/events/create`);
    await page.getByRole('heading', { level: 1, name: 'Create Event' }).waitFor();

    // The rules of spec §5, before anything is sent.
    await page.getByRole('button', { name: 'Create Event' }).click();
    await page.getByText('Title is required').waitFor();
    await page.getByText('Event type is required').waitFor();
    await page.getByText('Description is required').waitFor();
    await page.getByText('Event date is required').waitFor();

    const title = `Sangeetha Sanje ${Date.now()}`;
    await page.getByLabel('Event Title').fill(title);
    await page.getByLabel('Event Type').selectOption('cultural');
    await fillDescription(page);
    const date = new Date(Date.now() + 20 * 86400_000).toISOString().slice(0, 10);
    await page.getByLabel('Event Date').fill(date);
    await page.getByLabel('Event Time').fill('18:30');
    await page
      .getByRole('textbox', { name: 'Location', exact: true })
      .fill('Havyaka Bhavan, Matunga');
    await page.getByLabel('Contact Email').fill('not-an-email');
    await page.getByLabel('Contact Email').blur();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByLabel('Contact Email').fill('music@demo.havyaka.org');
    assert(
      !(await page.getByLabel('Maximum Attendees').isVisible()),
      'no maximum without registration',
    );
    await page.getByLabel('Registration required').check();
    await page.getByLabel('Maximum Attendees').fill('120');

    await page.locator('input[type=file]').setInputFiles({
      name: 'Stage Photo!.png',
      mimeType: 'image/png',
      buffer: await pngOf(page, 3000, 2000),
    });
    await sawToast(page, 'Image uploaded successfully.');
    const preview = page.getByTestId('featured-image-preview');
    await preview.waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid=featured-image-preview]')?.naturalWidth > 0,
    );
    await shot(page, 'admin-event-create');

    await page.getByRole('button', { name: 'Create Event' }).click();
    await sawToast(page, 'Event created successfully!');
    await page.waitForURL(/\/admin\/events\/[0-9a-f-]{36}\/edit$/);
    const id = page.url().match(/events\/([0-9a-f-]{36})\/edit/)[1];
    await page.getByTestId('event-meta').getByText(id).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Edit Event' }).waitFor();

    // The stored image: JPEG, fitted into 1920x1080, in event-images/featured.
    const token = await tokenFor('event_manager');
    const rows = await (
      await fetch(`${base}/rest/v1/events?id=eq.${id}&select=*`, {
        headers: { apikey: anonKey, Authorization: `Bearer ${token}` },
      })
    ).json();
    const stored = rows[0];
    assert(stored.max_attendees === 120 && stored.registration_required, 'registration saved');
    assert(
      stored.description.includes('<strong>music</strong>') &&
        stored.description.includes('text-align: center') &&
        /<ul><li><p[^>]*>Vocal concert<\/p><\/li><li><p[^>]*>Bharatanatyam<\/p><\/li><\/ul>/.test(
          stored.description,
        ),
      `the description keeps its formatting: ${stored.description}`,
    );
    assert(
      stored.location === 'Havyaka Bhavan, Matunga' && stored.venue_details === null,
      'empty → null',
    );
    assert(
      /^\/storage\/v1\/object\/public\/event-images\/featured\/\d+-[a-z0-9]+-stage-photo\.jpg$/.test(
        stored.featured_image_url,
      ),
      `stored in event-images/featured under a safe name: ${stored.featured_image_url}`,
    );
    const file = await fetch(`${base}${stored.featured_image_url}`);
    assert(file.headers.get('content-type') === 'image/jpeg', 'stored as JPEG');
    const size = await page.evaluate(async (url) => {
      const img = new window.Image();
      img.src = url;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, `${base}${stored.featured_image_url}`);
    assert(size[0] === 1620 && size[1] === 1080, `resized to fit 1920x1080: ${size}`);

    // Edit: turning registration off clears the deadline and the maximum.
    await page.getByLabel('Event Title').fill(`${title} (updated)`);
    await page.getByLabel('Registration required').uncheck();
    await page.getByRole('button', { name: 'Update Event' }).click();
    await sawToast(page, 'Event updated successfully!');
    const after = (
      await (
        await fetch(
          `${base}/rest/v1/events?id=eq.${id}&select=title,max_attendees,registration_deadline`,
          {
            headers: { apikey: anonKey, Authorization: `Bearer ${token}` },
          },
        )
      ).json()
    )[0];
    assert(after.title === `${title} (updated)`, 'title updated');
    assert(after.max_attendees === null && after.registration_deadline === null, 'limits cleared');
    await shot(page, 'admin-event-edit');

    const visitor = await (await context()).newPage();
    await visitor.goto(`${base}/events/${id}`);
    await visitor
      .getByTestId('event-description')
      .locator('strong', { hasText: 'music' })
      .waitFor();
    await visitor
      .getByTestId('event-description')
      .locator('li', { hasText: 'Bharatanatyam' })
      .waitFor();
    await visitor.context().close();

    await page.getByRole('link', { name: 'Back to Events' }).click();
    await page.waitForURL(`${base}/admin/events`);
    await page.getByLabel('Search events').fill('Sangeetha Sanje');
    await page.waitForURL(/q=Sangeetha/);
    await page.getByRole('table', { name: 'Events' }).getByText(`${title} (updated)`).waitFor();

    await page.goto(`${base}/admin/events/00000000-0000-4000-8000-000000000000/edit`);
    await page.getByRole('heading', { name: 'Event Not Found' }).waitFor();
    await ctx.close();
  });

  test('a script written into a description through REST does not run on the public page', async ({
    base,
    anonKey,
    tokenFor,
    context,
  }) => {
    const token = await tokenFor('event_manager');
    const hostile =
      '<p>Safe <strong>words</strong></p><script>window.__pwned = 1</script>' +
      '<img src=x onerror="window.__pwned = 2"><iframe src="https://example.org"></iframe>' +
      '<a href="javascript:window.__pwned = 3">click</a><p onmouseover="window.__pwned = 4">hover</p>';
    const res = await fetch(`${base}/rest/v1/events`, {
      method: 'POST',
      headers: {
        apikey: anonKey,
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
      },
      body: JSON.stringify({
        title: 'Hostile description',
        description: hostile,
        event_date: new Date(Date.now() + 9 * 86400_000).toISOString().slice(0, 10),
        event_type: 'other',
        status: 'published',
      }),
    });
    const [row] = await res.json();
    assert(res.status === 201, `created (${res.status})`);
    assert(
      !/script|onerror|iframe|javascript:|onmouseover/i.test(row.description),
      `sanitised by the database: ${row.description}`,
    );

    const ctx = await context();
    const page = await ctx.newPage();
    const dialogs = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${base}/events/${row.id}`);
    await page.getByRole('heading', { level: 1, name: 'Hostile description' }).waitFor();
    const body = page.getByTestId('event-description');
    await body.locator('strong', { hasText: 'words' }).waitFor();
    await body.getByText('hover').hover();
    await body.getByText('click').click();
    assert((await page.evaluate(() => window.__pwned)) === undefined, 'no script ran');
    assert(dialogs.length === 0, 'no dialog opened');
    assert(
      (await body.locator('script, img, iframe, [onmouseover]').count()) === 0,
      'nothing active rendered',
    );
    await ctx.close();
  });

  test('an event manager makes an album: many photos at once, cover, order, publish', async ({
    base,
    context,
    sawToast,
    shot,
    signIn,
    pngOf,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'event_manager');
    await page.goto(`${base}/admin/media`);
    await page.getByRole('heading', { level: 1, name: 'Media Management' }).waitFor();
    await page.getByRole('table', { name: 'Albums' }).waitFor();
    await page.getByRole('button', { name: 'New album' }).click();
    const title = `Rathotsava ${Date.now()}`;
    await page.getByLabel('Album title').fill(title);
    const eventSelect = page.getByLabel('Event', { exact: true });
    const ugadi = await eventSelect
      .locator('option', { hasText: 'Ugadi Sammilana' })
      .first()
      .getAttribute('value');
    await eventSelect.selectOption(ugadi);
    await page.getByRole('button', { name: 'Create album' }).click();
    await sawToast(page, 'Album created');
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByLabel('Add photos and videos').setInputFiles([
      { name: 'Chariot 1.png', mimeType: 'image/png', buffer: await pngOf(page, 2600, 1400) },
      { name: 'Chariot 2.png', mimeType: 'image/png', buffer: await pngOf(page, 800, 600) },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') },
    ]);
    await sawToast(page, '2 files uploaded');
    await page.getByText('notes.txt: File type not allowed').waitFor();
    const items = page.getByTestId('album-items').getByRole('listitem');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=album-items] li').length === 2,
    );
    assert((await items.first().textContent()).includes('Chariot 1'), 'uploaded in order');
    await page.getByRole('button', { name: 'Move item 1 later' }).click();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=album-items] li')?.textContent.includes('Chariot 2'),
    );
    await page.getByRole('button', { name: 'Use item 1 as the album cover' }).click();
    await sawToast(page, 'Cover image set');
    await page.getByLabel('Published (visible in the public gallery)').check();
    await page.getByRole('button', { name: 'Save album' }).click();
    await sawToast(page, 'Album saved');
    await shot(page, 'admin-media-album');

    const visitor = await context();
    const pub = await visitor.newPage();
    await pub.goto(`${base}/media`);
    await pub.getByText(title).first().click();
    await pub.waitForURL(/\/media\/album\//);
    await pub.getByTestId('album-photos').locator('img').nth(1).waitFor();
    await visitor.close();

    await page.getByRole('button', { name: 'Delete item 2' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await sawToast(page, 'Item deleted');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=album-items] li').length === 1,
    );
    await page.getByRole('button', { name: 'Delete album' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete album' }).click();
    await sawToast(page, 'Album deleted');
    await page.getByRole('table', { name: 'Albums' }).waitFor();
    await ctx.close();
  });

  for (const width of [1280, 360]) {
    test(`staff lists keep their view in the URL, with exact counts, at ${width} px`, async ({
      base,
      context,
      sawToast,
      shot,
      signIn,
    }) => {
      const ctx = await context({ viewport: { width, height: 900 } });
      const page = await ctx.newPage();
      await signIn(page, 'admin');
      // A table from 768 px, one card per row below it: the same accessible name either way.
      const list = (name) => page.getByRole(width < 768 ? 'list' : 'table', { name, exact: true });
      const noTables = async () =>
        assert(width >= 768 || (await page.getByRole('table').count()) === 0, 'cards, not a table');

      await page.goto(`${base}/admin/events?type=cultural`);
      assert(
        (await page.getByLabel('Type').inputValue()) === 'cultural',
        'the filter from the URL',
      );
      await page.getByLabel('Search events').fill('Ugadi');
      await page.waitForURL(/[?&]q=Ugadi/);
      await list('Events').getByText('Ugadi Sammilana').waitFor();
      await page.getByText('Showing 1–1 of 1').waitFor();
      await noTables();
      await page.getByRole('link', { name: 'Registrations of Ugadi Sammilana' }).click();
      await page.waitForURL(/\/admin\/events\/[0-9a-f-]{36}\/registrations$/);
      await page.getByText('Showing 1–3 of 3').waitFor();
      await page.getByLabel('Attendance', { exact: true }).selectOption('cancelled');
      await page.waitForURL(/status=cancelled/);
      await page.getByText('No registrations match').waitFor();
      await page.goBack();
      await page.getByText('Showing 1–3 of 3').waitFor();
      // The server searches, sorts and pages them (issue 41: 5,000 are not read at once).
      const registrants = list('Registrations');
      await page.getByLabel('Search registrants').fill('hegde');
      await page.waitForURL(/[?&]q=hegde/);
      await page.getByText('Showing 1–1 of 1').waitFor();
      await registrants.getByText('Ravi Hegde').waitFor();
      const firstRow = () => registrants.locator(width < 768 ? 'li' : 'tbody tr').first();
      const registrationsUrl = page.url().replace(/\?.*$/, '');
      for (const [sort, first] of [
        ['name', 'Meera Kamath'],
        ['name.desc', 'Shreya Bhat'],
      ]) {
        await page.goto(`${registrationsUrl}?sort=${sort}`);
        await page.getByText('Showing 1–3 of 3').waitFor();
        await firstRow().getByText(first).waitFor();
      }
      await shot(page, `admin-event-registrations-${width}`);

      await page.goto(`${base}/admin/business?show=active&q=Ayurveda`);
      await list('Business listings').getByText('Hegde Ayurveda Clinic').waitFor();
      await page.getByText('Showing 1–1 of 1').waitFor();
      await noTables();

      await page.goto(`${base}/admin/media?tab=videos&v.status=draft`);
      await list('Videos').getByText('Interview with the president (draft)').waitFor();
      await page.getByText('Showing 1–1 of 1').waitFor();

      await page.goto(`${base}/admin/notifications?tab=inbox&status=all`);
      await list('Contact messages').getByText('Hall booking in May').waitFor();
      await noTables();
      await shot(page, `admin-contact-inbox-${width}`);
      if (width >= 768) {
        // A change that takes the row out of the filtered list still says it was saved.
        // The filtered list has arrived (its response read, not the previous rows kept while it
        // loads: the table is not marked busy until React renders the new view).
        const filtered = page.waitForResponse(
          (r) => r.url().includes('/rest/v1/contact_messages') && r.url().includes('status=eq.new'),
        );
        await page.getByLabel('Show').selectOption('new');
        await page.waitForURL((u) => !u.search.includes('status='));
        await filtered;
        await page.locator('table[aria-label="Contact messages"]:not([aria-busy])').waitFor();
        await page.getByLabel('Status of “Hall booking in May”').selectOption('read');
        await sawToast(page, 'Message updated');
        await list('Contact messages')
          .getByText('Hall booking in May')
          .waitFor({ state: 'detached' });
        await page.getByLabel('Show').selectOption('read');
        await list('Contact messages').getByText('Hall booking in May').waitFor();
      }
      await ctx.close();
    });
  }
}
