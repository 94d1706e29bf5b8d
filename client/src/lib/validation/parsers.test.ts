import { describe, expect, it } from 'vitest';
import {
  phoneForPeople,
  webAddress,
  formatAadhar,
  formatInr,
  formatPan,
  parseAge,
  parseHeight,
  parseIncome,
  parsePhone,
  parseWeight,
} from './parsers';

describe('height', () => {
  it.each([
    ['175', 175],
    ['175 cm', 175],
    ['100cm', 100],
    ['250', 250],
    ['1.75m', 175],
    ['1.75', 175],
    [`5'9"`, 175],
    ['5 ft 9 in', 175],
    [`3'0"`, 91],
    [`8'0"`, 244],
    ['5.5', 168],
    ['3.0', 91],
    ['8.0 ft', 244],
  ])('%s is %i cm', (input, cm) => {
    expect(parseHeight(input)?.cm).toBe(cm);
  });

  it.each(['99 cm', '251', `2'11"`, `8'1"`, '8.5', '2.9 ft', `5'12"`, 'tall', '', '0.5'])(
    '%s is refused',
    (input) => {
      expect(parseHeight(input)).toBeNull();
    },
  );

  it('is shown in centimetres and feet', () => {
    expect(parseHeight('175')?.display).toBe(`175 cm (5'9")`);
  });

  it('reads back what it shows (a stored height edited again)', () => {
    expect(parseHeight(`175 cm (5'9")`)?.cm).toBe(175);
    expect(parseHeight(`162 cm (5'4")`)?.display).toBe(`162 cm (5'4")`);
    expect(parseHeight('(5 ft)')).toBeNull();
  });
});

describe('weight', () => {
  it.each([
    ['30', 30],
    ['200 kg', 200],
    ['72.5', 72.5],
    ['66 lbs', 29.9],
    ['440 lb', 199.6],
    ['154 pounds', 69.9],
  ])('%s is %f kg', (input, kg) => {
    expect(parseWeight(input)?.kg).toBe(kg);
  });
  it.each(['29', '201', '65 lbs', '441 lbs', 'heavy', ''])('%s is refused', (input) => {
    expect(parseWeight(input)).toBeNull();
  });
});

describe('phone', () => {
  it.each(['9820012345', '+91 98200 12345', '919820012345', '098200-12345', '6000000000'])(
    '%s is an Indian mobile',
    (input) => {
      expect(parsePhone(input)).not.toBeNull();
    },
  );
  it('is shown as +91 xxxxx-xxxxx', () => {
    expect(parsePhone('+91 98200 12345')?.display).toBe('+91 98200-12345');
  });
  it.each(['5820012345', '982001234', '98200123456', '+1 415 555 0100', ''])(
    '%s is refused',
    (input) => {
      expect(parsePhone(input)).toBeNull();
    },
  );
});

describe('age', () => {
  it.each([
    ['1', 1],
    ['120', 120],
    ['35 years', 35],
  ])('%s is %i', (input, age) => expect(parseAge(input)).toBe(age));
  it.each(['0', '121', '-3', '2.5', 'old'])('%s is refused', (input) =>
    expect(parseAge(input)).toBeNull(),
  );
});

describe('income', () => {
  it.each([
    ['50000', 50_000],
    ['50,000', 50_000],
    ['50k', 50_000],
    ['2.5 lakh', 250_000],
    ['3L', 300_000],
    ['1.2 cr', 12_000_000],
    ['10 crore', 100_000_000],
    ['₹ 75,000', 75_000],
  ])('%s is %i', (input, amount) => expect(parseIncome(input)?.amount).toBe(amount));
  it.each(['100000001', '11 crore', 'lots', ''])('%s is refused', (input) =>
    expect(parseIncome(input)).toBeNull(),
  );
  it('is shown in INR', () => {
    expect(parseIncome('2.5 lakh')?.display).toBe(formatInr(250_000));
    expect(formatInr(250_000)).toContain('2,50,000');
  });
});

describe('PAN and Aadhar', () => {
  it('formats PAN in capitals', () => {
    expect(formatPan('abcde1234f')).toBe('ABCDE1234F');
    expect(formatPan('ABCD1234F')).toBeNull();
  });
  it('formats Aadhar in groups of four, ignoring spaces', () => {
    expect(formatAadhar('123456789012')).toBe('1234 5678 9012');
    expect(formatAadhar('1234 5678 9012')).toBe('1234 5678 9012');
    expect(formatAadhar('12345678901')).toBeNull();
  });
});

describe('shown to people (issue 40)', () => {
  it('formats an Indian mobile number, leaves others as stored', () => {
    expect(phoneForPeople('9820044444')).toBe('+91 98200-44444');
    expect(phoneForPeople('+91 98200 44444')).toBe('+91 98200-44444');
    expect(phoneForPeople('022 2410 5555')).toBe('022 2410 5555');
  });

  it('adds https:// to a bare host', () => {
    expect(webAddress(' udupisweets.example ')).toBe('https://udupisweets.example');
    expect(webAddress('https://x.example')).toBe('https://x.example');
    expect(webAddress('not a site')).toBe('not a site');
  });
});
