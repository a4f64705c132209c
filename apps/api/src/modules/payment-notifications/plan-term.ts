import { BASIC_PLAN_ID } from '@cabinet/contracts';
import { graceEnd } from '../plans/plans.mapper';

// How a payment moves a user's plan end date (docs/decisions/0024-plan-term.md, and for a switch between
// plans docs/decisions/0091-plan-switch-credit.md). Pure functions, in UTC, time counted to the millisecond.

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
}

/** A paid order of the plan being replaced that has not been credited to another plan yet. */
export interface PaidTerm {
  /** The money behind the term: the amount paid plus the credit carried into it, in kopecks. */
  valueKopecks: number;
  /** The span it bought: [termStart, termEnd). */
  termStart: Date;
  termEnd: Date;
}

export interface TermInput {
  current: CurrentPlan;
  /** The plan bought, for how many months, and the price paid for that period, in kopecks. */
  planId: number;
  months: number;
  priceKopecks: number;
  /** Paid terms of the current plan (ignored unless this payment switches plans). */
  paidTerms: readonly PaidTerm[];
  now: Date;
  /** PLAN_GRACE_DAYS (decision 0153): a payment for the same plan within it extends from the old end. */
  graceDays?: number;
}

export interface TermResult {
  /** Where the time this payment bought begins. */
  termStart: Date;
  /** The new end date; null keeps an admin's grant without an end. */
  grantedUntil: Date | null;
  /** Money of the replaced plan's unused time carried into the new term, in kopecks. */
  creditKopecks: number;
  /** The payment replaces another running paid plan: its paid terms are used up by this credit. */
  switched: boolean;
}

const isRunning = (current: CurrentPlan, now: Date) =>
  current.planId !== BASIC_PLAN_ID && (current.planExpiresAt === null || current.planExpiresAt > now);

/** Ended, and its grace period not over yet (decision 0153). */
const inGrace = (current: CurrentPlan, now: Date, graceDays: number) =>
  current.planId !== BASIC_PLAN_ID &&
  current.planExpiresAt !== null &&
  current.planExpiresAt <= now &&
  graceEnd(current.planExpiresAt, graceDays) > now;

/**
 * The money of the unused part of each paid term: value × unused time ÷ the term's length. Time before
 * `now` is used; time after `cap` (an end date an admin moved earlier) was taken away and is not paid back.
 * Rounded down to whole kopecks.
 */
export function unusedCreditKopecks(terms: readonly PaidTerm[], now: Date, cap: Date | null): number {
  let credit = 0;
  for (const term of terms) {
    const length = term.termEnd.getTime() - term.termStart.getTime();
    if (length <= 0 || term.valueKopecks <= 0) continue;
    const from = Math.max(term.termStart.getTime(), now.getTime());
    const to = Math.min(term.termEnd.getTime(), cap?.getTime() ?? Number.POSITIVE_INFINITY);
    if (to > from) credit += (term.valueKopecks * (to - from)) / length;
  }
  return Math.floor(credit + 1e-6);
}

/**
 * The term a payment buys.
 * - Same plan, still running or in its grace period: the period is added to its end date (an unlimited
 *   grant stays unlimited).
 * - Nothing running, 'Базовый', or lapsed: the period starts now.
 * - Another paid plan still running: the period starts now, and the money of the old plan's unused paid
 *   time buys extra days of the new plan at the price per day of the period bought.
 */
export function nextTerm(input: TermInput): TermResult {
  const { current, now } = input;
  const running = isRunning(current, now);
  // Paid within the grace period, the same plan goes on from its old end: the days of grace are paid for.
  const continues = running || inGrace(current, now, input.graceDays ?? 0);
  if (continues && current.planId === input.planId) {
    if (current.planExpiresAt === null) {
      return { termStart: now, grantedUntil: null, creditKopecks: 0, switched: false };
    }
    return {
      termStart: current.planExpiresAt,
      grantedUntil: addMonths(current.planExpiresAt, input.months),
      creditKopecks: 0,
      switched: false,
    };
  }
  const end = addMonths(now, input.months);
  // A price of 0 cannot be checked out (decision 0022); without it there is no price per day either.
  if (!running || input.priceKopecks <= 0) {
    return { termStart: now, grantedUntil: end, creditKopecks: 0, switched: false };
  }
  const creditKopecks = unusedCreditKopecks(input.paidTerms, now, current.planExpiresAt);
  const periodMs = end.getTime() - now.getTime();
  const creditMs = Math.floor((creditKopecks * periodMs) / input.priceKopecks);
  return { termStart: now, grantedUntil: new Date(end.getTime() + creditMs), creditKopecks, switched: true };
}

/** The end of the span an order bought: its granted_until, or one period from its start under an unlimited grant. */
export const termEndOf = (order: { termStart: Date; grantedUntil: Date | null; months: number }): Date =>
  order.grantedUntil ?? addMonths(order.termStart, order.months);
