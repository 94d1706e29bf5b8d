import { describe, expect, it } from 'vitest';
import { csvCell, csvFilename, fetchAllRows, toCsv } from './csv';

interface Row {
  name: string;
  note: string | null;
  amount: number;
}
const columns = [
  { header: 'Name', value: 'name' as const },
  { header: 'Note', value: (r: Row) => r.note },
  { header: 'Amount', value: 'amount' as const },
];

describe('toCsv', () => {
  it('writes a header row and RFC 4180 quoting for commas, quotes and newlines', () => {
    const csv = toCsv<Row>(
      [
        { name: 'Rao, Asha', note: 'said "hi"', amount: 5 },
        { name: 'Bhat', note: 'line1\nline2', amount: -3 },
        { name: 'Hegde', note: null, amount: 0 },
      ],
      columns,
    );
    expect(csv).toBe(
      'Name,Note,Amount\r\n"Rao, Asha","said ""hi""",5\r\nBhat,"line1\nline2",-3\r\nHegde,,0',
    );
  });

  it('guards formula injection: = + - @ tab and CR get a leading quote (and are quoted)', () => {
    const csv = toCsv<Row>(
      [
        { name: '=HYPERLINK("http://evil","x")', note: '+1+2', amount: 1 },
        { name: '-2+3', note: '@SUM(A1)', amount: 2 },
        { name: '\tcmd', note: 'plain', amount: 3 },
      ],
      columns,
    );
    const lines = csv.split('\r\n');
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil"",""x"")","'+1+2",1`);
    expect(lines[2]).toBe(`"'-2+3","'@SUM(A1)",2`);
    expect(lines[3]).toBe(`"'\tcmd",plain,3`);
  });

  it('leaves real numbers alone and flattens dates, arrays and empties', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02 08:34:05');
    expect(csvCell(['a', 'b'])).toBe('a, b');
    expect(csvCell(true)).toBe('true');
  });

  it('writes stored moments in Mumbai time, as a spreadsheet reads them (issue 40)', () => {
    expect(csvCell('2026-12-01T20:59:59.585405+00:00')).toBe('2026-12-02 02:29:59');
    expect(csvCell('2026-12-01 20:59:59+00')).toBe('2026-12-02 02:29:59');
    expect(csvCell('2026-12-01T10:00:00Z')).toBe('2026-12-01 15:30:00');
    // Plain dates and other text stay as they are.
    expect(csvCell('2026-12-01')).toBe('2026-12-01');
    expect(csvCell('Meeting at 2026-12-01T10:00')).toBe('Meeting at 2026-12-01T10:00');
  });
  it('makes safe file names', () => {
    expect(csvFilename('members/2026:11')).toBe('members-2026-11.csv');
    expect(csvFilename('x.csv')).toBe('x.csv');
    expect(csvFilename('')).toBe('export.csv');
  });
});

describe('fetchAllRows', () => {
  it('pages through until a short page', async () => {
    const all = Array.from({ length: 2500 }, (_, i) => i);
    const calls: [number, number][] = [];
    const rows = await fetchAllRows(async (from, to) => {
      calls.push([from, to]);
      return all.slice(from, to + 1);
    });
    expect(rows).toEqual(all);
    expect(calls).toEqual([
      [0, 999],
      [1000, 1999],
      [2000, 2999],
    ]);
  });
  it('stops at the maximum', async () => {
    const rows = await fetchAllRows(
      async (from, to) => Array.from({ length: to - from + 1 }, () => 1),
      {
        pageSize: 10,
        max: 25,
      },
    );
    expect(rows).toHaveLength(25);
  });
});
