// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { reorder } from './api';

const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

describe('reorder', () => {
  it('swaps with the neighbour and renumbers from 1', () => {
    expect(reorder(items, 1, -1)).toEqual([
      { id: 'b', display_order: 1 },
      { id: 'a', display_order: 2 },
      { id: 'c', display_order: 3 },
    ]);
  });
  it('does nothing past either end', () => {
    expect(reorder(items, 0, -1)).toBeNull();
    expect(reorder(items, 2, 1)).toBeNull();
  });
});
