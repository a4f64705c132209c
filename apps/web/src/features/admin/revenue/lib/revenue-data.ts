import type { Revenue } from '@cabinet/contracts';
import type { Locale } from '@cabinet/contracts/i18n';
import { getLocale, textNow } from '@/lib/i18n';
import { adminRevenueTexts } from '../texts';

// The dashboard's figures, shaped for the charts (decision 0158). Months and weeks are the API's UTC
// keys ('2026-11', '2026-11-23'); they are labels here, never turned into the viewer's dates, so they are
// formatted in UTC, in the page's language (decision 0310).

/** The first day of a '2026-11' or '2026-11-23' key, in UTC; null for a key that is not one. */
function utcDay(key: string): Date | null {
  const [year, month, day = 1] = key.split('-').map(Number);
  if (!year || !month) return null;
  return new Date(Date.UTC(year, month - 1, day));
}

/** The month's name on its own, as a calendar's heading says it: 'ноябрь', 'November'. */
function standaloneMonth(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(date);
}

/**
 * '2026-11' → 'ноя 26', 'Nov 26' (an axis tick): the month's first three letters, as the dashboard has
 * always written them; Intl's own Russian abbreviations ('нояб. 26 г.') are longer.
 */
export function monthTick(month: string, locale: Locale = getLocale()): string {
  const date = utcDay(month);
  if (!date) return month;
  return `${standaloneMonth(date, locale).slice(0, 3)} ${month.slice(2, 4)}`;
}

/** '2026-11' → 'Ноябрь 2026', 'November 2026' (a tooltip, a table row). */
export function monthName(month: string, locale: Locale = getLocale()): string {
  const date = utcDay(month);
  if (!date) return month;
  const name = standaloneMonth(date, locale);
  return `${name.charAt(0).toLocaleUpperCase(locale)}${name.slice(1)} ${date.getUTCFullYear()}`;
}

/** '2026-11-23' (a Monday) → '23.11', '11/23'. */
export function weekTick(week: string, locale: Locale = getLocale()): string {
  const date = utcDay(week);
  if (!date) return week;
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(date);
}

/** Colours of the plans' series, in the order the plans come. */
const PLAN_COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.7', 'pink.6', 'lime.7', 'indigo.6'];

export type PlanSeries = { name: string; label: string; color: string };

/** A plan's series key: its id, so that two plans of one name stay apart. */
const planKey = (planId: number) => `plan_${planId}`;

/**
 * Paying users by plan over time: one row per month (oldest first) with a count per plan, and one series
 * per plan named as by_plan names it (a plan no one pays for now is named by its number).
 */
export function payingByPlanMonth(revenue: Pick<Revenue, 'by_plan' | 'by_plan_month' | 'by_month'>): {
  rows: Record<string, string | number>[];
  series: PlanSeries[];
} {
  const names = new Map(revenue.by_plan.map((plan) => [plan.plan_id, plan.name]));
  const planIds = [
    ...new Set([...revenue.by_plan.map((p) => p.plan_id), ...revenue.by_plan_month.map((p) => p.plan_id)]),
  ];
  const months = [
    ...new Set([...revenue.by_month.map((m) => m.month), ...revenue.by_plan_month.map((m) => m.month)]),
  ].sort();
  const rows = months.map((month) => {
    const row: Record<string, string | number> = { month, label: monthTick(month) };
    for (const id of planIds) row[planKey(id)] = 0;
    return row;
  });
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  for (const entry of revenue.by_plan_month) {
    const row = byMonth.get(entry.month);
    if (row) row[planKey(entry.plan_id)] = entry.paying_users;
  }
  const series = planIds.map((id, index) => ({
    name: planKey(id),
    label: names.get(id) ?? textNow(adminRevenueTexts)('Тариф № {id}', { id }),
    color: PLAN_COLORS[index % PLAN_COLORS.length] ?? 'blue.6',
  }));
  return { rows, series };
}

/** Revenue by month as numbers (the API's money strings), with the axis label. */
export function revenueRows(revenue: Pick<Revenue, 'by_month'>) {
  return revenue.by_month.map((entry) => ({
    month: entry.month,
    label: monthTick(entry.month),
    amount: Number(entry.amount),
    payments: entry.payments,
  }));
}

export function newUserRows(revenue: Pick<Revenue, 'new_users_by_week'>) {
  return revenue.new_users_by_week.map((entry) => ({
    week: entry.week,
    label: weekTick(entry.week),
    count: entry.count,
  }));
}

/** The share of paying users: '12,5 %' ('12.5%' in English); '0 %' with no users at all. */
export function payingShare(
  revenue: Pick<Revenue, 'paying_users' | 'total_users'>,
  locale: Locale = getLocale(),
): string {
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  return percent.format(revenue.total_users > 0 ? revenue.paying_users / revenue.total_users : 0);
}

/** The sum of by_month's money strings, computed in kopecks so that '0.10' + '0.20' stays 0.30. */
export function revenueTotal(revenue: Pick<Revenue, 'by_month'>): string {
  const kopecks = revenue.by_month.reduce((sum, entry) => sum + Math.round(Number(entry.amount) * 100), 0);
  return (kopecks / 100).toFixed(2);
}

/** Nothing was ever paid in the period and no one pays now: the dashboard says 'Нет данных'. */
export function hasNoRevenue(revenue: Pick<Revenue, 'by_month' | 'paying_users'>): boolean {
  return revenue.paying_users === 0 && revenue.by_month.every((entry) => entry.payments === 0);
}
