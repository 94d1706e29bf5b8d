import { chromium } from 'playwright-core';
import { startPlatform } from './platform.mjs';
const p = await startPlatform({ server: process.argv[2] });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
page.on('console', (m) => console.log('console', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.addInitScript(() => localStorage.setItem('havyaka:intro-video-seen', 'true'));
for (const path of (process.argv[3] ?? '/').split(',')) {
  await page.goto(p.baseUrl + path);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/smoke${path.replace(/\//g, '_')}.png`, fullPage: true });
}
await browser.close();
await p.stop();
