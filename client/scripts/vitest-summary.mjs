#!/usr/bin/env node
// Runs a vitest suite and ends with the plain line `N passed, N failed` that `make test` sums
// (vitest's own summary is not such a line). Skipped or todo tests count as failed: the suites
// have none. Any other vitest failure (an unhandled error, a file that does not load) is at
// least one failure.
//
//   node scripts/vitest-summary.mjs [more vitest arguments]

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rest = process.argv.slice(2);

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vitest-')), 'report.json');
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const run = spawnSync(
  process.execPath,
  [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...rest],
  { cwd: root, stdio: 'inherit', env: process.env },
);

let passed = 0;
let failed;
try {
  const result = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = result.numPassedTests;
  failed = result.numFailedTests + result.numPendingTests + result.numTodoTests;
  if (result.numTotalTests === 0) failed = Math.max(failed, 1);
} catch {
  failed = 1;
}
if (run.status !== 0) failed = Math.max(failed, 1);
fs.rmSync(path.dirname(report), { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
