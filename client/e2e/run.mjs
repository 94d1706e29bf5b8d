#!/usr/bin/env node
// Browser tests: Debian's Chromium (playwright-core, never downloaded) against the real server
// binary serving the built client on a fresh data directory with the demo community.
// Screenshots of the key pages go to client/artifacts/screenshots (git-ignored).
// Ends with `N passed, N failed`.
//
//   node e2e/run.mjs --server ../target/debug/server [--only substring]

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startPlatform } from './platform.mjs';

const args = process.argv.slice(2);
const arg = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const server = arg('--server') ?? process.env.SERVER_BIN;
const only = arg('--only');
if (!server) {
  console.error('usage: node e2e/run.mjs --server PATH_TO_SERVER_BINARY');
  console.log('0 passed, 1 failed');
  process.exit(2);
}

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const SHOTS = path.resolve(import.meta.dirname, '..', 'artifacts', 'screenshots');
fs.mkdirSync(SHOTS, { recursive: true });
const PASSWORD = 'Havyaka@2025';
const ACCOUNTS = {
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

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

const platform = await startPlatform({ server });
const base = platform.baseUrl;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

/** A fresh context: the intro video and the notification card already seen, as for a returning visitor. */
async function context(options = {}) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
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
  page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

async function signIn(page, role) {
  const [email, home] = ACCOUNTS[role];
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${base}${home}`, { timeout: 20_000 });
  return home;
}

const cases = [];
const test = (name, fn) => cases.push({ name, fn });

test('a visitor browses home → events → an event → its album', async () => {
  const ctx = await context();
  const page = await ctx.newPage();
  await page.goto(base);
  await page.getByRole('heading', { name: 'Upcoming events' }).waitFor();
  await page.getByText('Ugadi Sammilana').first().waitFor();
  await shot(page, 'home');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Events' })
    .click();
  await page.waitForURL(`${base}/events`);
  await page.getByRole('heading', { name: 'Past events' }).waitFor();
  await page.getByRole('link', { name: 'Deepavali Get-together' }).waitFor();
  await shot(page, 'events');
  await page.getByRole('link', { name: 'Deepavali Get-together' }).click();
  await page.getByRole('heading', { level: 1, name: 'Deepavali Get-together' }).waitFor();
  const eventUrl = page.url();
  await page.getByRole('heading', { name: 'Photos and videos of this event' }).waitFor();
  await shot(page, 'event');
  await page.getByTestId('album-grid').getByRole('link').first().click();
  await page.waitForURL(/\/media\/album\//);
  const photos = page.getByTestId('album-photos').locator('img');
  await photos.first().waitFor();
  assert((await photos.count()) >= 2, 'the album shows its photos');
  const src = await photos.first().getAttribute('src');
  assert(
    src.includes('/storage/v1/render/image/public/gallery/'),
    `thumbnails use the image transforms: ${src}`,
  );
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-testid=album-photos] img')].every(
      (i) => i.complete && i.naturalWidth > 0,
    ),
  );
  await shot(page, 'album');
  await page.goto(`${eventUrl}/media`);
  await page
    .getByRole('heading', { level: 1, name: 'Photos and videos: Deepavali Get-together' })
    .waitFor();
  await page.getByTestId('album-grid').getByRole('link').first().waitFor();
  await page.goto(`${base}/events/00000000-0000-4000-8000-000000000000`);
  await page.getByRole('heading', { name: 'Event Not Found' }).waitFor();
  await ctx.close();
});

test('the public pages and redirects of spec §2 answer', async () => {
  const ctx = await context();
  const page = await ctx.newPage();
  const pages = [
    ['/about', 'About the Trust'],
    ['/media', 'Photo and Video Gallery'],
    ['/havyaka-sandesha', 'Havyaka Sandesha'],
    ['/resources/business', 'Business Directory'],
    ['/members', 'Members'],
    ['/medical-aid', 'Medical Aid'],
    ['/senior-citizen-sos', 'Senior Citizen SOS'],
    ['/kvss', 'KVSS'],
    ['/guru-pitha', 'Guru Pitha'],
    ['/donate', 'Donate'],
    ['/membership', 'Membership'],
    ['/membership/registration', 'Membership Registration'],
    ['/educational-aid', 'Educational Aid'],
    ['/matrimony', 'Matrimony'],
    ['/no/such/page', 'Page not found'],
  ];
  for (const [url, heading] of pages) {
    await page.goto(`${base}${url}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 10_000 });
  }
  await page.goto(`${base}/about`);
  await page.getByTestId('board-members').getByText('Shri Narayan Bhat').waitFor();
  await shot(page, 'about');
  await page.goto(`${base}/havyaka-sandesha`);
  const count = page.getByTestId('download-count').first();
  await count.waitFor();
  await shot(page, 'sandesha');
  const before = Number((await count.textContent()).match(/\d+/)[0]);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('button', { name: /Download PDF/ })
      .first()
      .click(),
  ]);
  assert(
    download.suggestedFilename().endsWith('.pdf'),
    `downloads the PDF (${download.suggestedFilename()})`,
  );
  await page.waitForFunction(
    (n) =>
      Number(
        document.querySelector('[data-testid=download-count]')?.textContent.match(/\d+/)?.[0],
      ) === n,
    before + 1,
  );
  await page.goto(`${base}/resources/business`);
  await page.getByRole('link', { name: 'Bhat & Co. Chartered Accountants' }).click();
  await page.getByRole('heading', { level: 1, name: 'Bhat & Co. Chartered Accountants' }).waitFor();
  const redirects = [
    ['/student-appeal', '/educational-aid'],
    ['/gallery/photos', '/media'],
    ['/gallery/videos', '/media'],
    ['/business', '/resources/business'],
    ['/photo-gallery/abc', '/media/album/abc'],
    ['/gallery/photos/album/abc', '/media/album/abc'],
  ];
  for (const [from, to] of redirects) {
    await page.goto(`${base}${from}`);
    await page.waitForURL(`${base}${to}`);
  }
  await ctx.close();
});

