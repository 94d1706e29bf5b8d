import { describe, expect, it } from 'vitest';
import { labelledOptions } from './filter-bar';

describe('labelledOptions', () => {
  it('labels stored values in their order, and shows a value without a label as itself', () => {
    expect(
      labelledOptions(['Check', 'Yes', 'Other'], { Check: 'Pending', Yes: 'Approved' }),
    ).toEqual([
      { value: 'Check', label: 'Pending' },
      { value: 'Yes', label: 'Approved' },
      { value: 'Other', label: 'Other' },
    ]);
  });
});
