// The accessibility matrix (issue 35): axe-core over the app's main routes (the public site,
// the registrations, a member's own pages, the admin lists) × {English, ಕನ್ನಡ} × {normal,
// Easy view}, no violation at all (every impact level); and on the same pages, reflow (WCAG
// 1.4.10): at 320 CSS px wide, and at 640 (200 % zoom of a 1280 px window, which is 640 CSS
// px), the page never scrolls sideways. One context per role and variant, those contexts side
// by side; each waits for what a person would see (the page's heading, nothing busy, the
// fonts), runs axe in the page, then narrows the window to 320 and 640 px and measures.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import { assert } from '../harness.mjs';

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The routes, by who reads them (`:event`, `:registered` (an event with registrations) and
 *  `:member` are filled in from the demo data). */
const ROUTES = {
  visitor: [
    '/',
    '/about',
    '/contact',
    '/events',
    '/events/:event',
    '/media',
    '/havyaka-sandesha',
    '/resources/business',
    '/members',
    '/donate',
    '/membership/registration',
    '/student-registration',
    '/matrimony/registration',
    '/login',
  ],
  member: [
    '/dashboard/member',
    '/members/:member',
    '/notifications/settings',
    '/account/payments',
    '/events/my-calendar',
  ],
  admin: [
    '/admin',
    '/admin/members',
    '/admin/students',
    '/admin/matrimony',
    '/admin/users',
    '/admin/events',
    '/admin/events/:registered/registrations',
    '/admin/business',
    '/admin/payments',
    '/admin/notifications',
    '/admin/havyaka-sandesh',
    '/admin/board-members',
  ],
};

const VARIANTS = [
  { lang: 'en', easy: false },
  { lang: 'kn', easy: false },
  { lang: 'en', easy: true },
  { lang: 'kn', easy: true },
];

/** How many contexts read pages at once. */
const AT_ONCE = 4;

/** Opens `path` in the app already on screen, as a link would (no reload): the old page's
 *  heading is marked, and the new page is there when a heading without the mark is. */
async function open(page, path) {
  await page.evaluate((p) => {
    for (const h of document.querySelectorAll('h1')) h.setAttribute('data-a11y-seen', '');
    window.history.pushState(null, '', p);
    window.dispatchEvent(new window.PopStateEvent('popstate'));
  }, path);
}

/** The widths at which no page may scroll sideways: a phone's 320 CSS px, and 200 % zoom of
 *  a 1280 px window (1280 / 2 = 640 CSS px). */
const REFLOW_WIDTHS = [320, 640];

/** How far the page scrolls sideways at `width` CSS px (0 when it does not), and the widest
 *  element sticking out, to say what to fix. */
async function overflowAt(page, width) {
  await page.setViewportSize({ width, height: 900 });
  return page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const over = document.documentElement.scrollWidth - window.innerWidth;
    if (over <= 0) return { over, culprit: '' };
    const name = (el) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className).split(' ').slice(0, 4).join('.')}`;
    let widest = null;
    let right = window.innerWidth;
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.right > right + 0.5 && box.width > 0) {
        right = box.right;
        widest = el;
      }
    }
    if (!widest) return { over, culprit: '' };
    // The element, then its ancestors' boxes: where the width comes from.
    const chain = [];
    for (let el = widest; el && el !== document.body && chain.length < 5; el = el.parentElement) {
      const box = el.getBoundingClientRect();
      chain.push(`${name(el)} [${Math.round(box.left)}..${Math.round(box.right)}]`);
    }
    return {
      over,
      culprit: `"${(widest.textContent ?? '').trim().slice(0, 40)}" ${chain.join(' < ')}`,
    };
  });
}

/** The violations on the page once it has settled, every impact level. */
async function violations(page) {
  await page.locator('h1:not([data-a11y-seen])').first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    () => !document.querySelector('[aria-busy="true"], .animate-pulse'),
    null,
    { timeout: 20_000 },
  );
  await page.evaluate(() => document.fonts.ready);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      // WCAG 2.5.3 Label in Name (axe marks it experimental; Lighthouse checks it): a control's
      // accessible name contains its visible words, for people who speak them to their phone.
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary}`),
    }));
  });
}

