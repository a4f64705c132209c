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
    created_at: plan.createdAt.toISOString(),
    updated_at: plan.updatedAt.toISOString(),
  };
}

/**
 * The plan in force: past its end date a user is back on 'Базовый' (nothing is deleted). A plan without
 * an end date (the free one, or one an admin granted) does not lapse.
 */
export function effectivePlanId(
  user: { planId: number; planExpiresAt: Date | null },
  now = new Date(),
): number {
  if (user.planId === BASIC_PLAN_ID) return BASIC_PLAN_ID;
  if (user.planExpiresAt && user.planExpiresAt.getTime() <= now.getTime()) return BASIC_PLAN_ID;
  return user.planId;
}
