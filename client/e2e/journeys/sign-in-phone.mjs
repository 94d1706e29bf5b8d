// Sign-in for everyone (issue 32), by phone: the server texts codes through its send-SMS hook,
// pointed at a small receiver this file runs (sms-receiver.mjs: it checks the hook's Standard
// Webhooks signature as a trust's gateway would). A member signs in with the code texted to
// their mobile number, typed as people write Indian numbers; an unknown number is told the same
// and gets no text.
import { assert } from '../harness.mjs';
import { startSmsReceiver } from '../sms-receiver.mjs';

const MEMBER = 'member@demo.havyaka.org';
const MEMBER_PHONE = '919845012345';

/** The SMS receiver beside this file's server: its settings, and `texts` for the tests. */
export async function services() {
  const receiver = await startSmsReceiver();
  return { env: receiver.env, helpers: { sms: receiver }, close: receiver.close };
}

/** The login page's "Sign in with a code" form, switched to a mobile number. */
async function phoneCodeForm(page, base) {
  await page.goto(`${base}/login`);
  await page.getByRole('tab', { name: 'Sign in with a code' }).click();
  await page.getByRole('radio', { name: 'Mobile number' }).check();
  return page.getByRole('textbox', { name: 'Mobile number' });
}

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  test('member: signs in with a code texted to their mobile number', async ({
    base,
    context,
    sawToast,
    shot,
    sql,
    sms,
  }) => {
    // The member's account has a confirmed mobile number.
    sql(
      `update auth.users set phone = '${MEMBER_PHONE}', phone_confirmed_at = now() where email = '${MEMBER}'`,
    );
    const ctx = await context();
    const page = await ctx.newPage();

    // A number without an account: the same answer, and nothing is texted.
    await (await phoneCodeForm(page, base)).fill('98450 99999');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('We sent a code by text message to 98450 99999.').waitFor();

    // The member's number, written as a national number: +91 is added.
    await (await phoneCodeForm(page, base)).fill('98450 12345');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('We sent a code by text message to 98450 12345.').waitFor();
    // The hook is called before the server answers: the text has arrived, correctly signed.
    assert(sms.refused() === 0, `every text was signed (${sms.refused()} refused)`);
    assert(
      sms.texts.length === 1,
      `one text, to the member only: ${JSON.stringify(sms.texts.map((t) => t.phone))}`,
    );
    const [text] = sms.texts;
    assert(text.phone === MEMBER_PHONE, `texted to ${MEMBER_PHONE}: ${text.phone}`);
    assert(text.sms_type === 'sms', `a sign-in text: ${text.sms_type}`);
    assert(text.user.email === MEMBER, `the hook names the account: ${text.user.email}`);
    assert(/^\d{6}$/.test(text.otp), `a six-digit code: ${text.otp}`);
    assert(text.message.includes(text.otp), `the message carries the code: ${text.message}`);

    const field = page.getByLabel('Code', { exact: true });
    assert(
      (await field.getAttribute('autocomplete')) === 'one-time-code',
      'the field takes one-time-code autofill (the phone offers the texted code)',
    );
    await field.fill(text.otp);
    await shot(page, 'login-phone-code');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${base}/dashboard/member`, { timeout: 20_000 });
    await sawToast(page, 'Welcome back');
    const session = sql(
      `select count(*) from auth.sessions s join auth.users u on u.id = s.user_id where u.email = '${MEMBER}'`,
    );
    assert(Number(session) >= 1, `a session for the member (${session})`);
    await ctx.close();
  });
}
