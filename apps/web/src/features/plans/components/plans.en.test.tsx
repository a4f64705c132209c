import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cyrillicWordsIn, inEnglish } from '@/test/english';
import { makePlan } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { endedAgo, graceBannerText } from '../lib/grace-text';
import { membersLabel, organizationsLabel, planPriceView, upgradeFor } from '../lib/plan-pricing';
import { PlanCard } from './plan-card';

inEnglish();

const pro = makePlan({
  id: 2,
  name: 'Pro',
  description: '',
  price_month: '990.00',
  price_year: '9504.00',
  max_members: 25,
  max_organizations: 1,
  sso: true,
});

describe('plans in English (issue 32)', () => {
  it("shows a plan's limits with English plurals", () => {
    renderWithProviders(
      <PlanCard plan={pro} period="year" current currentTerm="until 1/1/2027" onChoose={() => {}} />,
    );
    expect(screen.getByText('1 organization')).toBeTruthy();
    expect(screen.getByText('25 members per organization')).toBeTruthy();
    expect(screen.getByText('Your plan')).toBeTruthy();
    expect(screen.getByText('/yr')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Renew for a year: plan Pro' })).toBeTruthy();
    expect(cyrillicWordsIn(document.body.textContent ?? '')).toEqual([]);
  });

  it('says how long ago a plan ended', () => {
    const now = new Date(2026, 11, 31, 12);
    expect(endedAgo(new Date(2026, 11, 30, 12).toISOString(), now)).toBe('yesterday');
    expect(endedAgo(new Date(2026, 11, 29, 12).toISOString(), now)).toBe('2 days ago');
    expect(endedAgo(new Date(2026, 11, 10, 12).toISOString(), now)).toBe('21 days ago');
    const banner = graceBannerText({ planName: 'Pro', expiresAt: null, graceUntil: now.toISOString() }, now);
    expect(banner).toMatch(/^Your “Pro” plan has ended — renew it by .* to keep its features$/);
  });

  it('prices and upgrades in English; the seeded plans keep their names, as their cards show them', () => {
    expect(planPriceView(makePlan(), 'month')).toEqual({ kind: 'free', label: 'Free' });
    expect(planPriceView(pro, 'month')).toMatchObject({ kind: 'month', suffix: '/mo' });
    expect(planPriceView(pro, 'year')).toMatchObject({ kind: 'year', suffix: '/yr', savingPercent: 20 });
    expect(organizationsLabel(makePlan({ max_organizations: 5 }))).toBe('5 organizations');
    expect(membersLabel(makePlan({ max_members: 1 }))).toBe('1 member per organization');
    expect(upgradeFor(1)).toEqual({ targetId: 2, label: 'Upgrade to Про' });
    expect(upgradeFor(2)).toEqual({ targetId: 3, label: 'Upgrade to Корп' });
    expect(upgradeFor(3)).toBeNull();
  });
});
