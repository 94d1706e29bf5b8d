// The on-demand parts (storage objects, push, admin): loaded once, on first use, again after a
// failed load.

import { describe, expect, test, vi } from 'vitest';
import { lazyApi, onDemand } from '../../src/lib/lazy';

describe('onDemand', () => {
  test('loads once, on first use', async () => {
    const load = vi.fn(async () => ({ n: 1 }));
    const get = onDemand(load);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    await get();
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a failed load rejects that call and is tried again on the next', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue('loaded');
    const get = onDemand(load);
    await expect(get()).rejects.toThrow('Failed to fetch');
    await expect(get()).resolves.toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyApi', () => {
  class Real {
    constructor(private base: number) {}
    async add(n: number) {
      return this.base + n;
    }
    async twice(n: number) {
      return this.add(n * 2);
    }
  }

  test('its methods load the real object and call it with their arguments', async () => {
    const load = vi.fn(async () => new Real(10));
    const api = lazyApi(load, ['add', 'twice']);
    expect(load).not.toHaveBeenCalled();
    expect(await api.add(1)).toBe(11);
    expect(await api.twice(2)).toBe(14);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
