// Every text module has its Kannada (issue 35): a `text.ts` / `*-text.ts` (and the public
// layout's nav.ts) has a `.kn.ts` beside it, and registers it with kannada(), except the
// document's words, which the build writes into index.html, offline.html and the manifest.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../..');
const BUILD_TIME = new Set(['app/document-text.ts']);

function textModules(dir: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) textModules(full, found);
    else if (/(^|-)text\.ts$/.test(entry.name) || full === path.join(SRC, 'app/nav.ts'))
      found.push(path.relative(SRC, full));
  }
  return found;
}

describe('Kannada beside every text module', () => {
  const modules = textModules(SRC);

  it('finds the text modules', () => {
    expect(modules.length).toBeGreaterThan(40);
  });

  it('each has its .kn.ts', () => {
    const missing = modules.filter(
      (m) => !fs.existsSync(path.join(SRC, m.replace(/\.ts$/, '.kn.ts'))),
    );
    expect(missing).toEqual([]);
  });

  it('each registers its Kannada (the build-time words aside)', () => {
    const unregistered = modules.filter(
      (m) =>
        !BUILD_TIME.has(m) &&
        !/kannada\(\s*\{[^}]*\},\s*\(\) => import\('\.\/[\w-]+\.kn'\),?\s*\)/.test(
          fs.readFileSync(path.join(SRC, m), 'utf8'),
        ),
    );
    expect(unregistered).toEqual([]);
  });
});
