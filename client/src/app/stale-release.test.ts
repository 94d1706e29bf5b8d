// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isStaleChunkError, reloadOnceForNewRelease } from './stale-release';

afterEach(() => sessionStorage.clear());

describe('a tab left over from an older release', () => {
  it('recognises a failed chunk load in every browser', () => {
    expect(
      isStaleChunkError(
        new TypeError(
          'Failed to fetch dynamically imported module: https://x.org/assets/album-abc.js',
        ),
      ),
    ).toBe(true);
    expect(isStaleChunkError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isStaleChunkError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isStaleChunkError(new Error('Album not found'))).toBe(false);
  });
  it('reloads once, not again within a minute, and again later', () => {
    const reload = vi.fn();
    expect(reloadOnceForNewRelease(1_000_000, reload)).toBe(true);
    expect(reloadOnceForNewRelease(1_030_000, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnceForNewRelease(1_070_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
  it('never reloads while offline', () => {
    const reload = vi.fn();
    expect(reloadOnceForNewRelease(2_000_000, reload, false)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
