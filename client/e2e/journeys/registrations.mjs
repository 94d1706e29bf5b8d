// Newcomers register (issue 16): a student at 1280 and 360 px (the rules of spec §5, the
// draft kept without secrets, the documents), a matrimony profile with a photo, an existing
// member with their number; each waits, pending, and the student is approved and lands on the
// dashboard. The forms' anti-spam wants 5 s of typing: the pages' clocks are moved on.
import zlib from 'node:zlib';
import { assert, DEMO_PASSWORD, NEWCOMER_PASSWORD } from '../harness.mjs';

const PASSWORD = NEWCOMER_PASSWORD;
/** The demo accounts were seeded with DEMO_PASSWORD; newcomers chose PASSWORD. */
const passwordOf = (email) => (email.endsWith('@demo.havyaka.org') ? DEMO_PASSWORD : PASSWORD);

/** A small valid PNG (solid colour), so the browser can decode and resize it. */
function png(width, height) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x9a)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Waits for the confirmation; on failure says which toasts the page showed. */
const confirmed = async (page) => {
  try {
    // Sign-up hashes the password at nice 19: on a busy machine that takes a while.
    await page.getByTestId('registration-confirmation').waitFor({ timeout: 90_000 });
  } catch (error) {
    const toasts = await page.evaluate(() => window.__toasts);
    const main = (await page.locator('main').innerText()).replace(/\s+/g, ' ').slice(-600);
    throw new Error(`no confirmation; toasts: ${JSON.stringify(toasts)}; page: ${main}`, {
      cause: error,
    });
  }
};
const next = (page) => page.getByRole('button', { name: 'Next', exact: true }).click();
const step = async (page, n) => {
  try {
    await page
      .getByTestId('step-counter')
      .filter({ hasText: `Step ${n} of` })
      .waitFor();
  } catch (error) {
    const errors = await page.locator('.text-red-700, [role=alert]').allTextContents();
    throw new Error(`step ${n} not reached; errors shown: ${JSON.stringify(errors)}`, {
      cause: error,
    });
  }
};

