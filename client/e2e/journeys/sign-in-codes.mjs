// Sign-in for everyone (issue 32): a member signs in with a code read from the development
// outbox; an admin who must use a second factor sets up TOTP and signs in with it; an invited
// content manager chooses a password from the invitation's link.
import { createHmac } from 'node:crypto';
import { assert } from '../harness.mjs';

/** The TOTP code (RFC 6238: SHA-1, 30 s, 6 digits) of a base32 secret, `offset` steps away. */
function totp(secret, offset = 0) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + offset));
  const digest = createHmac('sha1', key).update(counter).digest();
  const at = digest[19] & 0x0f;
  const n =
    ((digest[at] & 0x7f) << 24) | (digest[at + 1] << 16) | (digest[at + 2] << 8) | digest[at + 3];
  return String(n % 1_000_000).padStart(6, '0');
}

const lit = (value) => `'${String(value).replaceAll("'", "''")}'`;

const newestMail = (sql, email, kind) =>
  sql(
    `select body_text from auth.mail_outbox where recipient = ${lit(email)} and kind = ${lit(kind)} order by id desc limit 1`,
  );

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  test('member: signs in with a code from the e-mail, pasted into the code field', async ({
    base,
    context,
    sawToast,
    shot,
    sql,
  }) => {
    const email = 'member@demo.havyaka.org';
    const ctx = await context();
    const page = await ctx.newPage();
    await page.goto(`${base}/login`);
    await page.getByRole('tab', { name: 'Sign in with a code' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(`We sent a code to ${email}.`).waitFor();
    const body = newestMail(sql, email, 'magiclink');
    const code = body.match(/\b(\d{6})\b/)?.[1];
    assert(code, `a code in the mail: ${body}`);
    const field = page.getByLabel('Code', { exact: true });
    assert(
      (await field.getAttribute('autocomplete')) === 'one-time-code',
      'the field takes one-time-code autofill',
    );
    // Pasted with spaces around, as people copy it: only the digits are kept.
    await field.fill(` ${code.slice(0, 3)} ${code.slice(3)} `);
    assert((await field.inputValue()) === code, 'the pasted code keeps its digits');
    await shot(page, 'login-code');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${base}/dashboard/member`, { timeout: 20_000 });
    await sawToast(page, 'Welcome back');
    await ctx.close();
  });

  test('admin: sets up an authenticator app when required, then signs in with it', async ({
    base,
    context,
    sawToast,
    shot,
    sql,
  }) => {
    const adminId = sql(`select id from auth.users where email = 'admin@demo.havyaka.org'`);
    sql(`update app.security_policy set second_factor_types = '{super_admin,admin}'`);
    const ctx = await context();
    try {
      const page = await ctx.newPage();
      await page.goto(`${base}/login`);
      await page.getByLabel('Email').fill('admin@demo.havyaka.org');
      await page.getByLabel('Password').fill('Havyaka@2025');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(`${base}/account/second-factor`, { timeout: 20_000 });
      await page.getByTestId('totp-qr').waitFor();
      const src = await page.getByTestId('totp-qr').getAttribute('src');
      assert(src.startsWith('data:image/svg+xml'), `the QR code is an SVG: ${src.slice(0, 30)}`);
      const secret = (await page.getByTestId('totp-secret').textContent()).trim();
      await shot(page, 'second-factor-setup');
      await page.getByLabel('Authenticator code').fill(totp(secret));
      await page.getByRole('button', { name: 'Turn on the second factor' }).click();
      await page.waitForURL(`${base}/admin`, { timeout: 20_000 });
      await sawToast(page, 'Second factor turned on');
      // Signing in again asks for the app's code (the next one: a code is never used twice).
      // The sign-out finishes (its toast) before the next sign-in: leaving earlier cuts it short.
      // The admin area has rendered (its sidebar) before its log-out button is looked for.
      await page.getByRole('navigation', { name: 'Admin' }).waitFor();
      await page
        .getByRole('button', { name: /log out/i })
        .first()
        .click();
      await sawToast(page, 'Admin logged out');
      await page.goto(`${base}/login`);
      await page.getByLabel('Email').fill('admin@demo.havyaka.org');
      await page.getByLabel('Password').fill('Havyaka@2025');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('heading', { name: 'Second step: your authenticator app' }).waitFor();
      await page.getByLabel('Authenticator code').fill('000000');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('That code is not right.').waitFor();
      await page.getByLabel('Authenticator code').fill(totp(secret, 1));
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(`${base}/admin`, { timeout: 20_000 });
      const aal = sql(
        `select aal from auth.sessions where user_id = ${lit(adminId)} order by created_at desc limit 1`,
      );
      assert(aal === 'aal2', `the session is aal2 (${aal})`);
    } finally {
      // Later journeys sign in as this admin with a password alone.
      sql(`delete from auth.mfa_factors where user_id = ${lit(adminId)}`);
      sql(`update app.security_policy set second_factor_types = '{}'`);
      await ctx.close();
    }
  });

  test('super admin: invites a content manager, who chooses a password from the link', async ({
    base,
    context,
    sawToast,
    shot,
    signIn,
    sql,
  }) => {
    const email = `invited-${Date.now()}@example.org`;
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'super_admin');
    await page.goto(`${base}/admin/users`);
    await page.getByRole('heading', { name: 'Invite a staff member' }).waitFor();
    const form = page.locator('form', {
      has: page.getByRole('button', { name: 'Send invitation' }),
    });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Full name').fill('Kavya Hegde');
    await form.getByLabel('Role').selectOption('content_manager');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await sawToast(page, `Invitation sent to ${email}`);
    const link = newestMail(sql, email, 'invite').match(
      /https?:\/\/\S+\/auth\/v1\/verify\?\S+/,
    )?.[0];
    assert(link, 'an invitation link in the mail');
    await ctx.close();

    const invitee = await context();
    const p = await invitee.newPage();
    await p.goto(link);
    await p.waitForURL(/\/account\/set-password/, { timeout: 20_000 });
    await p.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await p.getByLabel('New password').fill('Kavya@Hegde2026');
    await p.getByLabel('Confirm password').fill('Kavya@Hegde2026');
    await shot(p, 'set-password');
    await p.getByRole('button', { name: 'Save password' }).click();
    await sawToast(p, 'Password saved');
    await p.waitForURL(`${base}/admin`, { timeout: 20_000 });
    // The password works on its own. (The admin area has rendered before its log-out button is
    // looked for: the page before it had one too.)
    await p.getByRole('navigation', { name: 'Admin' }).waitFor();
    await p
      .getByRole('button', { name: /log out/i })
      .first()
      .click();
    await sawToast(p, 'Admin logged out');
    await p.goto(`${base}/login`);
    await p.getByLabel('Email').fill(email);
    await p.getByLabel('Password').fill('Kavya@Hegde2026');
    await p.getByRole('button', { name: 'Sign In' }).click();
    await p.waitForURL(`${base}/admin`, { timeout: 20_000 });
    await invitee.close();
  });
}
