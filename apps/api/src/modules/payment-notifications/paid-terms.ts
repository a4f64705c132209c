import type { Db } from '../../plugins/db/database';
import { decimalKopecks } from '../payments/money';
import { type PaidTerm, PERIOD_MONTHS, termEndOf } from './plan-term';

/**
 * The paid terms of a user's plan that a switch away from it would credit (decision 0091): paid orders of
 * that plan not yet superseded, sandbox money only in test mode. The grant reads them inside its
 * transaction; the checkout preview reads them as they stand now.
 */
export async function paidTermsOf(
  db: Db,
  input: { userId: number; planId: number; testMode: boolean; exceptOrderId?: number },
): Promise<(PaidTerm & { orderId: number })[]> {
  const paid = await db.paymentOrder.findMany({
    where: {
      userId: input.userId,
      planId: input.planId,
      status: 'paid',
      supersededAt: null,
      termStart: { not: null },
      ...(input.exceptOrderId !== undefined ? { id: { not: input.exceptOrderId } } : {}),
      ...(input.testMode ? {} : { test: false }),
    },
    select: { id: true, amount: true, credit: true, termStart: true, grantedUntil: true, period: true },
  });
  return paid.map((p) => {
    const termStart = p.termStart as Date;
    return {
      orderId: p.id,
      valueKopecks: decimalKopecks(p.amount) + decimalKopecks(p.credit),
      termStart,
      termEnd: termEndOf({ termStart, grantedUntil: p.grantedUntil, months: PERIOD_MONTHS[p.period] }),
    };
  });
}
