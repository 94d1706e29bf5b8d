// The signed-in header on phones (issue 40 item 14): at 375 px the site's name stays whole on
// one line, in one row with the bell and the menu, and "Log out" (in the menu there) on one
// line; at 640 px "Log out" is back in the header, on one line. In English and ಕನ್ನಡ, with
// and without Easy view.
import { assert } from '../harness.mjs';

/** How many lines the text of an element takes (its text's line boxes). */
const linesOf = (locator) =>
  locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
    return new Set(tops.map((t) => Math.round(t / 4))).size;
  });

/** The vertical middle of an element's box. */
async function middle(locator) {
  const box = await locator.boundingBox();
  assert(box, 'the element is on screen');
  return box.y + box.height / 2;
}

async function checkHeader(page, { logout, menu, where }) {
  const row = page.locator('header > div').first();
  const name = row.getByTestId('site-name');
  await name.waitFor();
  assert((await linesOf(name)) === 1, `${where}: the site name on one line`);
  assert(
    await name.evaluate((el) => el.scrollWidth <= el.clientWidth),
    `${where}: the site name whole, not cut short`,
  );
  const nameMiddle = await middle(name.locator('xpath=..'));
  const width = page.viewportSize().width;
  // From 640 px the row also holds the language switch and My dashboard: in Easy view it may
  // take two rows there, but never breaks a word.
  const besideName =
    width < 640
      ? [row.getByTestId('notification-bell'), row.getByRole('button', { name: menu })]
      : [];
  for (const control of besideName) {
    assert(
      Math.abs((await middle(control)) - nameMiddle) < 12,
      `${where}: the bell and the menu beside the name, in one row`,
    );
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  assert(overflow <= 0, `${where}: no horizontal scrolling (${overflow} px)`);

  const inRow = row.getByRole('button', { name: logout, exact: true });
  if (width < 640) {
    assert(!(await inRow.isVisible()), `${where}: on a phone Log out is in the menu`);
    await row.getByRole('button', { name: menu }).click();
    const inMenu = page.locator('#site-menu').getByRole('button', { name: logout, exact: true });
    await inMenu.waitFor();
    assert((await linesOf(inMenu)) === 1, `${where}: "${logout}" on one line in the menu`);
    assert((await inMenu.boundingBox()).height <= 56, `${where}: "${logout}" one button high`);
    await row.locator('button[aria-controls=site-menu]').click();
    await inMenu.waitFor({ state: 'hidden' });
  } else {
    await inRow.waitFor();
    assert((await linesOf(inRow)) === 1, `${where}: "${logout}" on one line`);
    assert((await inRow.boundingBox()).height <= 56, `${where}: "${logout}" one button high`);
  }
}

/** Turns a view switch of the menu on or off, waits for the page in its new view (`lang`,
 *  Easy view or not, drawn), and leaves the menu closed. */
async function switchInMenu(page, name, [kn, easy]) {
  const toggle = page.locator('button[aria-controls=site-menu]');
  await toggle.click();
  await page.locator('#site-menu').getByRole('button', { name, exact: true }).click();
  await page.waitForFunction(
    ([k, e]) =>
      (document.documentElement.lang === 'kn') === k &&
      document.documentElement.hasAttribute('data-easy') === e &&
      /[\u0C80-\u0CFF]/.test(document.querySelector('[data-testid=site-name]').textContent) === k,
    [kn, easy],
  );
  // A new language draws the page again with its menu closed: close it only if still open.
  if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
  await page.locator('#site-menu').waitFor({ state: 'hidden' });
}

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  test('at 375 px the signed-in header keeps the name and Log out on one line each', async ({
    base,
    context,
    signIn,
    shot,
  }) => {
    const ctx = await context({ viewport: { width: 375, height: 800 } });
    const page = await ctx.newPage();
    await signIn(page, 'member');
    await page.goto(`${base}/events`);
    const views = [
      ['English', { logout: 'Log out', menu: 'Menu' }],
      ['English, Easy view', { logout: 'Log out', menu: 'Menu' }, 'Easy view'],
      ['ಕನ್ನಡ, Easy view', { logout: 'ಲಾಗ್ ಔಟ್', menu: 'ಮೆನು' }, 'ಕನ್ನಡ'],
      ['ಕನ್ನಡ', { logout: 'ಲಾಗ್ ಔಟ್', menu: 'ಮೆನು' }, 'ಸುಲಭ ನೋಟ'],
    ];
    for (const [where, names, switchName] of views) {
      const view = [where.startsWith('ಕನ್ನಡ'), where.includes('Easy')];
      if (switchName) await switchInMenu(page, switchName, view);
      for (const width of [375, 640]) {
        await page.setViewportSize({ width, height: 800 });
        await checkHeader(page, { ...names, where: `${where} at ${width} px` });
      }
      await page.setViewportSize({ width: 375, height: 800 });
      await shot(page, `header-375-${views.findIndex((v) => v[0] === where)}`);
    }
    await ctx.close();
  });
}
