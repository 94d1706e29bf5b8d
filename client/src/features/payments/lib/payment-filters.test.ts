import { describe, expect, it } from 'vitest';
import { paymentSearchFilter, totalsOf } from './payment-filters';

describe('totalsOf', () => {
  it('sums amounts overall and by status, numeric strings included', () => {
    const t = totalsOf([
      { amount: '5000.00', status: 'completed' },
      { amount: 2500, status: 'pending' },
      { amount: '0.10', status: 'completed' },
      { amount: '0.20', status: 'completed' },
    ]);
    expect(t.count).toBe(4);
    expect(t.amount).toBe(7500.3);
    expect(t.byStatus.completed).toEqual({ count: 3, amount: 5000.3 });
    expect(t.byStatus.pending).toEqual({ count: 1, amount: 2500 });
  });
  it('is zero for nothing', () => {
    expect(totalsOf([])).toEqual({ count: 0, amount: 0, byStatus: {} });
  });
});

describe('paymentSearchFilter', () => {
  it('searches payer, email, reference and notes', () => {
    expect(paymentSearchFilter('UPI-1')).toBe(
      'payer_name.ilike.*UPI-1*,payer_email.ilike.*UPI-1*,transaction_reference.ilike.*UPI-1*,notes.ilike.*UPI-1*',
    );
  });
});
