// The installable app: offline banner and toasts, the intro video once, the service worker at
// /sw.js, and Chromium's installability checks.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../chromium.mjs';
import { assert } from '../harness.mjs';

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  test('going offline shows the banner and the toast', async ({
    base,
    context,
    sawToast,
    shot,
  }) => {
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

  test('the intro video plays once on a first visit', async ({ base, browser, shot }) => {
    // A first visit: nothing seen yet. The page's clock is ours, to move past the intro's 1 s
    // and the notification card's 5 s instead of waiting.
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await ctx.clock.install();
    const page = await ctx.newPage();
    await page.goto(base);
    await page.clock.fastForward(1_000);
    await page.getByTestId('intro-video').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Skip Intro' }).waitFor();
    await page.getByRole('progressbar', { name: 'Video progress' }).waitFor();
    await page.getByRole('button', { name: 'Skip Intro' }).click();
    await page.reload();
    await page.getByRole('heading', { name: 'Upcoming events' }).waitFor();
    // The card comes 5 s after the page: by then a second intro would have opened (1 s).
    await page.clock.fastForward(5_000);
    await page.getByTestId('notification-prompt').waitFor({ timeout: 10_000 });
    assert(!(await page.getByTestId('intro-video').count()), 'not shown again');
    await shot(page, 'home-mobile-notification-card');
    await ctx.close();
  });

  test('the service worker controls the page at /sw.js with scope /', async ({ base, context }) => {
    const ctx = await context({}, { serviceWorker: true });
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

  test('Chromium reports the app installable (persistent profile)', async ({ base }) => {
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
}
