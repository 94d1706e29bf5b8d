import { describe, expect, it } from 'vitest';
import { csvCell, fileSlug, toCsv } from './csv-export';

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('Bhat, Ganesh')).toBe('"Bhat, Ganesh"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(3)).toBe('3');
  });

  it('defuses spreadsheet formulas', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+91 98200')).toBe("'+91 98200");
    expect(csvCell(-1)).toBe('-1');
  });

  it('writes a header and rows', () => {
    expect(
      toCsv([
        { Name: 'A', Guests: 1 },
        { Name: 'B', Guests: 0 },
      ]),
    ).toBe('Name,Guests\r\nA,1\r\nB,0');
  });

  it('names files from titles', () => {
    expect(fileSlug('Ugadi Sammilana 2026!')).toBe('ugadi-sammilana-2026');
  });
});
