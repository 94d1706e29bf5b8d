import { describe, expect, it } from 'vitest';
import { upiLink } from './upi';

const base = {
  payee: 'havyakatrust@sbi',
  payeeName: 'Havyaka Trust',
  amount: 2501,
  note: 'Donation: Educational aid',
  reference: 'HT1A2B3C4D5E',
};

describe('upiLink', () => {
  it('names payee, amount with paise, currency, note and our reference', () => {
    expect(upiLink(base)).toBe(
      'upi://pay?pa=havyakatrust%40sbi&pn=Havyaka%20Trust&am=2501.00&cu=INR&tn=Donation%3A%20Educational%20aid&tr=HT1A2B3C4D5E',
    );
  });

  it('encodes what would break the query: & = # + and Kannada', () => {
    const link = upiLink({ ...base, payeeName: 'Trust & Sons', note: 'ದೇಣಿಗೆ #1 a+b=c' });
    const params = new URL(link.replace('upi://', 'https://x/')).searchParams;
    expect(params.get('pn')).toBe('Trust & Sons');
    expect(params.get('tn')).toBe('ದೇಣಿಗೆ #1 a+b=c');
    expect(params.get('tr')).toBe('HT1A2B3C4D5E');
    expect(link).not.toMatch(/ /);
  });

  it('keeps the note and the name short, as UPI apps expect', () => {
    const params = new URL(
      upiLink({ ...base, note: 'x'.repeat(80), payeeName: 'y'.repeat(80) }).replace(
        'upi://',
        'https://x/',
      ),
    ).searchParams;
    expect(params.get('tn')).toHaveLength(50);
    expect(params.get('pn')).toHaveLength(50);
  });

  it('refuses a malformed UPI ID and an amount that is not whole rupees', () => {
    expect(() => upiLink({ ...base, payee: 'not a vpa' })).toThrow();
    expect(() => upiLink({ ...base, amount: 10.5 })).toThrow();
    expect(() => upiLink({ ...base, amount: 0 })).toThrow();
  });
});
