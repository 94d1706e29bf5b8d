#!/usr/bin/env node
// The size report: the JavaScript the home route loads (the entry and its static imports, which
// hold the home page, and the overlays loaded after every page), each file
// gzipped, against a budget of 150 KB (KiB). Reads dist/.vite/manifest.json: run after
// `vite build`. Prints the figures; exits 1 over budget.
//
//   node scripts/size.mjs [--json]

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const BUDGET_BYTES = 150 * 1024;
const dist = path.resolve(import.meta.dirname, '..', 'dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error('no dist/.vite/manifest.json: run `npm run build` first');
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

const ROOTS = ['index.html', 'src/app/overlays.tsx'];
const files = new Map();
function visit(key) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (files.has(chunk.file)) return;
  files.set(chunk.file, key);
  for (const dep of chunk.imports ?? []) visit(dep);
}
for (const root of ROOTS) visit(root);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
let total = 0;
const rows = [];
for (const [file] of files) {
  if (!file.endsWith('.js')) continue;
  const gz = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gz;
  rows.push([file, gz]);
}
rows.sort((a, b) => b[1] - a[1]);
if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ totalGzipBytes: total, budgetBytes: BUDGET_BYTES, files: rows }));
} else {
  for (const [file, gz] of rows) console.log(`${kb(gz).padStart(9)}  ${file}`);
  console.log(`home route JavaScript: ${kb(total)} gzipped (budget ${kb(BUDGET_BYTES)})`);
}
if (total > BUDGET_BYTES) {
  console.error(`over budget by ${kb(total - BUDGET_BYTES)}`);
  process.exit(1);
}
