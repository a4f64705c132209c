import { describe, expect, it } from 'vitest';
import { leftToRefund } from './refund-payment-dialog';

describe('leftToRefund', () => {
  it('is what was paid less what was returned, in kopecks, never below zero', () => {
    expect(leftToRefund({ amount: '990.00', refunded_amount: '0.00' })).toBe('990.00');
    expect(leftToRefund({ amount: '990.00', refunded_amount: '300.10' })).toBe('689.90');
    expect(leftToRefund({ amount: '0.30', refunded_amount: '0.10' })).toBe('0.20');
    expect(leftToRefund({ amount: '990.00', refunded_amount: '990.00' })).toBe('0.00');
  });
});