test('the contact form validates, then sends', async () => {
  const ctx = await context();
  const page = await ctx.newPage();
  await page.goto(`${base}/contact`);
  const send = page.getByRole('button', { name: 'Send message' });
  await send.click();
  for (const message of [
    'First name is required',
    'Email is required',
    'Subject is required',
    'Message is required',
  ]) {
    await page.getByText(message).waitFor();
  }
  await page.getByLabel('First name').fill('A');
  await page.getByLabel('Email').fill('not-an-email');
  await send.click();
  await page.getByText('First name must be at least 2 characters').waitFor();
  await page.getByText('Please enter a valid email address').waitFor();
  await shot(page, 'contact-errors');
  await page.getByLabel('First name').click();
  await page.getByLabel('First name').fill('Asha');
  await page.getByLabel('Last name').fill('Bhat');
  await page.getByLabel('Email').fill('asha@example.org');
  await page.getByLabel('Subject').fill('Hall booking in June');
  await page.getByLabel('Message').fill('Is the main hall free on the first Sunday of June?');
  const question = await page.getByText(/^Security check: what is/).textContent();
  const [, a, op, b] = question.match(/what is (\d+) (.) (\d+)\?/);
  const answer = op === '+' ? +a + +b : op === '×' ? +a * +b : +a - +b;
  await page.getByLabel(/Security check/).fill(String(answer));
  await page.waitForTimeout(5_500); // people take longer than 5 s: the bot check knows
  await send.click();
  await page.getByRole('button', { name: 'Message sent' }).waitFor();
  await sawToast(page, 'Message sent');
  await shot(page, 'contact-sent');
  await page.waitForTimeout(3_200);
  await page.getByRole('button', { name: 'Send message' }).waitFor();
  await ctx.close();
});

for (const role of Object.keys(ACCOUNTS)) {
  test(`sign-in as ${role} lands on its home`, async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    const home = await signIn(page, role);
    if (home === '/admin') await page.getByTestId('dashboard-stats').waitFor();
    else await page.getByRole('heading', { level: 1 }).first().waitFor();
    assert(!(await page.getByText('Access Denied').count()), `${role} is let into ${home}`);
    if (['admin', 'event_manager', 'member_viewer', 'student'].includes(role))
      await shot(page, `home-${role}`);
    await ctx.close();
  });
}

