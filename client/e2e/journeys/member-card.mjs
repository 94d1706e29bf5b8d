// The membership card (issue 36 items 7 and 8): a member opens their dashboard and sees their
// card (name, number, a QR code of the signed token and the token's text); event staff paste
// that token into the card scanner, which checks it on the device against the published keys
// and the revocation list: valid, with the member's name. After an admin revokes the card, the
// same token, checked again with the list refreshed, is refused as revoked; a tampered one is
// not a valid card.
import { assert } from '../harness.mjs';

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  test('a member shows their card and staff scan it: valid, then revoked', async ({
    base,
    context,
    signIn,
    shot,
    api,
    tokenFor,
  }) => {
    const memberCtx = await context();
    const member = await memberCtx.newPage();
    await signIn(member, 'member');
    const card = member.getByTestId('member-card');
    await card.getByRole('heading', { name: 'Membership card' }).waitFor();
    assert(
      (await card.getByTestId('card-name').innerText()) === 'Meera Kamath',
      'the card names her',
    );
    assert((await card.getByTestId('card-number').innerText()) === 'LM-1024', 'with her number');
    await card
      .getByRole('img', { name: 'QR code of the membership card LM-1024' })
      .locator('svg')
      .waitFor();
    const token = (await card.getByTestId('card-token').innerText()).trim();
    assert(/^[\w-]+\.[\w-]{86}$/.test(token), `a compact signed token: ${token}`);
    const claims = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString());
    assert(claims.m === 'LM-1024' && claims.v === 1, 'its claims: her number, version 1');
    assert(
      !('phone' in claims) && !('email' in claims) && !JSON.stringify(claims).includes('@'),
      'no contact details',
    );
    await shot(member, 'member-card');
    await memberCtx.close();

    const staffCtx = await context();
    const staff = await staffCtx.newPage();
    await signIn(staff, 'event_manager');
    await staff.goto(`${base}/admin/card-scanner`);
    await staff.getByRole('heading', { level: 1, name: 'Check membership cards' }).waitFor();
    await staff.getByTestId('scanner-ready').waitFor();
    const field = staff.getByLabel('Card code');
    await field.fill(token);
    await staff.getByRole('button', { name: 'Check', exact: true }).click();
    const verdict = staff.getByTestId('card-verdict');
    await verdict.waitFor();
    assert((await verdict.getAttribute('data-status')) === 'valid', 'the scanner says valid');
    assert((await verdict.innerText()).includes('Valid'), 'in words');
    assert(
      (await staff.getByTestId('verdict-name').innerText()) === 'Meera Kamath',
      'with her name',
    );
    await shot(staff, 'card-scanner-valid');

    // A changed character: not a valid card.
    const [body, signature] = token.split('.');
    const forgedClaims = Buffer.from(JSON.stringify({ ...claims, m: 'LM-0001' })).toString(
      'base64url',
    );
    await staff.getByRole('button', { name: 'Next card' }).click();
    await field.fill(`${forgedClaims}.${signature}`);
    await staff.getByRole('button', { name: 'Check', exact: true }).click();
    await staff.locator('[data-testid="card-verdict"][data-status="invalid"]').waitFor();
    assert(body !== forgedClaims, 'the forged claims differ');

    // An admin revokes the card; the scanner refreshes its list and refuses the old token.
    const admin = await tokenFor('admin');
    const version = await api('/rest/v1/rpc/revoke_member_card', {
      token: admin,
      method: 'POST',
      body: { member_no: 'LM-1024' },
    });
    assert(version === 2, `the card's version is now 2 (${JSON.stringify(version)})`);
    const refreshed = staff.waitForResponse((r) => r.url().includes('/rpc/card_revocation_list'));
    await staff.getByRole('button', { name: 'Refresh keys and list' }).click();
    await refreshed;
    await staff.getByRole('button', { name: 'Next card' }).click();
    await field.fill(token);
    await staff.getByRole('button', { name: 'Check', exact: true }).click();
    await staff.locator('[data-testid="card-verdict"][data-status="revoked"]').waitFor();
    assert((await verdict.innerText()).includes('Revoked'), 'the scanner says revoked');
    await shot(staff, 'card-scanner-revoked');
    await staffCtx.close();
  });
}
