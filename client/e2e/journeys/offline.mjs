// The offline promise (issue 40): what a visitor and a member have seen opens again with the
// network cut (Chromium offline, then the server stopped too): the public pages from the saved
// query cache with "showing what was saved on …", the member's dashboard and registrations,
// a write refused in a plain sentence, a page never saved saying so, never an exception's text;
// a Sandesha issue the member opened opens again offline; and the member's own answers leave
// the device at sign-out, even a sign-out made offline.
/* global indexedDB, caches */
import { assert, eventually } from '../harness.mjs';

const EXCEPTION_TEXT = /TypeError|Failed to fetch|NetworkError|SyntaxError|undefined/;

/** Nothing on the page reads like an exception. */
async function noExceptionText(page, where) {
  const body = await page.locator('body').innerText();
  assert(!EXCEPTION_TEXT.test(body), `${where}: no exception text (${body.match(EXCEPTION_TEXT)})`);
}

/** Waits until the saved cache has been written after `since` (ms). */
async function savedAfter(page, since) {
  await page.waitForFunction((t) => Number(localStorage.getItem('havyaka:saved') ?? 0) > t, since, {
    timeout: 15_000,
  });
}

/** The keys of the answers saved on the device (IndexedDB), their parts joined by '/'. */
function savedKeys(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('havyaka-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('cache').objectStore('cache').get('queries');
          get.onsuccess = () =>
            resolve(
              (get.result?.state.queries ?? []).map((q) =>
                q.queryKey
                  .map((part) => (typeof part === 'object' ? JSON.stringify(part) : part))
                  .join('/'),
              ),
            );
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

/** Waits (15 s at most) until an answer whose key starts with `key` ('events/detail'), or
 *  matches it (a RegExp), is saved on the device: a save may land before the last query of a
 *  page has answered. */
async function savedKey(page, key) {
  const matches = (k) => (key instanceof RegExp ? key.test(k) : k.startsWith(key));
  await eventually(
    async () => (await savedKeys(page)).some(matches),
    `${key} was never saved on the device`,
    { describe: () => savedKeys(page) },
  );
}

/** Opens a page as a person would (`check` waits for its content) and stays until the page's
 *  answers are saved on the device. */
async function visit(page, url, check) {
  const since = Date.now();
  await page.goto(url);
  await check();
  await savedAfter(page, since);
}
/** A page whose service worker controls it (so the app's files open offline). */
async function controlledPage(ctx, base) {
  const page = await ctx.newPage();
  await page.goto(base);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  await page.getByRole('heading', { name: 'Upcoming events' }).waitFor();
  return page;
}

const banner = (page) => page.getByTestId('offline-banner');

const PERSONAL = /^(auth|notifications|members)\/|my-registrations/;

/** Waits (15 s at most) until no personal answer is left in the device's saved cache;
 *  `known` adds what else the failure should say. */
async function noPersonalAnswers(page, known = async () => ({})) {
  await eventually(
    async () => !(await savedKeys(page)).some((k) => PERSONAL.test(k)),
    'nothing personal left on the device',
    { describe: async () => ({ saved: await savedKeys(page), ...(await known()) }) },
  );
}

/** What the device knows after a sign-out, for a failure's message: whether a session is
 *  still stored, and the toasts shown. */
const afterSignOut = (page) =>
  page.evaluate(() => ({
    session: Object.keys(localStorage).some(
      (k) => k.endsWith('-auth-token') && localStorage.getItem(k),
    ),
    toasts: window.__toasts ?? [],
  }));

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  test("a visitor's pages open offline from what was saved", async ({ base, context, shot }) => {
    const ctx = await context({}, { serviceWorker: true });
    const page = await controlledPage(ctx, base);
    await visit(page, `${base}/events`, () =>
      page.getByRole('link', { name: 'Deepavali Get-together' }).waitFor(),
    );
    await page.getByRole('link', { name: 'Deepavali Get-together' }).click();
    await page.getByRole('heading', { level: 1, name: 'Deepavali Get-together' }).waitFor();
    // A save may land before the event's own answer has come (the list's, a second earlier),
    // and the next page is a new load: wait for the event's.
    await savedKey(page, 'events/detail');
    await visit(page, `${base}/havyaka-sandesha`, () =>
      page
        .getByRole('button', { name: /Download PDF/ })
        .first()
        .waitFor(),
    );
    await visit(page, `${base}/contact`, () =>
      page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor(),
    );
    await visit(page, `${base}/about`, () =>
      page.getByTestId('board-members').getByText('Shri Narayan Bhat').waitFor(),
    );
    // The page's pictures may answer (and be saved) before the board: wait for the board's.
    await savedKey(page, 'site/board');
    await ctx.setOffline(true);
    await page.reload();
    await page.getByTestId('board-members').getByText('Shri Narayan Bhat').waitFor();
    await banner(page).getByText('Connection Lost.').waitFor();
    await banner(page)
      .getByText(/showing what was saved on \d{1,2} \w{3} \d{4}/)
      .waitFor();
    await noExceptionText(page, 'about, reloaded offline');
    await shot(page, 'offline-about');

    // Following links offline: the events, an event page, the archive.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Events' })
      .click();
    await page.getByRole('link', { name: 'Deepavali Get-together' }).click();
    await page.getByRole('heading', { level: 1, name: 'Deepavali Get-together' }).waitFor();
    await noExceptionText(page, 'an event page offline');
    await page.goto(`${base}/havyaka-sandesha`);
    await page.getByRole('heading', { level: 1, name: 'Havyaka Sandesha' }).waitFor();
    await banner(page).waitFor();
    await page
      .getByRole('button', { name: /Download PDF/ })
      .first()
      .waitFor();
    await noExceptionText(page, 'the Sandesha archive offline');
    await page.goto(`${base}/contact`);
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    await noExceptionText(page, 'contact offline');

    // A page never visited says it was not saved, in a plain sentence.
    await page.goto(`${base}/resources/business`);
    await page.getByTestId('not-saved').waitFor();
    await noExceptionText(page, 'a page never saved');
    await shot(page, 'offline-not-saved');
    await ctx.close();
  });

  test("a member's own pages open offline, writes are refused plainly, sign-out forgets them", async ({
    base,
    context,
    sawToast,
    signIn,
    shot,
  }) => {
    const ctx = await context({}, { serviceWorker: true });
    const page = await controlledPage(ctx, base);
    await signIn(page, 'member');
    await page.goto(`${base}/events`);
    await page
      .getByRole('link', { name: /Free Health Camp/ })
      .first()
      .click();
    const panel = page.getByTestId('event-registration');
    // A second attempt (the runner's retry) finds her registered already.
    const register = panel.getByRole('button', { name: /^Register( again)?$/, disabled: false });
    const registered = panel.getByText('You are registered for this event.');
    await register.or(registered).first().waitFor();
    if (await register.isVisible()) await register.click();
    await registered.waitFor();
    await page.goto(`${base}/dashboard/member`);
    const mine = page.getByTestId('my-registration').filter({ hasText: 'Free Health Camp' });
    await mine.getByTestId('attendance-status').filter({ hasText: 'Registered' }).waitFor();
    // Her list (the event page saved her registration for that event alone).
    await savedKey(page, /^events\/my-registrations\/[^/]+$/);

    await ctx.setOffline(true);
    await page.reload();
    await mine.getByTestId('attendance-status').filter({ hasText: 'Registered' }).waitFor();
    await banner(page)
      .getByText(/showing what was saved on/)
      .waitFor();
    // The calendar file comes from the saved event.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      mine.getByRole('link', { name: /^Add to calendar/ }).click(),
    ]);
    assert(download.suggestedFilename().endsWith('.ics'), 'the .ics downloads offline');
    // A write is refused at once, in a plain sentence.
    await mine.getByRole('button', { name: 'Cancel registration' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Cancel registration' })
      .click();
    await sawToast(page, 'this change was not saved');
    await noExceptionText(page, 'the dashboard offline');
    await shot(page, 'offline-member-dashboard');

    await ctx.setOffline(false);
    const logouts = [];
    page.on('response', (r) => {
      if (r.url().includes('/auth/v1/logout')) logouts.push(r.status());
    });
    page.on('requestfailed', (r) => {
      if (r.url().includes('/auth/v1/logout')) logouts.push(r.failure()?.errorText);
    });
    await page.getByRole('button', { name: 'Log out' }).first().click();
    await page.waitForURL((url) => !url.pathname.startsWith('/dashboard'));
    await sawToast(page, 'Logged out');
    await noPersonalAnswers(page, async () => ({ logouts, ...(await afterSignOut(page)) }));
    // The app goes on saving the public answers, and never her own again.
    await visit(page, `${base}/about`, () =>
      page.getByTestId('board-members').getByText('Shri Narayan Bhat').waitFor(),
    );
    const left = await savedKeys(page);
    assert(!left.some((k) => PERSONAL.test(k)), `nothing personal saved again (${left})`);
    await ctx.close();
  });

  test("a member's opened Sandesha issue opens offline, and signing out offline forgets her", async ({
    base,
    context,
    sawToast,
    signIn,
    shot,
  }) => {
    const ctx = await context({}, { serviceWorker: true });
    const page = await controlledPage(ctx, base);
    await signIn(page, 'member');
    await page.goto(`${base}/dashboard/member`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Her own answers are saved.
    await savedKey(page, 'auth/profile');
    const downloads = page.getByRole('button', { name: /Download PDF/ });
    await visit(page, `${base}/havyaka-sandesha`, () => downloads.first().waitFor());
    const [online] = await Promise.all([page.waitForEvent('download'), downloads.first().click()]);
    const name = online.suggestedFilename();
    assert(/^Havyaka-Sandesha-[A-Z][a-z]+-\d{4}\.pdf$/.test(name), `the issue's file (${name})`);
    // The service worker kept it: one issue, under its address without the token.
    const keptIssues = () =>
      page.evaluate(async () =>
        (await caches.has('sandesha-issues'))
          ? (await (await caches.open('sandesha-issues')).keys()).map((r) => r.url)
          : [],
      );
    await eventually(
      async () => {
        const urls = await keptIssues();
        return urls.length === 1 && !urls[0].includes('?');
      },
      'the service worker kept the one issue opened, without its token',
      { describe: keptIssues },
    );

    await ctx.setOffline(true);
    await page.reload();
    await downloads.first().waitFor();
    const [offline] = await Promise.all([page.waitForEvent('download'), downloads.first().click()]);
    assert(offline.suggestedFilename() === name, `the same file, from the device (${name})`);
    const bytes = await import('node:fs/promises').then((fs) => offline.path().then(fs.readFile));
    assert(bytes.subarray(0, 5).toString() === '%PDF-', 'a PDF, read offline');
    // An issue never opened here says so plainly.
    await downloads.nth(1).click();
    await sawToast(page, 'Not saved on this device');
    await noExceptionText(page, 'the archive offline');

    // Signing out offline: this device forgets her all the same, and says so plainly.
    await page.getByRole('button', { name: 'Log out' }).first().click();
    await sawToast(page, 'Logged out on this device');
    await page.getByText(/You are offline, so our server could not be told/).waitFor();
    await shot(page, 'offline-sign-out');
    const sessions = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.endsWith('-auth-token') && localStorage.getItem(k)),
    );
    assert(sessions.length === 0, `no session left on the device (${sessions})`);
    await noPersonalAnswers(page);
    await page.reload();
    await page.getByRole('link', { name: 'Login' }).waitFor();
    await page.goto(`${base}/dashboard/member`);
    await page.getByRole('heading', { name: 'Authentication Required' }).waitFor();
    await noExceptionText(page, 'her dashboard after signing out offline');
    await ctx.close();
  });

  test('with the server stopped too, saved pages open and nothing shows an exception', async ({
    base,
    context,
    stopServer,
    shot,
  }) => {
    const ctx = await context({}, { serviceWorker: true });
    const page = await controlledPage(ctx, base);
    await page.goto(`${base}/events`);
    await page.getByRole('link', { name: 'Deepavali Get-together' }).click();
    await page.getByRole('heading', { level: 1, name: 'Deepavali Get-together' }).waitFor();
    await savedKey(page, 'events/detail');
    await page.goBack();
    await stopServer();
    // The device still believes it is online: the saved page shows, its refresh fails quietly.
    await page.reload();
    await page.getByRole('link', { name: 'Deepavali Get-together' }).waitFor();
    await noExceptionText(page, 'events with the server stopped');
    await ctx.setOffline(true);
    await page.reload();
    await page.getByRole('link', { name: 'Deepavali Get-together' }).click();
    await page.getByRole('heading', { level: 1, name: 'Deepavali Get-together' }).waitFor();
    await banner(page)
      .getByText(/showing what was saved on/)
      .waitFor();
    await noExceptionText(page, 'an event page with the server stopped');
    await shot(page, 'offline-server-stopped');
    await ctx.close();
  });
}
