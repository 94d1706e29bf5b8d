#!/usr/bin/env node
// The SDK's size as an app ships it: src/index.ts bundled with esbuild (ESM, minified, every
// export kept), then gzipped. Prints the sizes; exits 1 over the budget.
//
//   node scripts/size.mjs            check against the budget
//   node scripts/size.mjs --json     also print {"minified", "gzipped", "budget"} as JSON

import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** 10 KB, minified and gzipped. */
export const BUDGET_BYTES = 10 * 1024;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function measure() {
  const result = await build({
    entryPoints: [path.join(root, 'src/index.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return {
    minified: code.length,
    gzipped: gzipSync(code, { level: 9 }).length,
    budget: BUDGET_BYTES,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const size = await measure();
  const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
  console.log(
    `sdk-ts: ${kb(size.minified)} minified, ${kb(size.gzipped)} gzipped (budget ${kb(size.budget)})`,
  );
  if (process.argv.includes('--json')) console.log(JSON.stringify(size));
  if (size.gzipped > size.budget) {
    console.error(`sdk-ts is ${size.gzipped - size.budget} bytes over its size budget`);
    process.exit(1);
  }
}
