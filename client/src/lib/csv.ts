// CSV export (papaparse): rows → CSV text with a header row, guarded against formula injection
// (OWASP: a cell starting with = + - @, tab or carriage return is prefixed with a single quote,
// so spreadsheet apps show it as text instead of running it), and a browser download.
import Papa from 'papaparse';
import { csvBlob, saveFile } from './save-file';

/** One CSV column: its header and how to read the value from a row. */
export interface CsvColumn<T> {
  header: string;
  /** A key of the row, or a function returning the cell value. */
  value: keyof T | ((row: T) => unknown);
}

const FORMULA_START = /^[=+\-@\t\r]/;
const GUARDED = /^'[=+\-@\t\r]/;

/** A stored moment (timestamptz as the API sends it: 2026-12-01T20:59:59.585405+00:00). */
const MOMENT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;
const mumbai = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** A moment as Mumbai's wall-clock time, `2026-12-02 02:29:59`: what a spreadsheet reads as a
 *  date and time (issue 40), without UTC offsets or fractions of a second. */
export function csvMoment(value: Date | string): string {
  const at = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(at.getTime())) return String(value);
  const p = Object.fromEntries(mumbai.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** A cell as safe text: null/undefined → '', moments → Mumbai time, formula-like text →
 *  quote-prefixed. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return csvMoment(value);
  if (typeof value === 'string' && MOMENT.test(value)) return csvMoment(value);
  if (Array.isArray(value)) return csvCell(value.join(', '));
  if (typeof value === 'object') return csvCell(JSON.stringify(value));
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    // Numbers are data, not formulas: -5 stays -5.
    return String(value);
  }
  const s = String(value);
  return FORMULA_START.test(s) ? `'${s}` : s;
}

/** The CSV text (CRLF line ends, RFC 4180 quoting by papaparse). */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const fields = columns.map((c) => csvCell(c.header));
  const data = rows.map((row) =>
    columns.map((c) =>
      csvCell(typeof c.value === 'function' ? c.value(row) : row[c.value as keyof T]),
    ),
  );
  // Guarded cells are also wrapped in double quotes, as OWASP advises.
  const quotes = (value: unknown) => typeof value === 'string' && GUARDED.test(value);
  return Papa.unparse({ fields, data }, { newline: '\r\n', quotes, escapeFormulae: false });
}

/** A file name safe on every OS, with `.csv` (e.g. 'members 2026-11-26.csv'). */
export function csvFilename(name: string): string {
  const base = Array.from(name.replace(/\.csv$/i, ''), (ch) =>
    ch.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(ch) ? '-' : ch,
  )
    .join('')
    .replace(/-+/g, '-')
    .trim();
  return `${base || 'export'}.csv`;
}

/** Builds the CSV and makes the browser download it (UTF-8 with a BOM, so Excel reads Kannada). */
export function downloadCsv<T>(
  filename: string,
  rows: readonly T[],
  columns: readonly CsvColumn<T>[],
): void {
  saveFile(csvFilename(filename), csvBlob(toCsv(rows, columns)));
}

/**
 * Every row of a paged query, for "export all": calls `fetchPage(from, to)` (PostgREST
 * `.range(from, to)`) until a short page, up to `max` rows (default 50,000).
 */
export async function fetchAllRows<T>(
  fetchPage: (from: number, to: number) => Promise<readonly T[]>,
  { pageSize = 1000, max = 50_000 }: { pageSize?: number; max?: number } = {},
): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; from < max; from += pageSize) {
    const page = await fetchPage(from, Math.min(from + pageSize, max) - 1);
    rows.push(...page);
    if (page.length < pageSize) break;
  }
  return rows.slice(0, max);
}
