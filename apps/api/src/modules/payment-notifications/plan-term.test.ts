import { describe, expect, it } from 'vitest';
import { addMonths, nextTerm, type PaidTerm, termEndOf, unusedCreditKopecks } from './plan-term';

// The arithmetic of decisions 0024 and 0091. Plans: 1 'Базовый', 2 'Про' (990 ₽/month), 3 'Корп' (2 990 ₽).
const at = (iso: string) => new Date(iso);
const DAY = 86_400_000;
const PRO = 2;
const CORP = 3;

describe('addMonths', () => {
  it('adds calendar months in UTC, clamping the day', () => {
    expect(addMonths(at('2026-01-15T10:00:00Z'), 1).toISOString()).toBe('2026-02-15T10:00:00.000Z');
    expect(addMonths(at('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(at('2028-01-31T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths(at('2026-12-31T23:59:59Z'), 1).toISOString()).toBe('2027-01-31T23:59:59.000Z');
    expect(addMonths(at('2026-03-31T00:00:00Z'), 12).toISOString()).toBe('2027-03-31T00:00:00.000Z');
    expect(addMonths(at('2028-02-29T00:00:00Z'), 12).toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });
});

describe('nextTerm without a switch', () => {
  const now = at('2026-05-10T12:00:00Z');
  const buy = (current: { planId: number; planExpiresAt: Date | null }, planId = PRO, months = 1) =>
    nextTerm({ current, planId, months, priceKopecks: 99_000, paidTerms: [], now });

  it("starts now from 'Базовый' or a lapsed plan, with no credit", () => {
    expect(buy({ planId: 1, planExpiresAt: null })).toEqual({
      termStart: now,
      grantedUntil: at('2026-06-10T12:00:00Z'),
      creditKopecks: 0,
      switched: false,
    });
    expect(buy({ planId: PRO, planExpiresAt: at('2026-05-01T00:00:00Z') }).grantedUntil).toEqual(
      at('2026-06-10T12:00:00Z'),
    );
    // A lapsed plan of another kind is no switch either: nothing of it runs.
    expect(buy({ planId: CORP, planExpiresAt: at('2026-05-01T00:00:00Z') }).switched).toBe(false);
    expect(buy({ planId: 1, planExpiresAt: null }, PRO, 12).grantedUntil).toEqual(at('2027-05-10T12:00:00Z'));
  });

  it('renewing the same running plan extends its end date, and its term begins there', () => {
    const end = at('2026-05-31T08:00:00Z');
    expect(buy({ planId: PRO, planExpiresAt: end })).toEqual({
      termStart: end,
      grantedUntil: at('2026-06-30T08:00:00Z'),
      creditKopecks: 0,
      switched: false,
    });
    expect(buy({ planId: PRO, planExpiresAt: end }, PRO, 12).grantedUntil).toEqual(
      at('2027-05-31T08:00:00Z'),
    );
  });

  it("keeps an admin's grant without an end unlimited when the same plan is bought", () => {
    expect(buy({ planId: PRO, planExpiresAt: null })).toEqual({
      termStart: now,
      grantedUntil: null,
      creditKopecks: 0,
      switched: false,
    });
  });
});

describe('the credit of a switch (decision 0091)', () => {
  // Про bought for a year at 9 900 ₽ on 1 March 2026, switched to Корп monthly at 2 990 ₽ on 1 September.
  const proYear: PaidTerm = {
    valueKopecks: 990_000,
    termStart: at('2026-03-01T00:00:00Z'),
    termEnd: at('2027-03-01T00:00:00Z'),
  };
  const september = at('2026-09-01T00:00:00Z');

  it('the worked example: 181 of 365 days unused → 4 909,31 ₽ → 49.26 days of Корп → 19 November', () => {
    const result = nextTerm({
      current: { planId: PRO, planExpiresAt: proYear.termEnd },
      planId: CORP,
      months: 1,
      priceKopecks: 299_000,
      paidTerms: [proYear],
      now: september,
    });
    // 9 900 × 181 / 365 = 4 909.3150… ₽, rounded down to the kopeck.
    expect(result.creditKopecks).toBe(490_931);
    // September has 30 days: 2 990 ₽ / 30 days; 4 909.31 ₽ buys 4 909.31 × 30 / 2 990 = 49.2573 days.
    expect(result.termStart).toEqual(september);
    expect(result.grantedUntil?.toISOString()).toBe('2026-11-19T06:10:29.939Z');
    expect(result.switched).toBe(true);
  });

  it('switching back and forth moves the same money, never more', () => {
    // 1 September: Про (year) → Корп (month), as above. The Корп order carries 2 990 ₽ + its credit.
    const toCorp = nextTerm({
      current: { planId: PRO, planExpiresAt: proYear.termEnd },
      planId: CORP,
      months: 1,
      priceKopecks: 299_000,
      paidTerms: [proYear],
      now: september,
    });
    const corpTerm: PaidTerm = {
      valueKopecks: 299_000 + toCorp.creditKopecks,
      termStart: toCorp.termStart,
      termEnd: toCorp.grantedUntil as Date,
    };
    // 1 October: back to Про (month, 990 ₽). September was paid by the Корп money itself, so what is left
    // is the Про credit again (one kopeck lost to rounding down).
    const october = at('2026-10-01T00:00:00Z');
    const back = nextTerm({
      current: { planId: CORP, planExpiresAt: corpTerm.termEnd },
      planId: PRO,
      months: 1,
      priceKopecks: 99_000,
      paidTerms: [corpTerm],
      now: october,
    });
    expect(back.creditKopecks).toBe(490_930);
    // October has 31 days: 4 909.30 ₽ at 990 ₽ / 31 days = 153.73 days after 1 November.
    const extraDays = ((back.grantedUntil as Date).getTime() - at('2026-11-01T00:00:00Z').getTime()) / DAY;
    expect(extraDays).toBeCloseTo((490_930 * 31) / 99_000, 5);
    // Switching again at once (same instant) returns the same money, less at most a kopeck.
    const again = nextTerm({
      current: { planId: PRO, planExpiresAt: back.grantedUntil },
      planId: CORP,
      months: 1,
      priceKopecks: 299_000,
      paidTerms: [
        { valueKopecks: 99_000 + back.creditKopecks, termStart: october, termEnd: back.grantedUntil as Date },
      ],
      now: october,
    });
    expect(again.creditKopecks).toBeGreaterThanOrEqual(99_000 + 490_930 - 1);
    expect(again.creditKopecks).toBeLessThanOrEqual(99_000 + 490_930);
  });

  it('counts every running term of the plan: a renewal not begun yet counts whole', () => {
    const renewal: PaidTerm = {
      valueKopecks: 99_000,
      termStart: proYear.termEnd,
      termEnd: at('2027-04-01T00:00:00Z'),
    };
    expect(unusedCreditKopecks([proYear, renewal], september, renewal.termEnd)).toBe(490_931 + 99_000);
    // Used-up terms count nothing.
    const old: PaidTerm = {
      valueKopecks: 99_000,
      termStart: at('2026-01-01T00:00:00Z'),
      termEnd: at('2026-02-01T00:00:00Z'),
    };
    expect(unusedCreditKopecks([old], september, null)).toBe(0);
  });

  it('an end date an admin moved earlier caps the credit; a later one adds nothing', () => {
    const cap = at('2026-10-01T00:00:00Z');
    expect(unusedCreditKopecks([proYear], september, cap)).toBe(Math.floor((990_000 * 30) / 365));
    expect(unusedCreditKopecks([proYear], september, at('2030-01-01T00:00:00Z'))).toBe(490_931);
  });

  it('a running plan with no paid terms (an admin grant) switches with no credit', () => {
    const result = nextTerm({
      current: { planId: PRO, planExpiresAt: at('2026-10-01T00:00:00Z') },
      planId: CORP,
      months: 1,
      priceKopecks: 299_000,
      paidTerms: [],
      now: september,
    });
    expect(result).toEqual({
      termStart: september,
      grantedUntil: at('2026-10-01T00:00:00Z'),
      creditKopecks: 0,
      switched: true,
    });
  });

  it('leaving a grant without an end credits the paid terms by their own dates', () => {
    const result = nextTerm({
      current: { planId: PRO, planExpiresAt: null },
      planId: CORP,
      months: 1,
      priceKopecks: 299_000,
      paidTerms: [proYear],
      now: september,
    });
    expect(result.creditKopecks).toBe(490_931);
    expect(result.grantedUntil?.toISOString()).toBe('2026-11-19T06:10:29.939Z');
  });

  it("'Базовый' has no credit to give", () => {
    const result = nextTerm({
      current: { planId: 1, planExpiresAt: null },
      planId: CORP,
      months: 1,
      priceKopecks: 299_000,
      paidTerms: [proYear],
      now: september,
    });
    expect(result).toMatchObject({
      creditKopecks: 0,
      switched: false,
      grantedUntil: at('2026-10-01T00:00:00Z'),
    });
  });
});

describe('termEndOf', () => {
  it('is granted_until, or one period from the start for an order paid under a grant without an end', () => {
    const start = at('2026-03-01T00:00:00Z');
    expect(termEndOf({ termStart: start, grantedUntil: at('2026-05-01T00:00:00Z'), months: 1 })).toEqual(
      at('2026-05-01T00:00:00Z'),
    );
    expect(termEndOf({ termStart: start, grantedUntil: null, months: 12 })).toEqual(
      at('2027-03-01T00:00:00Z'),
    );
  });
});
