import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createOrganization, createUser } from '../../../test/factories';

// Issue 27 item 8 (decision 0193): names (people, organizations, plans) refuse every control character, line
// breaks included: 400 with a Russian message, nothing changes.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const BAD = [
  'Отдел\nпродаж',
  'Отдел\r\nпродаж',
  'Отдел\tпродаж',
  'Отдел продаж\n',
  'Отдел\u2028продаж',
  'Отдел\u0085',
];

describe('names with line breaks or control characters', () => {
  it('an organization name: 400, the name stays', async () => {
    const owner = await createUser(t);
    const org = await createOrganization(t, owner, { name: 'Отдел' });
    for (const name of BAD) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/rest/organizations/${org.id}`,
        headers: owner.headers,
        payload: { name, type: 2 },
      });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().message).toBe('Название не должно содержать переносов строк и управляющих символов');
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/rest/organizations',
        headers: owner.headers,
        payload: { name, type: 2 },
      });
      expect(created.statusCode).toBe(400);
    }
    expect((await t.prisma.organization.findUniqueOrThrow({ where: { id: org.id } })).name).toBe('Отдел');
    expect(await t.prisma.organization.count({ where: { ownerId: owner.id } })).toBe(1);
  });

  it("a person's name: 400, the name stays", async () => {
    const user = await createUser(t, { name: 'Анна' });
    for (const name of BAD) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/rest/profile/update/${user.id}`,
        headers: user.headers,
        payload: { name },
      });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().message).toBe('Имя не должно содержать переносов строк и управляющих символов');
    }
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).name).toBe('Анна');
  });

  it("a plan's name: 400, nothing made", async () => {
    const admin = await createAdmin(t);
    const before = await t.prisma.plan.count();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rest/subscribes',
      headers: admin.headers,
      payload: {
        name: 'Про\nплюс',
        price_month: '990',
        price_year: '9900',
        max_members: 10,
        max_organizations: 5,
        description: 'Для команд',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Название не должно содержать переносов строк и управляющих символов');
    expect(await t.prisma.plan.count()).toBe(before);
  });
});