/** @param {import('../harness.mjs').Test} test */
export default function journey(test) {
  for (const width of [1280, 360]) {
    test(`a newcomer registers as a student at ${width} px, waits, is approved and lands on the dashboard`, async ({
      base,
      api,
      tokenOf,
      tokenFor,
      context,
      sawToast,
      shot,
      signInAs,
      answerCaptcha,
    }) => {
      const ctx = await context({ viewport: { width, height: 900 } }, { clock: true });
      const page = await ctx.newPage();
      const email = `new.student.${width}.${Date.now()}@example.org`;
      await page.goto(`${base}/student-registration`);
      await page.getByRole('heading', { level: 1, name: 'Student Registration' }).waitFor();
      await step(page, 1);
      // The rules of spec §5, with its messages.
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByLabel('Password', { exact: true }).fill('abc');
      await next(page);
      await page.getByText('Invalid email address').waitFor();
      await page.getByText('Password must be at least 6 characters').waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('password');
      await page.getByLabel('Confirm password').fill('password');
      await next(page);
      await page.getByText('This password is too common').waitFor();
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(`${PASSWORD}x`);
      await next(page);
      await page.getByText('Passwords do not match').waitFor();
      await page.getByLabel('Confirm password').fill(PASSWORD);
      await next(page);
      await step(page, 2);
      await next(page);
      await page.getByText('First name is required').waitFor();
      await page.getByText('Surname is required').waitFor();
      await page.getByText('Mobile number is required').waitFor();
      await page.getByLabel('First name').fill('Asha');
      await page.getByLabel('Surname').fill('Bhat');
      await page.getByLabel('Date of birth').fill('14/08/2006');
      await page.getByTestId('parsed-dateOfBirth').filter({ hasText: '14 August 2006' }).waitFor();
      await page.getByLabel('Gender').selectOption('female');
      await page.getByLabel('Mobile number').fill('98200 12345');
      await page
        .getByTestId('parsed-mobileNumber')
        .filter({ hasText: '+91 98200-12345' })
        .waitFor();
      if (width === 1280) await shot(page, 'student-registration-personal');
      await next(page);
      await step(page, 3);
      await page.getByLabel('Current address').fill('Matunga, Mumbai');
      await page.getByLabel('Current pincode').fill('4000');
      await page.getByLabel('PAN').fill('abcpb1234k');
      await page.getByTestId('parsed-panNo').filter({ hasText: 'ABCPB1234K' }).waitFor();
      await page.getByLabel('Aadhaar number').fill('1234 5678 9012');
      await next(page);
      await page.getByText('Current pincode format is invalid').waitFor();
      await page.getByLabel('Current pincode').fill('400019');
      await next(page);
      await step(page, 4);
      await page.getByLabel('Institution name').fill('VJTI Mumbai');
      await page.getByLabel('Total fees (₹)').fill('1.2 lakh');
      await page.getByTestId('parsed-totalFees').filter({ hasText: '₹1,20,000' }).waitFor();
      await next(page);
      await step(page, 5);
      await page.getByLabel('Annual family income (₹)').fill('4.5L');
      await next(page);
      await step(page, 6);
      await page.getByLabel('Aid sought (₹)').fill('60k');
      await page.getByLabel('Why you seek aid').fill('First-year fees.');
      await page.getByLabel('Reference 1: name').fill('Narayan Bhat');
      await page.getByLabel('Supporting documents').setInputFiles({
        name: 'marks.pdf',
        mimeType: 'application/pdf',
        buffer: PDF,
      });
      await page.getByText('marks.pdf').waitFor();
      // The draft survives a reload (without the password or the identity numbers).
      await page.reload();
      await page.getByText('We restored the answers you had typed on this device.').waitFor();
      const draft = await page.evaluate(() =>
        localStorage.getItem('havyaka:draft:student-registration'),
      );
      assert(
        draft.includes('Asha') && !draft.includes('ABCPB') && !draft.includes(PASSWORD),
        `the draft keeps answers but no secrets: ${draft}`,
      );
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      for (let n = 1; n < 6; n++) {
        if (n === 3) {
          // Identity numbers are never kept in the draft: typed again.
          assert((await page.getByLabel('PAN').inputValue()) === '', 'PAN not restored');
          await page.getByLabel('PAN').fill('abcpb1234k');
          await page.getByLabel('Aadhaar number').fill('1234 5678 9012');
        }
        await next(page);
        await step(page, n + 1);
      }
      await step(page, 6);
      await page.getByLabel('Supporting documents').setInputFiles({
        name: 'marks.pdf',
        mimeType: 'application/pdf',
        buffer: PDF,
      });
      await answerCaptcha(page);
      if (width === 1280) await shot(page, 'student-registration-last-step');
      await page.getByRole('button', { name: 'Submit application' }).click();
      await confirmed(page);
      assert(
        (await page.getByTestId('application-status').textContent()) === 'Pending approval',
        'the confirmation says pending',
      );
      await shot(page, `student-registration-done-${width}`);

      // Exactly one pending application, its numbers only in the vault (masked in the row).
      const token = await tokenOf(email, PASSWORD);
      const rows = await api('/rest/v1/student_details?select=*', { token });
      assert(rows.length === 1, `one application (${rows.length})`);
      assert(rows[0].approval_status === 'pending', 'pending');
      assert(rows[0].pan_no === 'XXXXXX234K', `PAN masked: ${rows[0].pan_no}`);
      assert(
        rows[0].donation_seeking === 60000 && rows[0].family_income === 450000,
        'amounts parsed',
      );
      assert(rows[0].date_of_birth === '2006-08-14', 'date converted');
      assert(rows[0].documents.length === 1, 'the document is attached');

      // Pending: the dashboard sends the student home with the spec's message.
      await page.goto(`${base}/dashboard/student`);
      await page.waitForURL(`${base}/`);
      await sawToast(page, 'Your account is pending approval. Please wait for admin approval.');

      // An admin approves through the API; the student signs in and lands on the dashboard.
      const admin = await tokenFor('admin');
      const userId = rows[0].user_id;
      await api(`/rest/v1/users?id=eq.${userId}`, {
        token: admin,
        method: 'PATCH',
        body: { status: 'approved', approval_status: 'approved' },
      });
      await api(`/rest/v1/student_details?user_id=eq.${userId}`, {
        token: admin,
        method: 'PATCH',
        body: { approval_status: 'approved' },
      });
      await ctx.clearCookies();
      await page.evaluate(() => localStorage.clear());
      await page.goto(base);
      await signInAs(page, email, '/dashboard/student', passwordOf(email));
      await page.getByRole('heading', { level: 1, name: 'Student Dashboard' }).waitFor();
      await page.getByTestId('application-status').filter({ hasText: 'Approved' }).waitFor();
      await page.getByText('XXXXXX234K').waitFor();
      await shot(page, `student-dashboard-${width}`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      assert(overflow <= 0, `no horizontal scrolling (${overflow}px)`);
      await ctx.close();
    });
  }

  test('a newcomer registers a matrimony profile with a photo and waits for approval', async ({
    base,
    anonKey,
    api,
    tokenOf,
    context,
    sawToast,
    shot,
    answerCaptcha,
  }) => {
    const ctx = await context({}, { clock: true });
    const page = await ctx.newPage();
    const email = `new.matrimony.${Date.now()}@example.org`;
    await page.goto(`${base}/matrimony/registration`);
    await page.getByRole('heading', { level: 1, name: 'Matrimony Registration' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await next(page);
    await step(page, 2);
    await page.getByLabel('First name').fill('Kiran');
    await page.getByLabel('Surname').fill('Hegde');
    await page.getByLabel('Gender').selectOption('male');
    await page.getByLabel('Date of birth').fill('2012-01-01');
    await next(page);
    await page.getByText('Age must be between 18 and 100').waitFor();
    await page.getByLabel('Date of birth').fill('21-06-1994');
    await page.getByTestId('parsed-dateOfBirth').filter({ hasText: '21 June 1994' }).waitFor();
    await page.getByLabel('Height').fill(`5'9"`);
    await page.getByTestId('parsed-height').filter({ hasText: `175 cm (5'9")` }).waitFor();
    await page.getByLabel('Weight').fill('150 lbs');
    await page.getByTestId('parsed-weight').filter({ hasText: '68 kg (150 lbs)' }).waitFor();
    await page.getByLabel('Vegetarian').selectOption('yes');
    await page.getByLabel('Smokes').selectOption('no');
    await next(page);
    await step(page, 3);
    await page.getByLabel('Qualification', { exact: true }).fill('M.Tech');
    await page.getByLabel('Monthly income (₹)').fill('1.5 lakh');
    await page.getByTestId('parsed-monthlyIncome').filter({ hasText: '₹1,50,000' }).waitFor();
    await page.getByLabel('Gotra / Nakshatra').fill('Kashyapa / Ashwini');
    await next(page);
    await step(page, 4);
    await page.getByLabel('Preferred age from').fill('24');
    await page.getByLabel('Preferred age to').fill('30');
    await next(page);
    await step(page, 5);
    await next(page);
    await step(page, 6);
    await page.getByLabel('Mobile number').fill('9820012');
    await page.getByLabel('Date', { exact: true }).fill('15/01/2026');
    await page.getByLabel('Photo', { exact: true }).setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: png(2000, 2600),
    });
    await page.getByAltText('Photo preview').waitFor();
    await answerCaptcha(page);
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByText('Mobile number is required').waitFor();
    await page.getByLabel('Mobile number').fill('98200 12345');
    await page.getByTestId('parsed-mobileNo').filter({ hasText: '+91 98200-12345' }).waitFor();
    await shot(page, 'matrimony-registration-contact');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await confirmed(page);
    await shot(page, 'matrimony-registration-done');

    const token = await tokenOf(email, PASSWORD);
    const rows = await api('/rest/v1/matrimony_details?select=*', { token });
    assert(rows.length === 1, `one profile (${rows.length})`);
    const p = rows[0];
    assert(
      p.approval_status === 'pending' && p.date_of_birth === '1994-06-21',
      'pending, date converted',
    );
    // The contact details are stored apart (matrimony_contacts), never on the browsable row.
    assert(!('mobile_no' in p) && !('email' in p), 'no contact column on the profile');
    const contacts = await api('/rest/v1/matrimony_contacts?select=profile_id,mobile_no', {
      token,
    });
    assert(
      contacts.length === 1 &&
        contacts[0].profile_id === p.id &&
        /12345$/.test(contacts[0].mobile_no),
      `the mobile number in its own row: ${JSON.stringify(contacts)}`,
    );
    assert(
      p.vegetarian_brahmin === true && p.smoking === false && p.handicaps === null,
      'yes/no as booleans',
    );
    assert(
      p.monthly_income === 150000 && p.preferred_income_above === null,
      'income parsed, empty null',
    );
    assert(
      p.height_cm === 175 && p.gotra === 'kashyapa',
      `height and gotra read (${p.height_cm}, ${p.gotra})`,
    );
    assert(
      p.photo_url === `/storage/v1/object/matrimony-photos/${p.user_id}/profile.jpg`,
      p.photo_url,
    );
    const info = await api(`/storage/v1/object/info/matrimony-photos/${p.user_id}/profile.jpg`, {
      token,
    });
    const size = info.size ?? info.metadata?.size;
    const type = info.content_type ?? info.contentType ?? info.metadata?.mimetype;
    assert(size > 0 && size <= 2 * 1024 * 1024, `resized below 2 MB (${size})`);
    assert(String(type).includes('jpeg'), `stored as JPEG (${type})`);
    // Anyone else (a visitor) cannot read the private photo.
    const visitor = await fetch(
      `${base}/storage/v1/object/matrimony-photos/${p.user_id}/profile.jpg`,
      {
        headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
      },
    );
    assert(
      visitor.status === 400 || visitor.status === 404 || visitor.status === 403,
      `visitors get no photo (${visitor.status})`,
    );
    await page.goto(`${base}/dashboard/matrimony`);
    await page.waitForURL(`${base}/`);
    await sawToast(page, 'Your account is pending approval. Please wait for admin approval.');
    await ctx.close();
  });

  test('an existing member applies online with their membership number', async ({
    base,
    api,
    tokenOf,
    context,
    shot,
    answerCaptcha,
  }) => {
    const ctx = await context(
      { viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true },
      { clock: true },
    );
    const page = await ctx.newPage();
    const email = `new.member.${Date.now()}@example.org`;
    await page.goto(`${base}/membership/registration`);
    await page.getByRole('heading', { level: 1, name: 'Membership Registration' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await next(page);
    await step(page, 2);
    await page.getByLabel('First name').fill('Girish');
    await page.getByLabel('Surname').fill('Rao');
    await page.getByLabel('Gotra').fill('Atri');
    await next(page);
    await step(page, 3);
    await page.getByLabel('Mobile number').fill('9820013131');
    await page.getByLabel('City').fill('Thane');
    await next(page);
    await step(page, 4);
    await page.getByLabel('Member type').selectOption('life');
    await page.getByLabel('I am already a member').check();
    await answerCaptcha(page);
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByText('Existing membership number is required').waitFor();
    await page.getByLabel('Existing membership number').fill('LM-0777');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await confirmed(page);
    await page.getByText(/HWT-\d{5} \(LM-0777\)/).waitFor();
    await shot(page, 'membership-registration-done-360');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    assert(overflow <= 0, `no horizontal scrolling (${overflow}px)`);
    const token = await tokenOf(email, PASSWORD);
    const entries = await api(
      '/rest/v1/member_directory?select=status,approval_status,membership_no',
      { token },
    );
    assert(
      entries.length === 1 &&
        entries[0].status === 'Check' &&
        entries[0].membership_no === 'LM-0777',
      `one application with the existing number: ${JSON.stringify(entries)}`,
    );
    await ctx.close();
  });
}
