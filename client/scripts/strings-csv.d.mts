// Types of strings-csv.mjs (a plain Node script), for its test.
export interface Word {
  value: string;
  kind: 'text' | 'code';
  start: number;
  end: number;
}
export function textModules(src?: string): string[];
export function wordsOf(source: string, fileName?: string): Map<string, Word>;
export function toCsv(rows: string[][]): string;
export function parseCsv(text: string): string[][];
export function exportRows(src?: string): string[][];
export function importCsv(text: string, src?: string): { changed: number; files: number };
