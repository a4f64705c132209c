import { describe, expect, it } from 'vitest';
import { autoRenewText } from './subscription-checkout-route';

describe("'Продлевать автоматически' says what will be charged and when", () => {
  it('names the sum, the period and the day', () => {
    expect(autoRenewText('990.00', 'month', 1)).toMatch(
      /^Сохраним карту и каждый месяц за 1 день до окончания срока будем списывать 990,00\s₽, пока вы не отключите автопродление\.$/,
    );
    expect(autoRenewText('9504.00', 'year', 3)).toMatch(
      /каждый год за 3 дня до окончания срока .*9\s504,00\s₽/,
    );
    expect(autoRenewText('990.00', 'month', 0)).toContain('в день окончания срока');
  });
});
