// Browser journeys of issue 34: the app updates by itself. One user's change shows up on another
// user's open screen without a reload (the bell, the admin's member directory), over the app's
// own realtime WebSocket under the page's Content-Security-Policy; with the socket refused, the
// screens still load and work (they poll).
import { assert } from '../harness.mjs';

const DEMO_PASSWORD = 'Havyaka@2025';
const NEWCOMER_PASSWORD = 'Kadamba#Banavasi1987';

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  /**
   * Records the page's realtime joins; `joined(prefix)` waits until a channel whose name starts
   * with `prefix` was accepted by the server (the screen is live from then on).
   */
  const watchJoins = (page) => {
    const accepted = new Set();
    const waiting = [];
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/realtime/v1/websocket')) return;
      socket.on('framereceived', ({ payload }) => {
        let frame;
        try {
          frame = JSON.parse(String(payload));
        } catch {
          return;
        }
        const [, , topic, event, body] = frame;
        if (event === 'phx_reply' && body?.status === 'ok' && topic !== 'phoenix') {
          accepted.add(topic);
          for (const w of waiting.splice(0)) w();
        }
      });
    });
    const joined = async (prefix) => {
      const deadline = Date.now() + 15_000;
      while (![...accepted].some((t) => t.startsWith(`realtime:${prefix}`))) {
        if (Date.now() > deadline) {
          throw new Error(`no realtime join of ${prefix}; joined: ${[...accepted].join(', ')}`);
        }
        await new Promise((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 500);
        });
      }
    };
    return { joined };
  };

  /** Marks the document, so that `sameDocument` later proves no reload happened. */
  const mark = (page) => page.evaluate(() => (window.__realtimeMark = true));
  const sameDocument = (page) => page.evaluate(() => window.__realtimeMark === true);

  test("an admin announces; the member's open bell shows it without a reload", async ({
    context,
    signIn,
    api,
    tokenOf,
    shot,
  }) => {
    const member = await context();
    const page = await member.newPage();
    const { joined } = watchJoins(page);
    await signIn(page, 'member_viewer');
    await joined('bell-');
    await mark(page);
    const bell = page.getByTestId('notification-bell');
    const before = await bell.getAttribute('aria-label');
    await bell.click();

    const title = `Live notice ${Date.now()}`;
    await api('/rest/v1/rpc/send_announcement', {
      token: await tokenOf('admin@demo.havyaka.org', DEMO_PASSWORD),
      method: 'POST',
      body: { title, message: 'The hall opens at 9 on Sunday.', audience: 'everyone' },
    });
    // Polling alone would take 30 s: 10 s is the live path.
    await page.getByText(title).waitFor({ timeout: 10_000 });
    const after = await bell.getAttribute('aria-label');
    assert(after !== before, `the unread count changed (${before} → ${after})`);
    assert(await sameDocument(page), 'the page was not reloaded');
    await shot(page, 'realtime-bell');
    await member.close();
  });

  test("a newcomer applies; the admin's open member directory lists them without a reload", async ({
    base,
    context,
    signIn,
    api,
    tokenOf,
    shot,
  }) => {
    const ctx = await context();
    const page = await ctx.newPage();
    const { joined } = watchJoins(page);
    await signIn(page, 'admin');
    await page.goto(`${base}/admin/members`);
    await page.getByTestId('member-stats').waitFor();
    await joined('admin-members-');
    await mark(page);

    const first = `Lalitha${Date.now() % 100000}`;
    const email = `${first.toLowerCase()}@example.org`;
    await api('/auth/v1/signup', { method: 'POST', body: { email, password: NEWCOMER_PASSWORD } });
    await api('/rest/v1/rpc/register_member', {
      token: await tokenOf(email, NEWCOMER_PASSWORD),
      method: 'POST',
      body: {
        application: {
          first_name: first,
          surname: 'Hegde',
          mobile_number: '+91 98200 14545',
          member_type: 'annual',
          city: 'Thane',
        },
      },
    });
    await page.getByRole('link', { name: `${first} Hegde` }).waitFor({ timeout: 10_000 });
    assert(await sameDocument(page), 'the page was not reloaded');
    await shot(page, 'realtime-admin-members');
    await ctx.close();
  });

  test('with the realtime socket refused, the bell and the admin screens still work', async ({
    base,
    context,
    signIn,
  }) => {
    const ctx = await context();
    let refused = 0;
    await ctx.routeWebSocket(/\/realtime\/v1\/websocket/, (socket) => {
      refused++;
      socket.close({ code: 1011, reason: 'refused by the test' });
    });
    const page = await ctx.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await signIn(page, 'admin');
    await page.goto(`${base}/admin/members`);
    await page.getByRole('link', { name: 'Narayan Bhat' }).waitFor();
    await page.getByTestId('notification-bell').click();
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    for (let i = 0; refused === 0 && i < 50; i++) await page.waitForTimeout(100);
    assert(refused > 0, 'the app tried the socket');
    assert(errors.length === 0, `no uncaught errors: ${errors.join('; ')}`);
    await ctx.close();
  });
}
