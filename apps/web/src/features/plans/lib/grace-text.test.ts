import { describe, expect, it } from 'vitest';
import { endedAgo, graceBannerText } from './grace-text';

// Local times on purpose: the days are the viewer's calendar days.
const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).toISOString();

describe('graceBannerText (issue 15)', () => {
  it("is the issue's sentence word for word", () => {
    const text = graceBannerText(
      { planName: 'Про', expiresAt: at(2026, 11, 24, 18), graceUntil: at(2026, 11, 27, 18) },
      new Date(2026, 10, 26, 9),
    );
    expect(text).toBe(
      'Подписка «Про» закончилась 2 дня назад — продлите до 27.11.2026, чтобы не потерять возможности',
    );
  });

  it('reads without the "when" if the end date is unknown', () => {
    expect(
      graceBannerText(
        { planName: 'Корп', expiresAt: null, graceUntil: at(2026, 1, 3) },
        new Date(2026, 0, 1),
      ),
    ).toBe('Подписка «Корп» закончилась — продлите до 03.01.2026, чтобы не потерять возможности');
  });
});

describe('endedAgo: calendar days, Russian plural forms', () => {
  const now = new Date(2026, 11, 31, 0, 30);
  it.each([
    [at(2026, 12, 31, 0), 'сегодня'],
    [at(2026, 12, 30, 23), 'вчера'],
    [at(2026, 12, 30, 0), 'вчера'],
    [at(2026, 12, 29), '2 дня назад'],
    [at(2026, 12, 27), '4 дня назад'],
    [at(2026, 12, 26), '5 дней назад'],
    [at(2026, 12, 20), '11 дней назад'],
    [at(2026, 12, 10), '21 день назад'],
    [at(2026, 12, 9), '22 дня назад'],
    [at(2026, 11, 30), '31 день назад'],
    [at(2026, 9, 21), '101 день назад'],
    [at(2026, 9, 19), '103 дня назад'],
    [at(2026, 9, 10), '112 дней назад'],
  ])('%s → %s', (end, text) => expect(endedAgo(end, now)).toBe(text));

  it("an end still ahead (clocks apart) reads 'сегодня'; a broken date reads nothing", () => {
    expect(endedAgo(at(2027, 1, 1), now)).toBe('сегодня');
    expect(endedAgo('nonsense', now)).toBe('');
  });
});
