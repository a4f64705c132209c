import { BASIC_PLAN_ID, type PaymentPeriod, type Plan } from '@cabinet/contracts';
import { formatPrice } from '@/lib/format';
import { textNow } from '@/lib/i18n';
import { planTexts } from '../texts';
import { SEEDED_PLAN_NAMES } from './seeded-plans';

/** The texts in the page's language at the moment they are built. */
const t = () => textNow(planTexts);

/** Spec section 9: 'Базовый' shows as free with no purchase button; so does any plan priced '0.00'. */
export function isFreePlan(plan: Pick<Plan, 'id' | 'name' | 'price_month' | 'price_year'>): boolean {
  return (
    plan.id === BASIC_PLAN_ID ||
    plan.name === SEEDED_PLAN_NAMES.basic ||
    (Number(plan.price_month) === 0 && Number(plan.price_year) === 0)
  );
}

export type PlanPriceView =
  | { kind: 'free'; label: string }
  | { kind: 'month'; label: string; suffix: string }
  | {
      kind: 'year';
      label: string;
      suffix: string;
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
  const free = { kind: 'free', label: t()('Бесплатно') } as const;
  if (isFreePlan(plan)) return free;
  const month = Number(plan.price_month);
  if (period === 'month') {
    if (month === 0) return free;
    return { kind: 'month', label: formatPrice(month), suffix: t()('/мес') };
  }
  const year = Number(plan.price_year);
  if (year === 0) return free;
  const full = Math.round(month * 12 * 100) / 100;
  const cheaper = full > year;
  return {
    kind: 'year',
    label: formatPrice(year),
    suffix: t()('/год'),
    fullLabel: cheaper ? formatPrice(full) : null,
    savingPercent: cheaper ? Math.round(((full - year) / full) * 100) : 0,
  };
}

/** 'До 5 организаций' / for the free plan, singular wording: '1 организация'. */
export function organizationsLabel(plan: Pick<Plan, 'max_organizations'>): string {
  return t()(
    '{count, plural, one {# организация} few {# организации} many {# организаций} other {# организации}}',
    { count: plan.max_organizations },
  );
}

export function membersLabel(plan: Pick<Plan, 'max_members'>): string {
  return t()(
    '{count, plural, one {# участник} few {# участника} many {# участников} other {# участника}} в организации',
    { count: plan.max_members },
  );
}

/** Spec section 9, upgrade paths: plan 1 → 'Про' (id 2), plan 2 → 'Корп' (id 3). */
export function upgradeFor(planId: number): { targetId: number; label: string } | null {
  // The seeded plans' own names, as people see them on the cards.
  if (planId === 1) return { targetId: 2, label: t()('Улучшить до {plan}', { plan: SEEDED_PLAN_NAMES.pro }) };
  if (planId === 2)
    return { targetId: 3, label: t()('Улучшить до {plan}', { plan: SEEDED_PLAN_NAMES.corp }) };
  return null;
}
