import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatDaysAgo,
  formatMoney,
  formatMoneyExact,
  formatNumber,
  formatPlanStatus,
  formatPrice,
  formatUsage,
  MEMBER_FORMS,
  MEMBERS_OF,
  ORGANIZATION_FORMS,
  pluralize,
  USERS_OF,
} from './format';
import { setLocale } from './i18n/locale';
import { ASSIGNABLE_ROLES, memberTypeLabel } from './member-types';
import { quoted } from './quoted';

const NBSP = '\u00a0';

describe('formats follow the cabinet language (issue 32, decision 0306)', () => {
  it('Russian reads as the spec writes it', () => {
    expect(formatPrice('2991.00')).toBe(`2${NBSP}991 ₽`);
    expect(formatMoney('9504')).toBe(`9${NBSP}504,00 ₽`);
    expect(formatPrice(0)).toBe('Бесплатно');
    expect(formatDaysAgo(2)).toBe('2 дня назад');
    expect(formatDaysAgo(21)).toBe('21 день назад');
    expect(formatCount(21, ORGANIZATION_FORMS)).toBe('21 организация');
    expect(pluralize(5, MEMBER_FORMS)).toBe('участников');
    expect(formatNumber(12345)).toBe(`12${NBSP}345`);
  });

  it('English: numbers, roubles, dates, plurals and quotes in English', async () => {
    await setLocale('en');
    expect(formatNumber(12345)).toBe('12,345');
    expect(formatPrice('2991.00')).toBe('₽2,991');
    expect(formatMoney('9504')).toBe('₽9,504.00');
    expect(formatPrice('0.00')).toBe('Free');
    expect(formatMoneyExact('0')).toBe('Free');
    expect(formatDate('2026-01-31T10:00:00.000Z')).toBe('Jan 31, 2026');
    expect(formatDateTime('2026-01-31T10:05:00.000Z')).toMatch(/^Jan 31, 2026, \d{1,2}:05\s[AP]M$/);
    expect(formatDaysAgo(1)).toBe('1 day ago');
    expect(formatCount(1, MEMBER_FORMS)).toBe('1 member');
    expect(formatCount(2, MEMBER_FORMS)).toBe('2 members');
    expect(formatCount(21, ORGANIZATION_FORMS)).toBe('21 organizations');
    expect(pluralize(1, ORGANIZATION_FORMS)).toBe('organization');
    expect(formatUsage(4, 5, MEMBERS_OF)).toBe('4 of 5 members');
    expect(formatUsage(0, 1, USERS_OF)).toBe('0 of 1 user');
    expect(formatPlanStatus('Pro', '2026-12-24T10:00:00.000Z')).toBe('Plan “Pro” until Dec 24, 2026');
    expect(quoted('Studio')).toBe('“Studio”');
    expect(memberTypeLabel(1)).toBe('Owner');
    expect(ASSIGNABLE_ROLES.map((role) => role.label)).toEqual(['Member', 'Admin']);
  });

  it('switching back gives Russian again: formatters are per language', async () => {
    await setLocale('en');
    expect(formatDate('2026-01-31T10:00:00.000Z')).toBe('Jan 31, 2026');
    await setLocale('ru');
    expect(formatDate('2026-01-31T10:00:00.000Z')).toBe('31.01.2026');
    expect(ASSIGNABLE_ROLES.map((role) => role.label)).toEqual(['Участник', 'Администратор']);
  });
});
