import type { CheckoutPreview } from '@cabinet/contracts';
import { describe, expect, it } from 'vitest';
import { previewText } from './checkout-preview-note';

const base: CheckoutPreview = {
  plan: { id: 3, name: 'Корп' },
  period: 'month',
  sum: '2990.00',
  kind: 'new',
  current: { plan: { id: 1, name: 'Базовый' }, expires_at: null },
  credit: '0.00',
  term_start: '2026-09-01T00:00:00.000Z',
  granted_until: '2026-10-01T00:00:00.000Z',
};

describe('previewText (decision 0162)', () => {
  it('a new term', () => {
    expect(previewText(base)).toBe('Тариф «Корп» начнёт действовать сразу после оплаты, до 01.10.2026.');
  });

  it('a renewal names the old and the new end', () => {
    expect(
      previewText({
        ...base,
        kind: 'renewal',
        current: { plan: { id: 3, name: 'Корп' }, expires_at: '2026-10-01T00:00:00.000Z' },
        granted_until: '2026-11-01T00:00:00.000Z',
      }),
    ).toBe('Оплата продлит тариф «Корп»: он будет действовать до 01.11.2026, а не до 01.10.2026.');
  });

  it('a switch names the credit of the days already paid and the new end (the worked example of 0091)', () => {
    const text = previewText({
      ...base,
      kind: 'switch',
      current: { plan: { id: 2, name: 'Про' }, expires_at: '2027-03-01T00:00:00.000Z' },
      credit: '4909.31',
      granted_until: '2026-11-19T06:10:29.939Z',
    });
    expect(text).toContain('Оплаченные дни тарифа «Про» (до 01.03.2027) не пропадут');
    expect(text).toContain('4\u00a0909,31 ₽');
    expect(text).toContain('до 19.11.2026');
  });

  it('a switch from a plan nothing was paid for says there is nothing to credit', () => {
    expect(
      previewText({
        ...base,
        kind: 'switch',
        current: { plan: { id: 2, name: 'Про' }, expires_at: '2026-12-01T00:00:00.000Z' },
      }),
    ).toContain('зачитывать нечего');
  });
});
