import { BASIC_PLAN_ID, type PaymentPeriod, type Plan } from '@cabinet/contracts';
import { FREE_PRICE_LABEL, formatCount, formatPrice, MEMBER_FORMS, ORGANIZATION_FORMS } from '@/lib/format';

/** Spec section 9: 'Базовый' shows as free with no purchase button; so does any plan priced '0.00'. */
export function isFreePlan(plan: Pick<Plan, 'id' | 'name' | 'price_month' | 'price_year'>): boolean {
  return (
    plan.id === BASIC_PLAN_ID ||
    plan.name === 'Базовый' ||
    (Number(plan.price_month) === 0 && Number(plan.price_year) === 0)
  );
}

export type PlanPriceView =
  | { kind: 'free'; label: string }
  | { kind: 'month'; label: string; suffix: '/мес' }
  | {
      kind: 'year';
      label: string;
      suffix: '/год';
      /** The full price of twelve months, struck through; null when the year is not cheaper. */
      fullLabel: string | null;
      /** Whole percent saved against twelve months. */
      savingPercent: number;
    };

/**
 * Spec section 9: '0.00' reads 'Бесплатно'; otherwise the monthly price in whole rubles with '/мес', or
 * the yearly price with '/год' next to the full price of twelve months struck through.
 */
export function planPriceView(plan: Plan, period: PaymentPeriod): PlanPriceView {
  if (isFreePlan(plan)) return { kind: 'free', label: FREE_PRICE_LABEL };
  const month = Number(plan.price_month);
  if (period === 'month') {
    if (month === 0) return { kind: 'free', label: FREE_PRICE_LABEL };
    return { kind: 'month', label: formatPrice(month), suffix: '/мес' };
  }
  const year = Number(plan.price_year);
  if (year === 0) return { kind: 'free', label: FREE_PRICE_LABEL };
  const full = Math.round(month * 12 * 100) / 100;
  const cheaper = full > year;
  return {
    kind: 'year',
    label: formatPrice(year),
    suffix: '/год',
    fullLabel: cheaper ? formatPrice(full) : null,
    savingPercent: cheaper ? Math.round(((full - year) / full) * 100) : 0,
  };
}

/** 'До 5 организаций' / for the free plan, singular wording: '1 организация'. */
export function organizationsLabel(plan: Pick<Plan, 'max_organizations'>): string {
  return formatCount(plan.max_organizations, ORGANIZATION_FORMS);
}

export function membersLabel(plan: Pick<Plan, 'max_members'>): string {
  return `${formatCount(plan.max_members, MEMBER_FORMS)} в организации`;
}

/** Spec section 9, upgrade paths: plan 1 → 'Про' (id 2), plan 2 → 'Корп' (id 3). */
export function upgradeFor(planId: number): { targetId: number; label: string } | null {
  if (planId === 1) return { targetId: 2, label: 'Улучшить до Про' };
  if (planId === 2) return { targetId: 3, label: 'Улучшить до Корп' };
  return null;
}
