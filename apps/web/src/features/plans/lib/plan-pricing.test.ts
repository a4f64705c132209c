import { describe, expect, it } from 'vitest';
import { formatCount, MEMBER_FORMS, ORGANIZATION_FORMS, pluralize } from '@/lib/format';
import { makePlan } from '@/test/fixtures';
import { isFreePlan, membersLabel, organizationsLabel, planPriceView, upgradeFor } from './plan-pricing';

const NBSP = '\u00a0';
const pro = makePlan({
  id: 2,
  name: 'Про',
  price_month: '990.00',
  price_year: '9504.00',
  max_members: 25,
  max_organizations: 5,
});

describe('plurals (ru-RU)', () => {
  it.each([
    [1, 'организация'],
    [2, 'организации'],
    [4, 'организации'],
    [5, 'организаций'],
    [11, 'организаций'],
    [21, 'организация'],
    [22, 'организации'],
    [99, 'организаций'],
  ])('%i → %s', (count, word) => {
    expect(pluralize(count, ORGANIZATION_FORMS)).toBe(word);
  });

  it('writes the count with the word', () => {
    expect(formatCount(1, MEMBER_FORMS)).toBe('1 участник');
    expect(formatCount(3, MEMBER_FORMS)).toBe('3 участника');
    expect(formatCount(25, MEMBER_FORMS)).toBe('25 участников');
  });
});

describe('plan prices (spec section 9)', () => {
  it("shows 'Бесплатно' for 'Базовый' and for a price of 0.00", () => {
    expect(planPriceView(makePlan(), 'month')).toEqual({ kind: 'free', label: 'Бесплатно' });
    expect(planPriceView(makePlan(), 'year')).toEqual({ kind: 'free', label: 'Бесплатно' });
    expect(isFreePlan(makePlan({ id: 7, name: 'Промо', price_month: '0.00', price_year: '0.00' }))).toBe(
      true,
    );
    expect(isFreePlan(pro)).toBe(false);
  });

  it('rounds the monthly price to whole rubles with /мес', () => {
    expect(planPriceView(pro, 'month')).toEqual({ kind: 'month', label: `990 ₽`, suffix: '/мес' });
    expect(planPriceView(makePlan({ id: 3, name: 'Корп', price_month: '2990.50' }), 'month')).toMatchObject({
      label: `2${NBSP}991 ₽`,
    });
  });

  it('shows the full year (month × 12) struck next to the yearly price with /год', () => {
    expect(planPriceView(pro, 'year')).toEqual({
      kind: 'year',
      label: `9${NBSP}504 ₽`,
      suffix: '/год',
      fullLabel: `11${NBSP}880 ₽`,
      savingPercent: 20,
    });
  });

  it('strikes nothing when the year is not cheaper', () => {
    const flat = makePlan({ id: 4, name: 'Ровный', price_month: '100.00', price_year: '1200.00' });
    expect(planPriceView(flat, 'year')).toMatchObject({ fullLabel: null, savingPercent: 0 });
  });

  it('labels the limits with plurals', () => {
    expect(organizationsLabel(makePlan())).toBe('1 организация');
    expect(membersLabel(makePlan())).toBe('5 участников в организации');
    expect(organizationsLabel(pro)).toBe('5 организаций');
    expect(organizationsLabel(makePlan({ max_organizations: 2 }))).toBe('2 организации');
  });

  it('upgrades 1 → Про and 2 → Корп only', () => {
    expect(upgradeFor(1)).toEqual({ targetId: 2, label: 'Улучшить до Про' });
    expect(upgradeFor(2)).toEqual({ targetId: 3, label: 'Улучшить до Корп' });
    expect(upgradeFor(3)).toBeNull();
  });
});
