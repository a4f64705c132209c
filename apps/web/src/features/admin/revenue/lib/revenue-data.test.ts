import { describe, expect, it } from 'vitest';
import {
  hasNoRevenue,
  monthName,
  monthTick,
  payingByPlanMonth,
  payingShare,
  revenueRows,
  revenueTotal,
  weekTick,
} from './revenue-data';

const byMonth = [
  { month: '2026-10', amount: '0.10', payments: 1 },
  { month: '2026-11', amount: '990.20', payments: 2 },
];

describe('revenue data for the charts (issue 15)', () => {
  it('labels months and weeks from the UTC keys as they are', () => {
    expect(monthTick('2026-01')).toBe('янв 26');
    expect(monthTick('2027-12')).toBe('дек 27');
    expect(monthName('2026-11')).toBe('Ноябрь 2026');
    expect(weekTick('2026-11-23')).toBe('23.11');
  });

  it('turns money strings into numbers and adds them up in kopecks', () => {
    expect(revenueRows({ by_month: byMonth })).toEqual([
      { month: '2026-10', label: 'окт 26', amount: 0.1, payments: 1 },
      { month: '2026-11', label: 'ноя 26', amount: 990.2, payments: 2 },
    ]);
    expect(revenueTotal({ by_month: byMonth })).toBe('990.30');
    expect(revenueTotal({ by_month: [] })).toBe('0.00');
  });

  it('pivots paying users by plan into one row per month, zero where a plan had none', () => {
    const { rows, series } = payingByPlanMonth({
      by_month: byMonth,
      by_plan: [
        { plan_id: 2, name: 'Про', paying_users: 3 },
        { plan_id: 3, name: 'Корп', paying_users: 1 },
      ],
      by_plan_month: [
        { month: '2026-10', plan_id: 2, paying_users: 1 },
        { month: '2026-11', plan_id: 2, paying_users: 3 },
        { month: '2026-11', plan_id: 3, paying_users: 1 },
        { month: '2026-11', plan_id: 9, paying_users: 2 },
      ],
    });
    expect(series.map((s) => s.label)).toEqual(['Про', 'Корп', 'Тариф № 9']);
    expect(new Set(series.map((s) => s.color)).size).toBe(3);
    expect(rows).toEqual([
      { month: '2026-10', label: 'окт 26', plan_2: 1, plan_3: 0, plan_9: 0 },
      { month: '2026-11', label: 'ноя 26', plan_2: 3, plan_3: 1, plan_9: 2 },
    ]);
  });

  it('gives the share of paying users in Russian, 0 % without users', () => {
    expect(payingShare({ paying_users: 1, total_users: 8 })).toMatch(/^12,5\s%$/);
    expect(payingShare({ paying_users: 0, total_users: 0 })).toMatch(/^0\s%$/);
  });

  it('is empty only when nothing was paid and no one pays', () => {
    const none = [{ month: '2026-11', amount: '0.00', payments: 0 }];
    expect(hasNoRevenue({ by_month: none, paying_users: 0 })).toBe(true);
    expect(hasNoRevenue({ by_month: none, paying_users: 1 })).toBe(false);
    expect(hasNoRevenue({ by_month: byMonth, paying_users: 0 })).toBe(false);
  });
});