/** Runs `jobs` (async functions), `n` at a time. */
async function pool(jobs, n) {
  const queue = [...jobs];
  await Promise.all(
    Array.from({ length: n }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await job();
    }),
  );
}

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  test('no accessibility violation nor sideways scrolling on 30 routes × language × Easy view', async ({
    base,
    browser,
    api,
    tokenFor,
    signIn,
    context,
  }) => {
    const [event] = await api('/rest/v1/events?select=id&order=event_date.desc&limit=1');
    const token = await tokenFor('member');
    const [member] = await api('/rest/v1/member_directory?select=id&limit=1', { token });
    const [registered] = await api(
      `/rest/v1/events?select=id&title=eq.${encodeURIComponent('Ugadi Sammilana')}`,
    );
    const fill = (p) =>
      p
        .replace(':event', event.id)
        .replace(':registered', registered.id)
        .replace(':member', member.id);

    // Each role signs in once; its contexts start from that storage (no more sign-ins).
    const states = { visitor: undefined };
    for (const role of ['member', 'admin']) {
      const ctx = await context();
      const page = await ctx.newPage();
      await signIn(page, role);
      states[role] = await ctx.storageState();
      await ctx.close();
    }

    const failures = [];
    let pages = 0;
    const jobs = [];
    for (const [role, paths] of Object.entries(ROUTES)) {
      for (const { lang, easy } of VARIANTS) {
        jobs.push(async () => {
          const ctx = await browser.newContext({
            viewport: { width: 1280, height: 900 },
            // The service worker's precache is not what these checks are about (harness.mjs).
            serviceWorkers: 'block',
            storageState: states[role],
            // axe is added to the page as a script, which the site's policy would refuse.
            bypassCSP: true,
          });
          await ctx.addInitScript(
            ([l, e]) => {
              localStorage.setItem('havyaka:intro-video-seen', 'true');
              localStorage.setItem('havyaka:notification-prompt-dismissed', 'true');
              localStorage.setItem('lang', l);
              localStorage.setItem('easy', e ? '1' : '0');
            },
            [lang, easy],
          );
          // A signed-in app takes the account's language and Easy view at start: the account
          // answers this variant's (the four variants of one account run side by side).
          await ctx.route('**/rest/v1/users?select=preferred_language*', async (route) => {
            const response = await route.fetch();
            const body = await response.json();
            const mine = (row) => ({ ...row, preferred_language: lang, easy_view: easy });
            await route.fulfill({
              response,
              json: Array.isArray(body) ? body.map(mine) : mine(body),
            });
          });
          const page = await ctx.newPage();
          let first = true;
          for (const path of paths) {
            const where = `${path} (${lang}${easy ? ', Easy view' : ''})`;
            const t0 = Date.now();
            try {
              if (first) await page.goto(`${base}${fill(path)}`);
              else await open(page, fill(path));
              first = false;
              const found = await violations(page);
              const [shownLang, shownEasy] = await page.evaluate(() => [
                document.documentElement.lang,
                document.documentElement.hasAttribute('data-easy'),
              ]);
              assert(shownLang === lang && shownEasy === easy, `${where}: shown ${shownLang}`);
              for (const v of found)
                failures.push(
                  `${where}: ${v.impact} ${v.id}\n        ${v.nodes.join('\n        ')}`,
                );
              for (const width of REFLOW_WIDTHS) {
                const { over, culprit } = await overflowAt(page, width);
                if (over > 0)
                  failures.push(
                    `${where}: at ${width} px it scrolls sideways ${over} px: ${culprit}`,
                  );
              }
              await page.setViewportSize({ width: 1280, height: 900 });
            } catch (error) {
              failures.push(`${where}: ${String(error?.message ?? error).split('\n')[0]}`);
            }
            pages++;
            if (process.env.A11Y_DEBUG) console.log(`      ${where}: ${Date.now() - t0} ms`);
          }
          await ctx.close();
        });
      }
    }
    await pool(jobs, AT_ONCE);
    const total = Object.values(ROUTES).flat().length * VARIANTS.length;
    assert(pages === total, `read ${pages} of ${total} pages`);
    if (process.env.A11Y_DEBUG) console.log(failures.join('\n'));
    assert(!failures.length, `${failures.length} problems:\n      ${failures.join('\n      ')}`);
  });
}
