import { BASIC_PLAN_ID } from '@cabinet/contracts';

// How a payment moves a user's plan end date (docs/decisions/0024-plan-term.md). Pure functions, in UTC.

export const PERIOD_MONTHS = { month: 1, year: 12 } as const;

/** Calendar months in UTC; the day is clamped to the target month (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCDate(1);
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
}

export interface CurrentPlan {
  planId: number;
  planExpiresAt: Date | null;
  /** Monthly price of the current plan, in kopecks (for the credit of a switch). */
  monthKopecks: number;
}

export interface TermInput {
  current: CurrentPlan;
  /** The plan bought, its monthly price in kopecks, and the period. */
  planId: number;
  monthKopecks: number;
  months: number;
  now: Date;
}

/**
 * The new end date, or null when the user already holds the plan without an end (an admin's grant).
 * - Same plan, still running: the period is added to its end date.
 * - Nothing running, 'Базовый', or lapsed: the period starts now.
 * - Another paid plan still running: the period starts now, and the unused time of the old plan is
 *   credited at the ratio of the monthly prices, so no money paid is lost by switching.
 */
export function nextTermEnd(input: TermInput): Date | null {
  const { current, now } = input;
  const running =
    current.planId !== BASIC_PLAN_ID && (current.planExpiresAt === null || current.planExpiresAt > now);
  if (running && current.planId === input.planId) {
    if (current.planExpiresAt === null) return null;
    return addMonths(current.planExpiresAt, input.months);
  }
  const end = addMonths(now, input.months);
  if (running && current.planExpiresAt !== null && input.monthKopecks > 0 && current.monthKopecks > 0) {
    const unusedMs = current.planExpiresAt.getTime() - now.getTime();
    const creditMs = Math.floor((unusedMs * current.monthKopecks) / input.monthKopecks);
    return new Date(end.getTime() + creditMs);
  }
  return end;
}
