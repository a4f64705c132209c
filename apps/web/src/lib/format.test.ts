import { describe, expect, it } from 'vitest';
import { formatPlanStatus, formatUsage, MEMBERS_OF, ORGANIZATIONS_OF, USERS_OF } from './format';

describe("formatUsage (issue 16): the issue's words, the noun in the genitive, agreeing with the limit (issue 34)", () => {
  it.each([
    [1, 1, ORGANIZATIONS_OF, '1 из 1 организации'],
    [0, 1, ORGANIZATIONS_OF, '0 из 1 организации'],
    [3, 21, MEMBERS_OF, '3 из 21 участника'],
    [0, 3, ORGANIZATIONS_OF, '0 из 3 организаций'],
    [2, 5, ORGANIZATIONS_OF, '2 из 5 организаций'],
    [4, 5, MEMBERS_OF, '4 из 5 участников'],
    [11, 11, MEMBERS_OF, '11 из 11 участников'],
    [2, 2, MEMBERS_OF, '2 из 2 участников'],
    // The revenue dashboard's share of paying users.
    [0, 1, USERS_OF, '0 из 1 пользователя'],
    [1, 31, USERS_OF, '1 из 31 пользователя'],
    [3, 12, USERS_OF, '3 из 12 пользователей'],
  ])('%i of %i', (used, limit, forms, text) => expect(formatUsage(used, limit, forms)).toBe(text));
});

describe('formatPlanStatus', () => {
  it('names the plan and its end, or the plan alone', () => {
    expect(formatPlanStatus('Про', '2026-12-24T10:00:00.000Z')).toBe('Тариф «Про» до 24.12.2026');
    expect(formatPlanStatus('Корп', null)).toBe('Тариф «Корп»');
  });
});
