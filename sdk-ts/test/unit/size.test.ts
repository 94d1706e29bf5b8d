// The size budget: the whole SDK, minified and gzipped, stays within 10.5 KB.

import { expect, test } from 'vitest';
// @ts-expect-error -- a plain ES module script without type declarations
import { BUDGET_BYTES, measure } from '../../scripts/size.mjs';

test('the SDK is at most 10.5 KB minified and gzipped', async () => {
  const size = await measure();
  expect(BUDGET_BYTES).toBe(10.5 * 1024);
  expect(size.minified).toBeGreaterThan(size.gzipped);
  expect(size.gzipped).toBeLessThanOrEqual(BUDGET_BYTES);
}, 30_000);
