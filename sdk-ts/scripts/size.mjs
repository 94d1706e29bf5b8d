#!/usr/bin/env node
// The SDK's size as it is shipped: the package is built (scripts/build.mjs), then its bundle
// dist/index.js, as an app's bundler would minify it (every export kept), is gzipped. Prints
// the sizes; exits 1 over the budget.
//
//   node scripts/size.mjs            check against the budget
//   node scripts/size.mjs --json     also print {"minified", "gzipped", "budget"} as JSON

import { transform } from 'esbuild';
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildPackage } from './build.mjs';

/** 10 KB, minified and gzipped (the parts loaded on first use are imported statically in the
 *  one-file bundle, build.mjs: it had grown to 10.5 KB with auth-js's second factors and codes). */
export const BUDGET_BYTES = 10 * 1024;
/** The realtime entry point (`@havyaka/sdk/realtime`, loaded apart): 5 KB. */
export const REALTIME_BUDGET_BYTES = 5 * 1024;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function measure() {
  await buildPackage();
  return sizeOf('dist/index.js', BUDGET_BYTES);
}

/** The realtime bundle's size (call after measure(), which builds). */
export async function measureRealtime() {
  return sizeOf('dist/realtime.js', REALTIME_BUDGET_BYTES);
}

async function sizeOf(file, budget) {
  const built = fs.readFileSync(path.join(root, file), 'utf8');
  const result = await transform(built, { minify: true, format: 'esm', target: 'es2022' });
  const code = Buffer.from(result.code);
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length, budget };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const size = await measure();
  const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
  console.log(
    `sdk-ts: ${kb(size.minified)} minified, ${kb(size.gzipped)} gzipped (budget ${kb(size.budget)})`,
  );
  const realtime = await measureRealtime();
  console.log(
    `sdk-ts/realtime: ${kb(realtime.minified)} minified, ${kb(realtime.gzipped)} gzipped (budget ${kb(realtime.budget)})`,
  );
  if (process.argv.includes('--json')) console.log(JSON.stringify({ ...size, realtime }));
  if (size.gzipped > size.budget) {
    console.error(`sdk-ts is ${size.gzipped - size.budget} bytes over its size budget`);
    process.exit(1);
  }
  if (realtime.gzipped > realtime.budget) {
    console.error(
      `sdk-ts/realtime is ${realtime.gzipped - realtime.budget} bytes over its size budget`,
    );
    process.exit(1);
  }
}
