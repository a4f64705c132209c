import { BASIC_PLAN_ID, type Plan as PlanDto } from '@cabinet/contracts';
import type { Plan } from '../../generated/prisma/client';

export function toPlanDto(plan: Plan): PlanDto {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price_month: plan.priceMonth.toFixed(2),
    price_year: plan.priceYear.toFixed(2),
    max_members: plan.maxMembers,
    max_organizations: plan.maxOrganizations,
    support_type_id: plan.supportTypeId,
    sso: plan.sso,
    created_at: plan.createdAt.toISOString(),
    updated_at: plan.updatedAt.toISOString(),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the plan in force depends on besides the user: the clock and PLAN_GRACE_DAYS. A RequestContext fits. */
export interface PlanClock {
  now: Date;
  config: { PLAN_GRACE_DAYS: number };
}

/** The end of the grace period of a plan that ends at `expiresAt` (decision 0153). */
export const graceEnd = (expiresAt: Date, graceDays: number) =>
  new Date(expiresAt.getTime() + graceDays * DAY_MS);

/**
 * The plan in force: past its end date and then its grace period (PLAN_GRACE_DAYS, decision 0153) a user is
 * back on 'Базовый' (nothing is deleted). A plan without an end date (the free one, or one an admin granted)
 * does not lapse.
 */
export function effectivePlanId(
  user: { planId: number; planExpiresAt: Date | null },
  clock: PlanClock,
): number {
  if (user.planId === BASIC_PLAN_ID) return BASIC_PLAN_ID;
  if (
    user.planExpiresAt &&
    graceEnd(user.planExpiresAt, clock.config.PLAN_GRACE_DAYS).getTime() <= clock.now.getTime()
  )
    return BASIC_PLAN_ID;
  return user.planId;
}

/** The end of the grace period while `now` is inside it; null otherwise (profile/me's subscribe_grace_until). */
export function graceUntil(
  user: { planId: number; planExpiresAt: Date | null },
  clock: PlanClock,
): Date | null {
  if (user.planId === BASIC_PLAN_ID || !user.planExpiresAt) return null;
  if (user.planExpiresAt.getTime() > clock.now.getTime()) return null;
  const end = graceEnd(user.planExpiresAt, clock.config.PLAN_GRACE_DAYS);
  return end.getTime() > clock.now.getTime() ? end : null;
}
