import { describe, expect, it } from 'vitest';
import { firstDifference } from './compare';
import { coprimePrime } from './fill/bulk';
import { rareSubstring } from './fill/persona';
import { ratio } from './report';

describe('fill helpers', () => {
  it('coprimePrime gives a multiplier that permutes 0..n-1', () => {
    for (const n of [10_000, 1_000_000, 7919 * 3]) {
      const p = coprimePrime(n, 7919);
      expect(n % p).not.toBe(0);
    }
    const n = 1000;
    const p = coprimePrime(n, 7);
    const seen = new Set(Array.from({ length: n }, (_, x) => (x * p) % n));
    expect(seen.size).toBe(n);
  });

  it('rareSubstring has a letter (an all-digit search is an id lookup) and is six characters', () => {
    for (const n of [10_000, 1_000_000, 12_345]) {
      const text = rareSubstring(n);
      expect(text).toMatch(/^[0-9a-f]{6}$/);
      expect(text).toMatch(/[a-f]/);
    }
  });
});

describe('answer comparison', () => {
  it('ignores key order and names the first difference', () => {
    expect(firstDifference({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBeNull();
    expect(firstDifference({ a: [1, { c: 2 }] }, { a: [1, { c: 3 }] })).toBe('$.a[1].c: 2 vs 3');
    expect(firstDifference({ a: [1] }, { a: [1, 2] })).toBe('$.a: 1 items vs 2');
    expect(firstDifference({ a: 1, b: 2 }, { a: 1, c: 2 })).toBe('$: keys b vs c');
  });

  it('ratio is a dash when the divisor is zero', () => {
    expect(ratio(10, 4)).toBe('2.50');
    expect(ratio(10, 0)).toBe('—');
  });
});
