// @vitest-environment node
// The translators' CSV (strings-csv.mjs): every word out and back in unchanged, a changed cell
// written into its module (words and words with values), a bad row refused with nothing written.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportRows, importCsv, parseCsv, toCsv, wordsOf } from './strings-csv.mjs';

const EN = `// words
import { kannada } from '@/lib/i18n/words';

export const text = {
  title: 'Members',
  quote: "It's \\"ours\\", isn't it?",
  count: (n: number) => \`\${n} members\`,
  nested: { a: 'One', list: [{ value: 'x', label: 'Ex' }] },
} as const;

export const helper = (v: string) => v;

kannada({ text }, () => import('./text.kn'));
`;
const KN = `import type { Words } from '@/lib/i18n/words';
import type { text as en } from './text';

export const text = {
  title: 'ಸದಸ್ಯರು',
  quote: 'ನಮ್ಮದು, ಅಲ್ಲವೇ?',
  count: (n: number) => \`\${n} ಸದಸ್ಯರು\`,
  nested: { a: 'ಒಂದು', list: [{ value: 'x', label: 'ಎಕ್ಸ್' }] },
} satisfies Words<typeof en>;
`;

let src = '';
beforeEach(() => {
  src = fs.mkdtempSync(path.join(os.tmpdir(), 'strings-csv-'));
  fs.mkdirSync(path.join(src, 'features', 'members'), { recursive: true });
  fs.writeFileSync(path.join(src, 'features/members/text.ts'), EN);
  fs.writeFileSync(path.join(src, 'features/members/text.kn.ts'), KN);
});
afterEach(() => fs.rmSync(src, { recursive: true, force: true }));

const knSource = () => fs.readFileSync(path.join(src, 'features/members/text.kn.ts'), 'utf8');

describe('the translators’ CSV', () => {
  it('lists every word with its English and Kannada (helpers are not words)', () => {
    expect(exportRows(src)).toEqual([
      ['features/members/text.kn.ts', 'text.title', 'Members', 'ಸದಸ್ಯರು', 'text'],
      [
        'features/members/text.kn.ts',
        'text.quote',
        'It\'s "ours", isn\'t it?',
        'ನಮ್ಮದು, ಅಲ್ಲವೇ?',
        'text',
      ],
      [
        'features/members/text.kn.ts',
        'text.count',
        '(n: number) => `${n} members`',
        '(n: number) => `${n} ಸದಸ್ಯರು`',
        'code',
      ],
      ['features/members/text.kn.ts', 'text.nested.a', 'One', 'ಒಂದು', 'text'],
      ['features/members/text.kn.ts', 'text.nested.list.0.value', 'x', 'x', 'text'],
      ['features/members/text.kn.ts', 'text.nested.list.0.label', 'Ex', 'ಎಕ್ಸ್', 'text'],
    ]);
  });

  it('goes out and back in without changing a byte', () => {
    const csv = toCsv(exportRows(src));
    expect(parseCsv(csv).slice(1)).toEqual(exportRows(src));
    expect(importCsv(csv, src)).toEqual({ changed: 0, files: 0 });
    expect(knSource()).toBe(KN);
  });

  it('writes a changed word and a changed word with values into the module', () => {
    const rows = exportRows(src).map((r) =>
      r[1] === 'text.title'
        ? [r[0], r[1], r[2], "ಸದಸ್ಯರ 'ಪಟ್ಟಿ'", r[4]]
        : r[1] === 'text.count'
          ? [r[0], r[1], r[2], '(n: number) => `${n} ಮಂದಿ ಸದಸ್ಯರು`', r[4]]
          : r,
    );
    expect(importCsv(toCsv(rows), src)).toEqual({ changed: 2, files: 1 });
    const words = wordsOf(knSource());
    expect(words.get('text.title')?.value).toBe("ಸದಸ್ಯರ 'ಪಟ್ಟಿ'");
    expect(words.get('text.count')?.value).toBe('(n: number) => `${n} ಮಂದಿ ಸದಸ್ಯರು`');
    expect(knSource()).toContain("title: 'ಸದಸ್ಯರ \\'ಪಟ್ಟಿ\\'',");
    expect(toCsv(exportRows(src))).toBe(toCsv(rows));
  });

  it('refuses a row for a key or module that does not exist, writing nothing', () => {
    const rows = exportRows(src);
    rows[0] = [rows[0][0], rows[0][1], rows[0][2], 'ಹೊಸದು', 'text'];
    rows.push(['features/members/text.kn.ts', 'text.missing', 'Gone', 'ಇಲ್ಲ', 'text']);
    rows.push(['../../etc/passwd.kn.ts', 'text.title', 'x', 'y', 'text']);
    expect(() => importCsv(toCsv(rows), src)).toThrow(
      /nothing was written:\nline 8: .* has no text.missing\nline 9: no module/,
    );
    expect(knSource()).toBe(KN);
  });
});
