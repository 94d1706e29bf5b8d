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

// Issue 16's journeys (registrations, dashboards, matrimony) live in their own module.
const { registrationJourneys } = await import('./registration.mjs');
registrationJourneys({ test, context, base, anonKey: platform.anonKey, assert, sawToast, shot });
{
  // Members among themselves (connections, directory) and events for members (issue 16).
  const { membersAndEvents } = await import('./members-events.mjs');
  membersAndEvents({
    test,
    context,
    base,
    anonKey: platform.anonKey,
    signIn,
    assert,
    sawToast,
    shot,
  });
}
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

/** An access token for a demo account, straight from the auth API (no browser). */
async function tokenFor(role) {
  const { anonKey } = await (await fetch(`${base}/api/client-config`)).json();
  const res = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: ACCOUNTS[role][0], password: PASSWORD }),
  });
  const body = await res.json();
  assert(res.ok, `sign-in for ${role}: ${JSON.stringify(body)}`);
  return { anonKey, token: body.access_token };
}

test('an event manager creates an event with an image, edits it and sees the toasts', async () => {
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
  const { anonKey, token } = await tokenFor('event_manager');
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
  await visitor.getByTestId('event-description').locator('strong', { hasText: 'music' }).waitFor();
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

test('a script written into a description through REST does not run on the public page', async () => {
  const { anonKey, token } = await tokenFor('event_manager');
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

const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('a sandesha manager publishes an issue that appears in the public archive', async () => {
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

test('an admin adds a Sandesha editor and removes them again', async () => {
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
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove', exact: true }).click();
  await sawToast(page, 'Editor removed');
  await page
    .getByRole('table', { name: 'Current editors' })
    .getByText('member@demo.havyaka.org')
    .waitFor({ state: 'detached' });
  await ctx.close();
});

test('an event manager makes an album: many photos at once, cover, order, publish', async () => {
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

test('a content manager puts a slide first on the home page and a board member on the About page', async () => {
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
  assert(
    (await home.getByText(name).count()) === 0,
    'a hidden board member is not on the About page',
  );
  await home.context().close();
  await ctx.close();
});

test('an admin adds a business, approves it and the public directory lists it', async () => {
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

test('an admin announces to the members, who see it in the bell; the inbox is linked from the dashboard', async () => {
  const ctx = await context();
  const page = await ctx.newPage();
  await signIn(page, 'admin');
  await page.getByRole('link', { name: /Contact messages/ }).click();
  await page.waitForURL(/\/admin\/notifications\?tab=inbox/);
  await page.getByRole('tab', { name: 'Contact messages', selected: true }).waitFor();
  await page.getByRole('tab', { name: 'Send announcement' }).click();
  const title = `Sabha notice ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Message').fill('The annual general meeting is on Sunday at 10.');
  await page.getByLabel('Audience').selectOption('members');
  await page.getByLabel('Link (optional)').fill('/events');
  await page.getByRole('button', { name: 'Send announcement' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send announcement' }).click();
  await sawToast(page, 'Announcement sent to');
  await page.getByRole('table', { name: 'Announcements sent' }).getByText(title).waitFor();
  await shot(page, 'admin-notifications');
  await ctx.close();

  const member = await context();
  const mp = await member.newPage();
  await signIn(mp, 'member');
  await mp.getByTestId('notification-bell').click();
  await mp.getByText(title).waitFor();
  await member.close();
});

test('PWA analytics chart installs and engagement over 7 and 30 days', async () => {
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

for (const width of [1280, 360]) {
  test(`staff lists keep their view in the URL, with exact counts, at ${width} px`, async () => {
    const ctx = await context({ viewport: { width, height: 900 } });
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    // A table from 768 px, one card per row below it: the same accessible name either way.
    const list = (name) => page.getByRole(width < 768 ? 'list' : 'table', { name, exact: true });
    const noTables = async () =>
      assert(width >= 768 || (await page.getByRole('table').count()) === 0, 'cards, not a table');

    await page.goto(`${base}/admin/events?type=cultural`);
    assert((await page.getByLabel('Type').inputValue()) === 'cultural', 'the filter from the URL');
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

test('the admin test page shows the system state and sends a test notification', async () => {
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

{
  // The Backups screen (issue 38) goes last: its restore switches the service to a copy.
  const backups = await import('./backups.mjs');
  backups.register({ test, context, signIn, sawToast, shot, assert, base });
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
