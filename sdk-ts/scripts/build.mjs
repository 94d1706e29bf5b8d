#!/usr/bin/env node
// Builds what the package ships (package.json `exports`):
//   dist/index.js            src/index.ts bundled by esbuild: one ES module, ES2022, no dependencies
//   dist/realtime.js         src/realtime/index.ts likewise (`@havyaka/sdk/realtime`, apart so the
//                            main bundle does not carry it)
//   dist/src/**/*.d.ts       the declarations, by tsc (tsconfig.build.json)
//   dist/types/database.d.ts the product's generated types (`@havyaka/sdk/database`)
// Relative imports in the declarations get their `.js` (or `/index.js`), so TypeScript resolves
// them under every module setting, Node's `nodenext` included.
//
// The parts the sources load on first use (`import('./account')`…) stay lazy for apps that
// bundle the sources (the `source` condition, as the web app does: Vite splits them into
// chunks). In the one-file dist bundle they are imported statically: there a dynamic import
// saves nothing (the module is in the file either way) and costs esbuild's lazy-module
// wrappers, about 0.5 KB gzipped.
//
//   node scripts/build.mjs

import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

/** An esbuild plugin: a source's relative `import('./x')` becomes a static import of `./x`. */
export const staticDynamicImports = {
  name: 'static-dynamic-imports',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async ({ path: file }) => {
      const source = await fs.promises.readFile(file, 'utf8');
      const specs = [];
      const name = (spec) => `__static${specs.push(spec) - 1}`;
      // `(await import('./x')).Name` reads the module's export itself (no namespace object);
      // any other `import('./x')` becomes a promise of the namespace.
      const contents = source
        .replace(/\(await import\((['"])(\.{1,2}\/[^'"]+)\1\)\)/g, (_, _q, spec) => name(spec))
        .replace(
          /\bimport\((['"])(\.{1,2}\/[^'"]+)\1\)/g,
          (_, _q, spec) => `Promise.resolve(${name(spec)})`,
        );
      if (!specs.length) return undefined;
      const imports = specs.map((spec, i) => `import * as __static${i} from '${spec}';`);
      return { contents: `${imports.join('\n')}\n${contents}`, loader: 'ts' };
    });
  },
};

export async function buildPackage() {
  fs.rmSync(dist, { recursive: true, force: true });
  for (const [entry, out] of [
    ['src/index.ts', 'index.js'],
    ['src/realtime/index.ts', 'realtime.js'],
  ]) {
    await build({
      entryPoints: [path.join(root, entry)],
      outfile: path.join(dist, out),
      bundle: true,
      format: 'esm',
      target: 'es2022',
      platform: 'neutral',
      logLevel: 'warning',
      plugins: [staticDynamicImports],
    });
  }
  const tsc = path.join(root, 'node_modules/.bin/tsc');
  execFileSync(tsc, ['-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
  for (const file of declarationFiles(dist)) {
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, withExtensions(text, path.dirname(file)));
  }
}

function declarationFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return declarationFiles(full);
    return entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** `from './x'` → `from './x.js'`; `from './dir'` (or `'..'`) → `from './dir/index.js'`. */
export function withExtensions(text, dir) {
  return text.replace(
    /(from\s+|import\()(['"])(\.{1,2}(?:\/[^'"]*)?)\2/g,
    (whole, lead, quote, spec) => {
      if (/\.(m?js|json)$/.test(spec)) return whole;
      if (fs.existsSync(path.join(dir, `${spec}.d.ts`))) return `${lead}${quote}${spec}.js${quote}`;
      if (fs.existsSync(path.join(dir, spec, 'index.d.ts')))
        return `${lead}${quote}${spec}/index.js${quote}`;
      return whole;
    },
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildPackage();
  console.error(`sdk-ts: built ${path.relative(process.cwd(), dist) || 'dist'}`);
}
