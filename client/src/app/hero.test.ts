// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

// hero.ts keeps its state in the module: each test loads a fresh copy.
async function load() {
  vi.resetModules();
  return import('./hero');
}

describe('afterHero', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('on the home page it waits for the hero to settle', async () => {
    const { afterHero, markHeroSettled } = await load();
    let done = false;
    void afterHero().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(1000);
    expect(done).toBe(false);
    markHeroSettled();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  test('it waits 3 s at the latest', async () => {
    const { afterHero } = await load();
    let done = false;
    void afterHero().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(2999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  test('a visit that starts elsewhere has no hero to wait for', async () => {
    window.history.replaceState(null, '', '/about');
    const { afterHero } = await load();
    let done = false;
    void afterHero().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });
});