test('an unauthorised route shows Access Denied with the roles', async () => {
  const ctx = await context();
  const page = await ctx.newPage();
  await signIn(page, 'event_manager');
  await page.goto(`${base}/admin/members`);
  await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
  assert(
    (await page.getByTestId('user-role').textContent()) === 'Event Manager',
    'shows the user role',
  );
  const allowed = await page.getByTestId('allowed-roles').textContent();
  assert(
    allowed.includes('Admin') && allowed.includes('Content Manager'),
    `shows the allowed roles: ${allowed}`,
  );
  await shot(page, 'access-denied');
  await page.goto(`${base}/admin/events/create`);
  await page.getByRole('heading', { name: 'Create Event' }).waitFor();
  await page.getByTestId('breadcrumbs').waitFor();
  await ctx.close();
  const student = await context();
  const p2 = await student.newPage();
  await signIn(p2, 'student');
  await p2.goto(`${base}/admin`);
  await p2.getByRole('heading', { name: 'Access Denied' }).waitFor();
  await student.close();
  const visitor = await context();
  const p3 = await visitor.newPage();
  await p3.goto(`${base}/admin`);
  await p3.getByRole('heading', { name: 'Authentication Required' }).waitFor();
  await visitor.close();
});

test('Ctrl+B toggles the admin sidebar and survives a reload', async () => {
  const ctx = await context();
  const page = await ctx.newPage();
  await signIn(page, 'admin');
  const sidebar = page.getByTestId('admin-sidebar');
  assert((await sidebar.getAttribute('data-state')) === 'expanded', 'starts expanded');
  await shot(page, 'admin-dashboard');
  await page.keyboard.press('Control+b');
  await page.waitForFunction(
    () => document.querySelector('[data-testid=admin-sidebar]')?.dataset.state === 'collapsed',
  );
  await page.reload();
  await page.getByTestId('dashboard-stats').waitFor();
  assert(
    (await sidebar.getAttribute('data-state')) === 'collapsed',
    'stays collapsed after a reload',
  );
  const cookie = (await ctx.cookies()).find((c) => c.name === 'sidebar_state');
  assert(cookie?.value === 'false', 'kept in the sidebar_state cookie');
  assert(Math.abs(cookie.expires - Date.now() / 1000 - 7 * 86400) < 120, 'for 7 days');
  await page.keyboard.press('Control+b');
  await page.waitForFunction(
    () => document.querySelector('[data-testid=admin-sidebar]')?.dataset.state === 'expanded',
  );
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Open admin menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).waitFor();
  await shot(page, 'admin-mobile-menu');
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await sawToast(page, 'Admin logged out');
  await ctx.close();
});

test('the admin redirects and the notification bell', async () => {
  const ctx = await context();
  const page = await ctx.newPage();
  await signIn(page, 'admin');
  for (const [from, to] of [
    ['/admin/dashboard', '/admin'],
    ['/admin/member-directory', '/admin/members'],
    ['/admin/gallery/photos', '/admin/media'],
    ['/admin/gallery/videos', '/admin/media'],
  ]) {
    await page.goto(`${base}${from}`);
    await page.waitForURL(`${base}${to}`);
  }
  await page.goto(`${base}/admin/no-such-screen`);
  await page.getByRole('heading', { name: 'Admin page not found' }).waitFor();
  const bell = page.getByTestId('notification-bell');
  await bell.click();
  await page.getByRole('heading', { name: 'Notifications' }).waitFor();
  await shot(page, 'notifications');
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await sawToast(page, 'All notifications marked as read');
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid=notification-bell]')?.getAttribute('aria-label') ===
      'Notifications',
  );
  await ctx.close();
});

