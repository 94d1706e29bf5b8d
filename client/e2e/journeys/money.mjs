// Donations and receipts (issue 36): the trust's UPI ID and bank account on /donate; a member
// saves their donor details once, donates by UPI (the QR and the upi:// link carry our
// reference) and enters the UTR; staff import a bank statement that matches it and confirm in
// one click; the member sees the receipt number and its 80G fields on their payments page and
// downloads the PDF the server rendered.
import { readFile } from 'node:fs/promises';
import { assert } from '../harness.mjs';

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  test('a member donates by UPI, staff match the statement and confirm, the member sees the receipt', async ({
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
        urn_80g_issued_on: '2021-05-28',
        urn_80g_valid_from: '2021-04-01',
        urn_80g_valid_until: '2031-03-31',
        bank_account_name: 'Havyaka Trust Mumbai',
        bank_account_number: '12345678901',
        bank_name: 'State Bank of India',
        ifsc: 'SBIN0001234',
        upi_id: 'havyakatrust@sbi',
        upi_payee_name: 'Havyaka Trust',
      },
    });

    // The member: donor details once, a donation for educational aid, the UPI QR and link.
    const ctx = await context({ acceptDownloads: true });
    const page = await ctx.newPage();
    await signIn(page, 'member');
    await page.goto(`${base}/donate`);
    await page.getByRole('heading', { level: 1, name: 'Donate' }).waitFor();
    const bank = await page.getByTestId('bank-details').innerText();
    assert(
      bank.includes('SBIN0001234') && bank.includes('havyakatrust@sbi'),
      'the bank details and UPI ID show',
    );
    const details = page.getByRole('form', { name: 'Your details for the receipt' });
    await details.getByLabel('Name as on PAN').fill('Ravi Bhat');
    await details.getByLabel('Address').fill('4 Hill View, King’s Circle, Matunga');
    await details.getByLabel('City').fill('Mumbai');
    await details.getByLabel('PIN code').fill('400019');
    await details.getByLabel('Number').fill('ABCDE1234F');
    await details.getByRole('button', { name: 'Save my details' }).click();
    await sawToast(page, 'Your details are saved');
    await page.getByText('Receipts are issued to Ravi Bhat (XXXXXX234F).').waitFor();

    const pay = page.getByRole('form', { name: 'Pay by UPI' });
    await pay.getByLabel('Purpose').selectOption('educational_aid');
    await pay.getByLabel('Amount (₹, whole rupees)').fill('2501');
    await pay.getByRole('button', { name: 'Continue to pay' }).click();
    const qr = page.getByTestId('upi-qr');
    await qr.locator('svg').waitFor();
    const reference = (await page.getByTestId('pay-reference').innerText()).trim();
    const link = await qr.getAttribute('data-link');
    assert(/^HT[0-9A-F]{10}$/.test(reference), `a reference of ours: ${reference}`);
    assert(
      link ===
        `upi://pay?pa=havyakatrust%40sbi&pn=Havyaka%20Trust&am=2501.00&cu=INR&tn=Donation%3A%20Educational%20aid&tr=${reference}`,
      `the QR holds the UPI link: ${link}`,
    );
    assert(
      (await page.getByRole('link', { name: 'Open UPI app' }).first().getAttribute('href')) ===
        link,
      'Open UPI app opens the same link',
    );
    await shot(page, 'donate-upi');
    const utr = `6${String(Date.now()).slice(-11)}`;
    await page.getByLabel('UTR / transaction id').fill(utr);
    await page.getByRole('button', { name: 'Send' }).click();
    await sawToast(page, 'Your payment is pending verification');

    // Staff: the bank's statement (HDFC's layout) names the UTR; it matches; one click confirms.
    const today = new Date();
    const dd = String(today.getDate()).padStart(2, '0');
    const mm = String(today.getMonth() + 1).padStart(2, '0');
    const yy = String(today.getFullYear() % 100).padStart(2, '0');
    const statement = [
      'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
      `${dd}/${mm}/${yy},UPI-RAVI BHAT-ravibhat@oksbi-SBIN0001234-${utr}-Donation,0000${utr},${dd}/${mm}/${yy},,2501.00,52501.00`,
      `${dd}/${mm}/${yy},POS 4162XXXXXXXX1234 DMART MATUNGA,000000000000000,${dd}/${mm}/${yy},860.00,,51641.00`,
      `${dd}/${mm}/${yy},NEFT CR-HDFC0000240-SOMEONE ELSE,HDFCN52026120211,${dd}/${mm}/${yy},,1000.00,52641.00`,
    ].join('\n');
    const staffCtx = await context();
    const staff = await staffCtx.newPage();
    await signIn(staff, 'admin');
    await staff.goto(`${base}/admin/finance?tab=statements`);
    await staff.getByRole('heading', { level: 1, name: 'Finance' }).waitFor();
    await staff.getByLabel('Statement (CSV)').setInputFiles({
      name: 'hdfc-statement.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(statement),
    });
    await staff.getByRole('button', { name: 'Import', exact: true }).click();
    await sawToast(staff, 'HDFC statement: 2 credits, 1 matched');
    await staff.locator('[data-testid=statement-line][data-status=matched]').waitFor();
    assert(
      (await staff.locator('[data-testid=statement-line][data-status=unmatched]').count()) === 1,
      'the credit without a pending payment is listed',
    );
    await shot(staff, 'finance-statement');
    await staff.getByRole('button', { name: 'Confirm 1 match' }).click();
    await sawToast(staff, '1 payment verified; receipts issued');
    await staff.locator('[data-testid=statement-line][data-status=confirmed]').waitFor();

    // A malformed statement is refused with its line, and changes nothing.
    await staff.getByLabel('Statement (CSV)').setInputFiles({
      name: 'broken.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('date,narration,credit,reference\n2026-04-15,Gift,12a,R1\n'),
    });
    await staff.getByRole('button', { name: 'Import', exact: true }).click();
    const refusal = await staff.getByRole('alert').filter({ hasText: 'not imported' }).innerText();
    assert(refusal.includes('Line 2'), `the refusal names the line: ${refusal}`);
    await staffCtx.close();

    // The member sees the receipt.
    const [receipt] = await api(
      `/rest/v1/receipt_documents?reference=eq.${reference}&select=receipt_no,eligible`,
      {
        token: await tokenFor('member'),
      },
    );
    assert(
      /^HT\/\d{4}-\d{2}\/\d{6}$/.test(receipt.receipt_no) && receipt.eligible,
      `an 80G receipt: ${receipt.receipt_no}`,
    );
    await page.goto(`${base}/account/payments`);
    const card = page.getByTestId('receipt').filter({ hasText: receipt.receipt_no });
    await card.waitFor();
    const shown = await card.innerText();
    for (const field of [
      'AAATH1234K',
      'AAATH1234KF20214',
      'Ravi Bhat',
      'XXXXXX234F',
      'Rupees Two Thousand Five Hundred One Only',
      'ಎರಡು ಸಾವಿರದ ಐನೂರ ಒಂದು ರೂಪಾಯಿಗಳು ಮಾತ್ರ',
      'Educational aid',
      'UPI',
    ]) {
      assert(shown.includes(field), `the receipt shows ${field}`);
    }
    assert(!shown.includes('ABCDE1234F'), 'the full PAN is never shown');
    await shot(page, 'my-receipts');

    // The server renders the PDF (templates/receipt.typ) within moments; the member downloads it
    // from the private receipts bucket.
    const button = card.getByRole('button', { name: 'Download receipt (PDF)' });
    for (let tries = 0; (await button.count()) === 0; tries += 1) {
      assert(tries < 20, 'the receipt PDF is rendered within 20 seconds');
      await page.waitForTimeout(1000);
      await page.reload();
      await card.waitFor();
    }
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    assert(
      download.suggestedFilename() === `${receipt.receipt_no.replaceAll('/', '-')}.pdf`,
      `the file is named by the receipt number: ${download.suggestedFilename()}`,
    );
    const pdf = await readFile(await download.path());
    assert(pdf.subarray(0, 5).toString() === '%PDF-', 'the download is a PDF');
    assert(pdf.length > 5000, `the PDF has its fonts and text (${pdf.length} bytes)`);
    await ctx.close();
  });
}
