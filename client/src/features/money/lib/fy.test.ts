import { describe, expect, it } from 'vitest';
import { financialYear, recentFinancialYears } from './fy';

describe('financialYear', () => {
  it('starts on 1 April', () => {
    expect(financialYear(new Date(2026, 2, 31))).toBe('2025-26');
    expect(financialYear(new Date(2026, 3, 1))).toBe('2026-27');
    expect(financialYear(new Date(2099, 11, 31))).toBe('2099-00');
  });
  it('lists recent years newest first', () => {
    expect(recentFinancialYears(new Date(2026, 11, 2), 3)).toEqual([
      '2026-27',
      '2025-26',
      '2024-25',
    ]);
  });
});
