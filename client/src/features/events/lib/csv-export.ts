// CSV for spreadsheets (to be replaced by the kit's client/src/lib/csv.ts once it lands):
// RFC 4180 quoting, a BOM so Excel reads UTF-8, and cells that a spreadsheet would run as a
// formula (=, +, -, @, tab, CR at the start) prefixed with a quote.

type Cell = string | number | boolean | null | undefined;

const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: Record<string, Cell>[], columns?: string[]): string {
  const header = columns ?? Object.keys(rows[0] ?? {});
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(header.map((c) => csvCell(row[c])).join(','));
  return lines.join('\r\n');
}

export function downloadCsv(fileName: string, csv: string) {
  const blob = new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName.endsWith('.csv') ? fileName : `${fileName}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file name from a title: letters, digits and dashes. */
export const fileSlug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'export';
