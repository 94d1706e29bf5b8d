// The size budgets: the SDK, minified and gzipped, stays within 10.5 KB; its realtime entry
// point (loaded apart) within 5 KB.

import fs from 'node:fs';
import { expect, test } from 'vitest';
import {
  BUDGET_BYTES,
  REALTIME_BUDGET_BYTES,
  measure,
  measureRealtime,
  // @ts-expect-error -- a plain ES module script without type declarations
} from '../../scripts/size.mjs';

test('the SDK is at most 10.5 KB minified and gzipped', async () => {
  const size = await measure();
  expect(BUDGET_BYTES).toBe(10.5 * 1024);
  expect(size.minified).toBeGreaterThan(size.gzipped);
  expect(size.gzipped).toBeLessThanOrEqual(BUDGET_BYTES);
}, 30_000);

test('realtime, its own entry point, is at most 5 KB minified and gzipped', async () => {
  // Built by the case above (the package is built once).
  if (!fs.existsSync(new URL('../../dist/realtime.js', import.meta.url))) await measure();
  const size = await measureRealtime();
  expect(REALTIME_BUDGET_BYTES).toBe(5 * 1024);
  expect(size.gzipped).toBeLessThanOrEqual(REALTIME_BUDGET_BYTES);
}, 30_000);
