// Content staff and admins on the website: a Sandesha issue published, an editor added and
// removed, a slide and a board member, a business listing, PWA analytics and the test page.
import { ACCOUNTS, assert, TINY_PDF } from '../harness.mjs';

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  test('a sandesha manager publishes an issue that appears in the public archive', async ({
    base,
    context,
    sawToast,
    shot,
    signIn,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'havyaka_sandesh_manager');
    await page.getByRole('heading', { level: 1, name: 'Havyaka Sandesh' }).waitFor();
    await page.getByTestId('admin-issues').waitFor();
    await page.getByRole('button', { name: 'Add issue' }).click();
    const title = `Deepavali Visheshanka ${Date.now()}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Year').fill('2026');
    await page.getByLabel('Month').selectOption('11');
    await page.getByRole('button', { name: 'Save issue' }).click();
    await page.getByText('PDF file is required').waitFor();
    await page.getByLabel('PDF file').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a pdf'),
    });
    await page.getByText('File type not allowed. Allowed types: PDF').waitFor();
    await page.getByLabel('PDF file').setInputFiles({
      name: 'Deepavali 2026.pdf',
      mimeType: 'application/pdf',
      buffer: TINY_PDF,
    });
    await page.getByLabel('Published (visible in the public archive)').check();
    await page.getByRole('button', { name: 'Save issue' }).click();
    await sawToast(page, 'Issue saved');
    await page.getByTestId('admin-issues').getByText(title).waitFor();
    await shot(page, 'admin-sandesha');

    const visitor = await context();
    const pub = await visitor.newPage();
    await pub.goto(`${base}/havyaka-sandesha`);
    await pub.getByText(title).first().waitFor();
    await visitor.close();

    await page
      .getByRole('button', {
        name: `Unpublish ${new Date(2000, 10, 1).toLocaleDateString('en-IN', { month: 'long' })} 2026: ${title}`,
      })
      .click();
    await sawToast(page, 'Issue unpublished');
    await ctx.close();
  });

  test('an admin adds a Sandesha editor and removes them again', async ({
    base,
    context,
    sawToast,
    shot,
    signIn,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    await page.goto(`${base}/admin/sandesh-editors`);
    await page.getByRole('heading', { level: 1, name: 'Sandesh Editors' }).waitFor();
    await page
      .getByRole('table', { name: 'Current editors' })
      .getByText(ACCOUNTS.havyaka_sandesh_manager[0])
      .waitFor();
    await page.getByLabel('Search members').fill('member@demo');
    const make = page
      .getByTestId('editor-candidates')
      .getByRole('button', { name: /^Make .* an editor$/ })
      .first();
    await make.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Make editor' }).click();
    await sawToast(page, 'Editor added');
    await page
      .getByRole('table', { name: 'Current editors' })
      .getByText('member@demo.havyaka.org')
      .waitFor();
    await shot(page, 'admin-sandesh-editors');
    await page
      .getByRole('table', { name: 'Current editors' })
      .getByRole('row')
      .filter({ hasText: 'member@demo.havyaka.org' })
      .getByRole('button', { name: /^Remove/ })
      .click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Remove', exact: true })
      .click();
    await sawToast(page, 'Editor removed');
    await page
      .getByRole('table', { name: 'Current editors' })
      .getByText('member@demo.havyaka.org')
      .waitFor({ state: 'detached' });
    await ctx.close();
  });

  test('a content manager puts a slide first on the home page and a board member on the About page', async ({
    base,
    context,
    sawToast,
    shot,
    signIn,
    pngOf,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'content_manager');
    await page.goto(`${base}/admin/slider`);
    await page.getByRole('heading', { level: 1, name: 'Homepage Slider' }).waitFor();
    await page.getByTestId('admin-slides').waitFor();
    await page.getByRole('button', { name: 'Add slide' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Image is required').waitFor();
    const caption = `Vasanthotsava ${Date.now()}`;
    await page.getByLabel('Caption').fill(caption);
    await page.getByLabel('Link').fill('javascript:alert(1)');
    await page.getByLabel('Link').blur();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Link format is invalid').waitFor();
    await page.getByLabel('Link').fill('/events');
    await page.getByLabel('Image', { exact: true }).setInputFiles({
      name: 'spring.png',
      mimeType: 'image/png',
      buffer: await pngOf(page, 1600, 800),
    });
    await sawToast(page, 'Image uploaded successfully.');
    await page.getByRole('button', { name: 'Save' }).click();
    await sawToast(page, 'Saved');
    const slides = page.getByTestId('admin-slides').getByRole('listitem');
    await slides.filter({ hasText: caption }).waitFor();
    const count = await slides.count();
    for (let i = count - 1; i > 0; i--) {
      await page.getByRole('button', { name: `Move ${caption} up` }).click();
      await page.waitForFunction(
        ([c, n]) =>
          [...document.querySelectorAll('[data-testid=admin-slides] li')].findIndex((li) =>
            li.textContent.includes(c),
          ) === n,
        [caption, i - 1],
      );
    }
    await shot(page, 'admin-slider');
    const home = await (await context()).newPage();
    await home.goto(base);
    await home.getByText(caption).waitFor();

    await page.goto(`${base}/admin/board-members`);
    await page.getByRole('button', { name: 'Add board member' }).click();
    const name = `Shri Test Trustee ${Date.now()}`;
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Designation').fill('Trustee');
    await page.getByRole('button', { name: 'Save' }).click();
    await sawToast(page, 'Saved');
    await home.goto(`${base}/about`);
    await home.getByTestId('board-members').getByText(name).waitFor();
    await page.getByRole('button', { name: `Hide ${name}` }).click();
    await page.getByRole('button', { name: `Show ${name}` }).waitFor();
    await home.reload();
    await home.getByTestId('board-members').getByText('Shri Narayan Bhat').waitFor();
    // The reload may first paint the answer saved on this device (offline promise), then the
    // server's: the hidden member must be gone once the page has asked the server again.
    await home
      .getByText(name)
      .waitFor({ state: 'detached', timeout: 15_000 })
      .catch(() => {});
    assert(
      (await home.getByText(name).count()) === 0,
      'a hidden board member is not on the About page',
    );
    await home.context().close();
    await ctx.close();
  });

  test('a content manager changes the About banner; the pages show Website Images or stand plain', async ({
    base,
    context,
    sawToast,
    shot,
    signIn,
    pngOf,
    sql,
  }) => {
    /** A visitor's new page at `path`, with the site's pictures read. */
    const visit = async (path) => {
      const page = await (await context()).newPage();
      const read = page.waitForResponse((r) => r.url().includes('/rest/v1/website_images'));
      await page.goto(`${base}${path}`);
      assert((await read).ok(), 'the site pictures are read');
      return page;
    };
    const bannerOf = (page) => page.getByTestId('site-image-about.banner');
    const seen = await visit('/about');
    await bannerOf(seen).waitFor();
    assert((await bannerOf(seen).getAttribute('src')).includes('slider-2'), 'the seeded banner');
    assert(
      (await bannerOf(seen).getAttribute('alt')) === 'Members at the annual day',
      'the banner has its words for screen readers',
    );
    await seen.context().close();

    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'content_manager');
    await page.goto(`${base}/admin/images`);
    await page.getByRole('heading', { level: 1, name: 'Website Images' }).waitFor();
    await page.getByRole('button', { name: 'Edit Our community' }).click();
    const alt = `The annual day, ${Date.now()}`;
    await page.getByLabel('Alternative text').fill(alt);
    await page.getByLabel('Image', { exact: true }).setInputFiles({
      name: 'annual-day.png',
      mimeType: 'image/png',
      buffer: await pngOf(page, 1500, 500),
    });
    await sawToast(page, 'Image uploaded successfully.');
    await page.getByRole('button', { name: 'Save' }).click();
    await sawToast(page, 'Saved');

    const changed = await visit('/about');
    await bannerOf(changed).waitFor();
    assert(
      (await bannerOf(changed).getAttribute('alt')) === alt,
      'the About page shows the change',
    );
    const src = await bannerOf(changed).getAttribute('src');
    assert(!src.includes('slider-2') && src.includes('/storage/v1/'), `the new picture (${src})`);
    await changed.waitForFunction(
      () => document.querySelector('[data-key="about.banner"]')?.naturalWidth > 0,
    );
    await shot(changed, 'about-banner');
    await changed.context().close();

    // Hidden: the About page stands plain, its heading first.
    await page.getByRole('button', { name: 'Hide Our community' }).click();
    await page.getByRole('button', { name: 'Show Our community' }).waitFor();
    const plain = await visit('/about');
    await plain.getByTestId('board-members').waitFor();
    assert((await bannerOf(plain).count()) === 0, 'no banner when it is hidden');
    await plain.context().close();
    await ctx.close();

    // The home page without slides: its hero is the home.hero picture behind the site's name.
    const hidden = sql(
      'with x as (update public.homepage_slider set is_active = false where is_active returning id) ' +
        "select coalesce(string_agg(quote_literal(id), ','), '') from x",
    );
    try {
      const home = await visit('/');
      const hero = home.getByTestId('home-hero-image');
      await hero.waitFor();
      assert((await hero.getAttribute('src')).includes('slider-1'), 'the seeded home.hero');
      assert(
        (await hero.getAttribute('alt')) === "The trust's building in Matunga",
        'the hero has its words for screen readers',
      );
      await home.getByRole('heading', { level: 1, name: 'Havyaka Community, Mumbai' }).waitFor();
      await home.context().close();
    } finally {
      if (hidden) sql(`update public.homepage_slider set is_active = true where id in (${hidden})`);
    }
  });

  test('an admin adds a business, approves it and the public directory lists it', async ({
    base,
    context,
    sawToast,
    signIn,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    await page.goto(`${base}/admin/business`);
    await page.getByRole('heading', { level: 1, name: 'Business Directory' }).waitFor();
    await page.getByRole('table', { name: 'Business listings' }).waitFor();
    await page.getByRole('link', { name: 'Add business' }).click();
    await page.waitForURL(`${base}/admin/business/add`);
    const name = `Bhat Spices ${Date.now()}`;
    await page.getByLabel('Business name').fill(name);
    await page.getByLabel('Pincode').fill('4000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Pincode format is invalid').waitFor();
    await page.getByLabel('Pincode').fill('400019');
    await page.getByLabel('City').fill('Matunga');
    await page.getByLabel('Approved (shown in the public directory)').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await sawToast(page, 'Listing saved');
    await page.waitForURL(`${base}/admin/business`);
    await page.getByRole('button', { name: `Approve ${name}` }).click();
    await sawToast(page, 'Listing approved');
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await page.waitForURL(/\/admin\/business\/[0-9a-f-]{36}\/edit$/);
    const crumbs = await page.getByTestId('breadcrumbs').getByRole('link').allTextContents();
    assert(!crumbs.includes('Details'), `no crumb to a page that does not exist: ${crumbs}`);
    await page.getByLabel('Category').fill('Grocery');
    await page.getByRole('button', { name: 'Save' }).click();
    await sawToast(page, 'Listing saved');
    const visitor = await (await context()).newPage();
    await visitor.goto(`${base}/resources/business`);
    await visitor.getByText(name).waitFor();
    await visitor.context().close();
    await ctx.close();
  });

  test('PWA analytics chart installs and engagement over 7 and 30 days', async ({
    base,
    context,
    shot,
    signIn,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'content_manager');
    await page.goto(`${base}/admin/pwa-analytics`);
    await page.getByRole('heading', { level: 1, name: 'PWA Analytics' }).waitFor();
    const totals = page.getByTestId('pwa-totals');
    await totals.waitFor();
    const week = Number(
      (await totals.locator('li').first().locator('p').first().textContent()).trim(),
    );
    await page.getByText('Installs and engagement per day').first().waitFor();
    await page.locator('canvas').first().waitFor();
    await page.getByLabel('Period').selectOption('30');
    await page.waitForURL(/days=30/);
    await page.waitForFunction(
      (w) => Number(document.querySelector('[data-testid=pwa-totals] li p')?.textContent) > w,
      week,
    );
    await page
      .getByRole('table', { name: 'The 10 most recent installs' })
      .locator('tbody tr')
      .nth(9)
      .waitFor();
    await shot(page, 'admin-pwa-analytics');
    await ctx.close();
  });

  test('the admin test page shows the system state and sends a test notification', async ({
    base,
    context,
    sawToast,
    shot,
    signIn,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    await page.goto(`${base}/admin/test`);
    await page.getByRole('heading', { level: 1, name: 'Test Page' }).waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid=system-check]')].every(
        (c) => c.dataset.state !== 'pending',
      ),
    );
    const states = await page
      .getByTestId('system-check')
      .evaluateAll((els) => els.map((e) => `${e.textContent}:${e.dataset.state}`));
    assert(
      states.length === 6 && states.every((s) => s.endsWith(':ok')),
      `every check answers: ${states}`,
    );
    await page.getByRole('table', { name: 'Buckets' }).getByText('event-images').waitFor();
    await page.getByRole('button', { name: 'Send me a test notification' }).click();
    await sawToast(page, 'Test notification sent');
    await shot(page, 'admin-test');
    await ctx.close();
  });
}
