// What a journey file's tests are given (see README.md): the platform its file runs on (its own
// database, a copy of the demo community), a browser context maker, sign-in, toasts,
// screenshots, the REST API and small helpers. One set per journey file.
import path from 'node:path';
import { restClient } from './rest.mjs';

/** The demo community's password, and each account's e-mail and landing page. */
export const DEMO_PASSWORD = 'Havyaka@2025';
export const ACCOUNTS = {
  super_admin: ['super.admin@demo.havyaka.org', '/admin'],
  admin: ['admin@demo.havyaka.org', '/admin'],
  content_manager: ['content.manager@demo.havyaka.org', '/admin'],
  event_manager: ['event.manager@demo.havyaka.org', '/admin/events'],
  havyaka_sandesh_manager: ['havyaka.sandesh.manager@demo.havyaka.org', '/admin/havyaka-sandesh'],
  member_viewer: ['member.viewer@demo.havyaka.org', '/dashboard/member'],
  member: ['member@demo.havyaka.org', '/dashboard/member'],
  student: ['student@demo.havyaka.org', '/dashboard/student'],
  matrimony: ['matrimony@demo.havyaka.org', '/dashboard/matrimony'],
};
/** Newcomers choose their own password: the site's name with digits around it (the demo
 *  accounts' password) is refused as too common by the server (docs/security.md). */
export const NEWCOMER_PASSWORD = 'Kadamba#Banavasi1987';

export function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/**
 * Asks `check` (an async function, often a `page.evaluate` of an IndexedDB or Cache Storage
 * read) again every 100 ms until it answers true, for `timeout` ms at most; then fails with
 * `what` and the last answer of `describe`. Use it instead of `page.waitForFunction` for
 * anything asynchronous: Playwright takes a returned Promise as a truthy answer and resolves
 * at once, without waiting for its value or asking again.
 */
export async function eventually(check, what, { timeout = 15_000, describe } = {}) {
  const until = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > until) {
      throw new Error(`${what}${describe ? ` (${JSON.stringify(await describe())})` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A tiny valid PDF. */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** @typedef {ReturnType<typeof harness>} Helpers */
/** A journey file's `test(title, async (helpers) => …)`, handed to its default export. */
/** @typedef {(title: string, fn: (helpers: Helpers) => Promise<void>) => void} Test */

/** The helpers of one journey file, bound to its platform and the one browser. */
export function harness({ browser, platform, shots }) {
  const base = platform.baseUrl;
  const { api, tokenOf } = restClient(base, platform.anonKey);

  /**
   * A fresh context: the intro video and the notification card already seen, as for a
   * returning visitor. `clock: true` installs Playwright's clock first, so a test can move
   * time on (`page.clock.fastForward`) instead of waiting for it. The service worker is
   * blocked unless a test asks for it (`serviceWorker: true`, the offline and PWA journeys):
   * each new context's worker downloads the whole precache (some 280 files), which kept
   * Chromium half a core busy for several seconds of every test.
   */
  async function context(options = {}, { clock = false, serviceWorker = false } = {}) {
    const ctx = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      serviceWorkers: serviceWorker ? 'allow' : 'block',
      ...options,
    });
    if (clock) await ctx.clock.install();
    await ctx.addInitScript(() => {
      localStorage.setItem('havyaka:intro-video-seen', 'true');
      localStorage.setItem('havyaka:notification-prompt-dismissed', 'true');
      // Every toast shown, in order: one shows at a time, so a later one may replace it at once.
      window.__toasts = [];
      new MutationObserver(() => {
        for (const t of document.querySelectorAll('[data-testid=toast]')) {
          const text = t.textContent.trim();
          if (window.__toasts.at(-1) !== text) window.__toasts.push(text);
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    return ctx;
  }

  /** Waits until a toast containing `text` has been shown (even if another replaced it since). */
  async function sawToast(page, text) {
    try {
      await page.waitForFunction((t) => window.__toasts?.some((x) => x.includes(t)), text, {
        timeout: 15_000,
      });
    } catch {
      throw new Error(
        `no toast "${text}"; toasts shown: ${JSON.stringify(await page.evaluate(() => window.__toasts))}`,
      );
    }
  }

  const shot = (page, name) =>
    page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

  /** Signs a demo account in through the login page and waits for its landing page. */
  async function signIn(page, role) {
    const [email, home] = ACCOUNTS[role];
    await signInAs(page, email, home, DEMO_PASSWORD);
    return home;
  }

  /** Signs any account in through the login page (newcomers' password by default). */
  async function signInAs(page, email, landing, password = NEWCOMER_PASSWORD) {
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${base}${landing}`, { timeout: 20_000 });
  }

  /** An access token for a demo account, straight from the auth API (no browser). */
  const tokenFor = (role) => tokenOf(ACCOUNTS[role][0], DEMO_PASSWORD);

  /** Answers the anti-spam arithmetic captcha, then moves the page's clock past the 5 s
   *  people take (the bot check knows): the context needs `{ clock: true }`. */
  async function answerCaptcha(page) {
    const question = await page.getByText(/^Security check: what is/).textContent();
    const [, a, op, b] = question.match(/what is (\d+) (.) (\d+)\?/);
    const answer = op === '+' ? +a + +b : op === '×' ? +a * +b : +a - +b;
    await page.getByLabel(/Security check/).fill(String(answer));
    await page.clock.fastForward(5_500);
  }

  /** A PNG of the given size drawn in the page (a real image for the upload). */
  async function pngOf(page, width, height) {
    const base64 = await page.evaluate(
      ([w, h]) => {
        const canvas = document.createElement('canvas');
        canvas.width = w;
        canvas.height = h;
        const ctx = canvas.getContext('2d');
        ctx.fillStyle = '#c2410c';
        ctx.fillRect(0, 0, w, h);
        ctx.fillStyle = '#fde68a';
        ctx.fillRect(w / 4, h / 4, w / 2, h / 2);
        return canvas.toDataURL('image/png').split(',')[1];
      },
      [width, height],
    );
    return Buffer.from(base64, 'base64');
  }

  /** The page is no wider than the screen. */
  async function noHorizontalScroll(page) {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    assert(overflow <= 0, `no horizontal scrolling (${overflow}px too wide)`);
  }

  return {
    base,
    anonKey: platform.anonKey,
    /** Stops the file's server for good (the network cut at its far end): last in a file. */
    stopServer: () => platform.stop(),
    /** SQL as the platform's superuser (psql -At): the output, trimmed. */
    sql: platform.sql,
    browser,
    api,
    tokenOf,
    tokenFor,
    context,
    sawToast,
    shot,
    signIn,
    signInAs,
    answerCaptcha,
    pngOf,
    noHorizontalScroll,
    assert,
  };
}
