import {
  BASIC_PLAN_ID,
  type CheckoutPreview,
  type PaymentPeriod,
  PLAN_NOT_FOUND,
  USER_NOT_FOUND,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { badRequest, notFound } from '../../lib/app-error';
import type { SignedInContext } from '../../lib/context';
import { tr } from '../../lib/i18n';
import { paidTermsOf } from '../payment-notifications/paid-terms';
import { nextTerm, PERIOD_MONTHS } from '../payment-notifications/plan-term';
import { decimalKopecks, fromKopecks } from '../payments/money';
import { paymentsConfig } from '../payments/payments.config';
import { effectivePlanId } from '../plans/plans.mapper';

/**
 * What paying for `id` now would do to the caller's plan (decision 0162): the same term the grant
 * computes (decisions 0024 and 0091) from the same paid terms, read now instead of at the payment. The
 * payment itself is computed again when it arrives, so days that pass in between are counted then.
 */
export async function previewCheckout(
  ctx: SignedInContext,
  { id, type }: { id: number; type: PaymentPeriod },
): Promise<CheckoutPreview> {
  const { prisma, actor, now } = ctx;
  const config = await paymentsConfig(ctx.config);
  const [plan, user] = await Promise.all([
    prisma.plan.findUnique({ where: { id } }),
    prisma.user.findUnique({
      where: { id: actor.userId },
      select: { planId: true, planExpiresAt: true, plan: { select: { id: true, name: true } } },
    }),
  ]);
  if (!plan) throw notFound(text(PLAN_NOT_FOUND));
  if (!user) throw notFound(text(USER_NOT_FOUND));
  const price = type === 'month' ? plan.priceMonth : plan.priceYear;
  const priceKopecks = decimalKopecks(price);
  if (plan.id === BASIC_PLAN_ID || priceKopecks === 0) throw badRequest(tr('Этот тариф бесплатный'));

  const switching = user.planId !== plan.id;
  const paidTerms = switching
    ? await paidTermsOf(prisma, { userId: actor.userId, planId: user.planId, testMode: config.testMode })
    : [];
  const current = { planId: user.planId, planExpiresAt: user.planExpiresAt };
  const term = nextTerm({
    current,
    planId: plan.id,
    months: PERIOD_MONTHS[type],
    priceKopecks,
    paidTerms,
    now,
    graceDays: ctx.config.PLAN_GRACE_DAYS,
  });
  const inForce = effectivePlanId(current, ctx);
  const currentPlan =
    inForce === user.planId
      ? user.plan
      : await prisma.plan.findUniqueOrThrow({ where: { id: inForce }, select: { id: true, name: true } });
  return {
    plan: { id: plan.id, name: plan.name },
    period: type,
    sum: price.toFixed(2),
    kind: term.switched ? 'switch' : term.termStart.getTime() === now.getTime() ? 'new' : 'renewal',
    current: {
      plan: currentPlan,
      expires_at: inForce === user.planId ? (user.planExpiresAt?.toISOString() ?? null) : null,
    },
    credit: fromKopecks(term.creditKopecks),
    term_start: term.termStart.toISOString(),
    granted_until: term.grantedUntil?.toISOString() ?? null,
  };
}
