import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatNumber,
  formatRupees,
  numberInWords,
  plural,
  rupeesInWords,
} from './format';

describe('numbers and dates in both languages', () => {
  it('groups in lakh and crore', () => {
    expect(formatNumber(12345678)).toBe('1,23,45,678');
    expect(formatRupees(12345678)).toBe('₹1,23,45,678.00');
  });
  it('writes amounts in words in lakh and crore', () => {
    expect(numberInWords(12345678, 'en')).toBe(
      'one crore twenty-three lakh forty-five thousand six hundred seventy-eight',
    );
    expect(numberInWords(12345678, 'kn')).toBe(
      'ಒಂದು ಕೋಟಿ ಇಪ್ಪತ್ತಮೂರು ಲಕ್ಷ ನಲವತ್ತೈದು ಸಾವಿರ ಆರುನೂರ ಎಪ್ಪತ್ತೆಂಟು',
    );
    expect(numberInWords(21, 'kn')).toBe('ಇಪ್ಪತ್ತೊಂದು');
    expect(numberInWords(100000, 'kn')).toBe('ಒಂದು ಲಕ್ಷ');
    expect(numberInWords(1_250_000_000, 'en')).toBe('one hundred twenty-five crore');
    expect(rupeesInWords(120000.5, 'en')).toBe(
      'Rupees one lakh twenty thousand and fifty paise only',
    );
    expect(rupeesInWords(2500, 'kn')).toBe('ಎರಡು ಸಾವಿರ ಐನೂರು ರೂಪಾಯಿ ಮಾತ್ರ');
  });
  it('names days and months in Kannada, digits in Latin', () => {
    const s = formatDay(
      '2026-11-26',
      { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
      'kn',
    );
    expect(s).toContain('ಗುರುವಾರ');
    expect(s).toContain('ನವೆಂಬರ್');
    expect(s).toContain('26');
    expect(formatDay('2026-11-26', { month: 'long' }, 'en')).toBe('November');
  });
  it('has one and other in Kannada', () => {
    const forms = { one: 'ಒಂದು ಕಾರ್ಯಕ್ರಮ', other: 'ಕಾರ್ಯಕ್ರಮಗಳು' };
    expect(plural(1, forms, 'kn')).toBe(forms.one);
    expect(plural(0, forms, 'kn')).toBe(forms.one); // CLDR kn: i = 0 or n = 1
    expect(plural(2, forms, 'kn')).toBe(forms.other);
    expect(plural(0, { one: 'event', other: 'events' }, 'en')).toBe('events');
  });
});
