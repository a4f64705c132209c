import { PlanListResponseSchema, ProfileResponseSchema } from '@cabinet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app';
import { createUser, startAppWithAdminAndUser, type TestUser } from '../../../test/factories';

// The plan field `sso`, 'Единый вход (SSO) и SCIM' (issue 30; decision 0270): seeded on 'Корп', set by the
// admin plan form, kept by an update that leaves it out, and in every answer that carries a plan.

let t: TestApp, admin: TestUser, user: TestUser;
beforeAll(async () => {
  ({ t, admin, user } = await startAppWithAdminAndUser());
});
afterAll(async () => t?.close());

const BASE = '/api/v1/rest/subscribes';
let seq = 0;
const body = (over: Record<string, unknown> = {}) => ({
  name: `Тариф SSO ${++seq}`,
  description: 'Для компаний',
  price_month: 100,
  price_year: 1000,
  max_members: 10,
  max_organizations: 3,
  ...over,
});

const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: admin.headers, payload });

describe('the plan field sso', () => {
  it("is seeded on 'Корп' only, and the list and profile/me carry it", async () => {
    const list = PlanListResponseSchema.parse(
      (await t.app.inject({ url: `${BASE}?perPage=3`, headers: user.headers })).json(),
    );
    expect(list.data.map((p) => [p.name, p.sso])).toEqual([
      ['Базовый', false],
      ['Про', false],
      ['Корп', true],
    ]);
    const corporate = await createUser(t, { planId: 3 });
    const me = ProfileResponseSchema.parse(
      (await t.app.inject({ url: '/api/v1/rest/profile/me', headers: corporate.headers })).json(),
    );
    expect(me.data.subscribe).toMatchObject({ name: 'Корп', sso: true });
  });

  it('is false on a plan created without it, and set by one created with it', async () => {
    const plain = await send('POST', BASE, body());
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().data.sso).toBe(false);
    const withSso = await send('POST', BASE, body({ sso: true }));
    expect(withSso.json().data.sso).toBe(true);
    const read = await t.app.inject({ url: `${BASE}/${withSso.json().data.id}`, headers: user.headers });
    expect(read.json().data.sso).toBe(true);
  });

  it('is kept by an update that leaves it out, changed by one that sets it, and logged', async () => {
    const created = (await send('POST', BASE, body({ sso: true }))).json().data;
    const { id, created_at: _c, updated_at: _u, sso: _s, ...fields } = created;
    const kept = await send('PUT', `${BASE}/${id}`, { ...fields, max_members: 20 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ max_members: 20, sso: true });
    const off = await send('PUT', `${BASE}/${id}`, { ...fields, max_members: 20, sso: false });
    expect(off.json().data.sso).toBe(false);
    const [event] = await t.prisma.auditEvent.findMany({
      where: { action: 'plan.updated', targetId: id },
      orderBy: { id: 'desc' },
      take: 1,
    });
    expect(event?.details).toEqual({ sso: { from: true, to: false } });
  });

  it.each([
    ['a string', 'true'],
    ['a number', 1],
    ['null', null],
  ])('400 for %s, nothing created', async (_case, sso) => {
    const before = await t.prisma.plan.count();
    const res = await send('POST', BASE, body({ sso }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.sso).toEqual(['sso: ожидается true или false']);
    expect(await t.prisma.plan.count()).toBe(before);
  });

  it('403 for a user who sets it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: user.headers,
      payload: body({ sso: true }),
    });
    expect(res.statusCode).toBe(403);
  });
});
