// The finance staff's side of issue 36: cash recorded for a member picked by name (in Kannada)
// issues a receipt at once; the member downloads their year statement; Form 10BE files are
// uploaded, one matched by the PAN in its name and one matched by hand to a walk-in donor
// entered once; the member downloads their Form 10BE; a verified payment is refunded with a
// reason and its receipt shows cancelled; the card scanner is reached from the finance screen.
import { readFile } from 'node:fs/promises';
import { assert } from '../harness.mjs';

/** A small but real PDF: the bucket takes PDFs only. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  test('finance staff record cash with the donor picker, upload Form 10BE, refund; the member downloads', async ({
    base,
    context,
    signIn,
    sawToast,
    shot,
    api,
    tokenFor,
  }) => {
    const admin = await tokenFor('admin');
    await api('/rest/v1/trust_finance?id=eq.true', {
      token: admin,
      method: 'PATCH',
      body: {
        trust_name: 'Havyaka Trust Mumbai',
        address: '12 Temple Road, Matunga, Mumbai 400019',
        pan: 'AAATH1234K',
        urn_80g: 'AAATH1234KF20214',
        urn_80g_valid_from: '2021-04-01',
        urn_80g_valid_until: '2031-03-31',
      },
    });
    // The member saved their donor details earlier (the donate page's form).
    await api('/rest/v1/rpc/save_donor', {
      token: await tokenFor('member'),
      method: 'POST',
      body: {
        name: 'Meera Kamath',
        address: '7 Lady Jamshedji Road, Mahim',
        id_code: 'pan',
        id_number: 'KLMNO1234P',
        city: 'Mumbai',
        pin_code: '400016',
      },
    });

    const staffCtx = await context({ acceptDownloads: true });
    const staff = await staffCtx.newPage();
    await signIn(staff, 'admin');

    // Cash for a member found by their name in Kannada: the receipt is issued at once.
    await staff.goto(`${base}/admin/finance?tab=record`);
    await staff.getByRole('heading', { level: 1, name: 'Finance' }).waitFor();
    await staff.getByLabel('Search a member or a saved donor').fill('ಮೀರಾ ಕಾಮತ್');
    await staff.getByRole('button', { name: 'Choose Meera Kamath' }).first().click();
    await staff.getByTestId('picked-donor').getByText('XXXXXX234P').waitFor();
    const record = staff.getByRole('form', { name: 'Record cash, a cheque or a gift in kind' });
    await record.getByLabel('Amount (₹)').fill('1500');
    await record.getByRole('button', { name: 'Record and issue receipt' }).click();
    await sawToast(staff, 'Recorded; the receipt is issued');
    await shot(staff, 'finance-record-cash');

    // A walk-in donor entered once, for the manual match below.
    await staff.getByRole('button', { name: 'New walk-in donor' }).click();
    const walkIn = staff.getByRole('form', { name: 'Walk-in donor (name as on PAN)' });
    await walkIn.getByLabel('Name as on PAN').fill('Ganesh Joshi');
    await walkIn.getByLabel('Address').fill('3 Market Lane, Dadar');
    await walkIn.getByLabel('PIN code').fill('400014');
    await walkIn.getByLabel('Number').fill('PQRST6789U');
    await walkIn.getByRole('button', { name: 'Save donor details' }).click();
    await staff.getByTestId('picked-donor').getByText('Ganesh Joshi').waitFor();

    // Form 10BE: one file named with the member's PAN (matched), one with only an ARN (listed).
    await staff.goto(`${base}/admin/finance?tab=form10be`);
    await staff.getByLabel('Form 10BE PDFs').setInputFiles([
      { name: 'AAATH1234K_KLMNO1234P_Form10BE.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'Form10BE_555555555555555.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await staff.getByRole('button', { name: 'Upload', exact: true }).click();
    await sawToast(staff, '2 files uploaded, 1 matched to a donor');
    await staff.getByTestId('form-10be-matched').filter({ hasText: 'Meera Kamath' }).waitFor();
    const unmatched = staff.getByTestId('form-10be-unmatched');
    await unmatched.getByText('555555555555555').first().waitFor();
    await unmatched.getByLabel('Search a member or a saved donor').fill('Ganesh Joshi');
    await unmatched.getByRole('button', { name: 'Choose Ganesh Joshi' }).click();
    await unmatched.getByRole('button', { name: 'Match', exact: true }).click();
    await sawToast(staff, 'Matched; the donor is told');
    await staff.getByTestId('form-10be-matched').filter({ hasText: 'Ganesh Joshi' }).waitFor();
    await shot(staff, 'finance-form-10be');

    // The scanner is one link away.
    await staff.getByRole('link', { name: 'Membership card scanner' }).click();
    await staff.waitForURL(`${base}/admin/card-scanner`);

    // The member: their Form 10BE and their year statement.
    const ctx = await context({ acceptDownloads: true });
    const page = await ctx.newPage();
    await signIn(page, 'member');
    await page.goto(`${base}/account/payments`);
    const certificate = page.getByTestId('my-form-10be');
    await certificate.waitFor();
    const [tenBe] = await Promise.all([
      page.waitForEvent('download'),
      certificate.getByRole('button', { name: 'Download Form 10BE' }).click(),
    ]);
    const got = await readFile(await tenBe.path());
    assert(got.equals(PDF), 'the member downloads the uploaded Form 10BE');
    const statementButton = page.getByRole('button', {
      name: /^Download year statement \(PDF\), \d{4}-\d{2}$/,
    });
    const [statement] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      statementButton.first().click(),
    ]);
    assert(
      /^statement-\d{4}-\d{2}\.pdf$/.test(statement.suggestedFilename()),
      statement.suggestedFilename(),
    );
    const pdf = await readFile(await statement.path());
    assert(
      pdf.subarray(0, 5).toString() === '%PDF-' && pdf.length > 5000,
      'the statement is a rendered PDF',
    );
    await shot(page, 'my-payments-statement');

    // Staff refund the cash payment with a reason; the member's receipt shows cancelled.
    await staff.goto(`${base}/admin/payments?status=completed`);
    await staff.getByRole('button', { name: 'Refund the payment of Meera Kamath' }).first().click();
    await staff.getByLabel('Reason').fill('Paid twice at the counter');
    await staff.getByRole('button', { name: 'Refund payment' }).click();
    await sawToast(staff, 'Payment refunded; its receipt is cancelled');
    await page.reload();
    await page.getByTestId('my-payment').filter({ hasText: 'Refunded' }).first().waitFor();
    const [cancelled] = await api(
      '/rest/v1/receipt_documents?select=status,cancel_reason&status=eq.cancelled',
      {
        token: await tokenFor('member'),
      },
    );
    assert(
      cancelled?.cancel_reason === 'Refunded: Paid twice at the counter',
      `the receipt is cancelled with the reason: ${JSON.stringify(cancelled)}`,
    );
    await ctx.close();
    await staffCtx.close();
  });
}