test('going offline shows the banner and the toast', async () => {
  const ctx = await context();
  const page = await ctx.newPage();
  await page.goto(base);
  await page.getByRole('heading', { name: 'Upcoming events' }).waitFor();
  await ctx.setOffline(true);
  await page.getByTestId('offline-banner').waitFor();
  await sawToast(page, "You're offline");
  await shot(page, 'offline');
  await ctx.setOffline(false);
  await sawToast(page, 'Connection Restored');
  await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
  await ctx.close();
});

test('the intro video plays once on a first visit', async () => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  await page.goto(base);
  await page.getByTestId('intro-video').waitFor({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Skip Intro' }).waitFor();
  await page.getByRole('progressbar', { name: 'Video progress' }).waitFor();
  await page.getByRole('button', { name: 'Skip Intro' }).click();
  await page.reload();
  await page.getByRole('heading', { name: 'Upcoming events' }).waitFor();
  await page.waitForTimeout(1_500);
  assert(!(await page.getByTestId('intro-video').count()), 'not shown again');
  await page.getByTestId('notification-prompt').waitFor({ timeout: 10_000 });
  await shot(page, 'home-mobile-notification-card');
  await ctx.close();
});

test('the service worker controls the page at /sw.js with scope /', async () => {
  const ctx = await context();
  const page = await ctx.newPage();
  await page.goto(base);
  const registration = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.ready;
    return { scope: r.scope, script: r.active?.scriptURL };
  });
  assert(registration.scope === `${base}/`, `scope ${registration.scope}`);
  assert(registration.script === `${base}/sw.js`, `script ${registration.script}`);
  await page.reload();
  const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  assert(controller === `${base}/sw.js`, `controlled by ${controller}`);
  await ctx.setOffline(true);
  await page.goto(`${base}/about`);
  await page.getByRole('heading', { level: 1, name: 'About the Trust' }).waitFor();
  await ctx.setOffline(false);
  await ctx.close();
});

test('Chromium reports the app installable (persistent profile)', async () => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'havyaka-profile-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    await page.goto(base);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await ctx.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    assert(manifest.errors.length === 0, `manifest errors: ${JSON.stringify(manifest.errors)}`);
    let errors = [];
    for (let i = 0; i < 10; i++) {
      ({ installabilityErrors: errors } = await cdp.send('Page.getInstallabilityErrors'));
      if (errors.length === 0) break;
      await page.waitForTimeout(500);
    }
    assert(errors.length === 0, `installability errors: ${JSON.stringify(errors)}`);
  } finally {
    await ctx.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('the home page works at 360 px', async () => {
  const ctx = await context({
    viewport: { width: 360, height: 780 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await ctx.newPage();
  await page.goto(base);
  await page.getByRole('heading', { name: 'Upcoming events' }).waitFor();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  assert(overflow <= 0, `no horizontal scrolling (${overflow}px too wide)`);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page
    .getByRole('navigation', { name: 'Site' })
    .getByRole('link', { name: 'Senior Citizen SOS' })
    .waitFor();
  await shot(page, 'home-360');
  await ctx.close();
});

{
  // The staff screens for people (issue 17) live in their own file.
  const people = await import('./admin-people.mjs');
  const helpers = { test, context, signIn, sawToast, shot, assert, base };
  people.register(helpers);
  people.registerStudents(helpers);
  people.registerMatrimony(helpers);
  people.registerAccounts(helpers);
  people.registerRoles(helpers);
  people.registerPayments(helpers);
  people.registerOrganization(helpers);
  people.registerRefusals(helpers);
}

let passed = 0;
let failed = 0;
try {
  for (const c of cases) {
    if (only && !c.name.includes(only)) continue;
    const started = Date.now();
    try {
      await c.fn();
      passed++;
      console.log(`ok    ${c.name} (${Date.now() - started} ms)`);
    } catch (error) {
      failed++;
      console.log(
        `FAIL  ${c.name}\n      ${String(error?.stack ?? error)
          .split('\n')
          .slice(0, 6)
          .join('\n      ')}`,
      );
    }
  }
} finally {
  await browser.close();
  await platform.stop();
}
console.log(`screenshots: ${SHOTS}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
