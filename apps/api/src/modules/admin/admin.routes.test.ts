import { CountResponseSchema, UsersCountResponseSchema } from '@cabinet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app';
import {
  createOrganization,
  createUnverified,
  createUser,
  startAppWithAdminAndUser,
  type TestUser,
} from '../../../test/factories';

let t: TestApp, admin: TestUser, user: TestUser;
beforeAll(async () => {
  ({ t, admin, user } = await startAppWithAdminAndUser());
});
afterAll(async () => t?.close());

const count = async (what: string) => {
  const res = await t.app.inject({ url: `/api/v1/rest/admin/${what}-count`, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return CountResponseSchema.parse(res.json()).data.count;
};

describe('admin counts', () => {
  it('count users, organizations and plans, and follow changes', async () => {
    expect(await count('users')).toBe(await t.prisma.user.count());
    expect(await count('organizations')).toBe(await t.prisma.organization.count());
    expect(await count('subscribes')).toBe(3);

    const users = await count('users');
    const organizations = await count('organizations');
    const owner = await createUser(t);
    await createOrganization(t, owner);
    await createOrganization(t, owner);
    await t.prisma.plan.create({
      data: { name: 'Счётный', priceMonth: '1', priceYear: '10', maxMembers: 2, maxOrganizations: 1 },
    });
    expect(await count('users')).toBe(users + 1);
    expect(await count('organizations')).toBe(organizations + 2);
    expect(await count('subscribes')).toBe(4);
  });

  it('users-count also says how many accounts have not confirmed their e-mail', async () => {
    const read = async () => {
      const res = await t.app.inject({ url: '/api/v1/rest/admin/users-count', headers: admin.headers });
      expect(res.statusCode, res.body).toBe(200);
      return UsersCountResponseSchema.parse(res.json()).data;
    };
    const before = await read();
    expect(before).toEqual({
      count: await t.prisma.user.count(),
      unverified: await t.prisma.user.count({ where: { emailVerifiedAt: null } }),
    });
    await createUnverified(t);
    await createUser(t);
    expect(await read()).toEqual({ count: before.count + 2, unverified: before.unverified + 1 });
  });

  it.each(['users', 'organizations', 'subscribes'])(
    '%s-count: 401 anonymous, 403 for a user, 400 for a query',
    async (what) => {
      const url = `/api/v1/rest/admin/${what}-count`;
      const anonymous = await t.app.inject({ url });
      expect(anonymous.statusCode).toBe(401);
      const forbidden = await t.app.inject({ url, headers: user.headers });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ success: false, message: 'Доступно только администраторам' });
      expect((await t.app.inject({ url: `${url}?x=1`, headers: admin.headers })).statusCode).toBe(400);
    },
  );
});
