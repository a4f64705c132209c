import {
  PlanEditFormSchema,
  PlanFormSchema,
  PlanListResponseSchema,
  PlanSchema,
  truncatePriceInput,
} from '@cabinet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app';
import { createUser, startAppWithAdminAndUser, type TestUser } from '../../../test/factories';
import { paidOrders, usersGenitive } from './plans.deletion';

let t: TestApp, admin: TestUser, user: TestUser;
beforeAll(async () => {
  ({ t, admin, user } = await startAppWithAdminAndUser());
});
afterAll(async () => t?.close());

const BASE = '/api/v1/rest/subscribes';
let seq = 0;
const validBody = (over: Record<string, unknown> = {}) => ({
  name: `Тариф ${++seq}`,
  description: 'Для команд',
  price_month: 100,
  price_year: '1000.50',
  max_members: 10,
  max_organizations: 3,
  support_type_id: 1,
  ...over,
});

async function createPlan(over: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: BASE,
    headers: admin.headers,
    payload: validBody(over),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; name: string };
}

describe('GET /api/v1/rest/subscribes', () => {
  it('lists the seeded plans in the list envelope, id ascending, prices with 2 decimals', async () => {
    const res = await t.app.inject({ url: `${BASE}?perPage=3`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    const body = PlanListResponseSchema.parse(res.json());
    expect(body.data.map((p) => p.name)).toEqual(['Базовый', 'Про', 'Корп']);
    expect(body.data[0]).toMatchObject({
      price_month: '0.00',
      price_year: '0.00',
      max_organizations: 1,
      max_members: 5,
    });
    expect(body.data[1]).toMatchObject({ price_month: '990.00', price_year: '9504.00', support_type_id: 1 });
    expect(body.meta).toMatchObject({ page: 1, perPage: 3 });
    expect(body.meta.total).toBeGreaterThanOrEqual(3);
  });

  it('401 without a session', async () => {
    expect((await t.app.inject({ url: BASE })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `${BASE}/1` })).statusCode).toBe(401);
  });

  it('sorts by any field both ways, id breaking ties', async () => {
    const desc = await t.app.inject({
      url: `${BASE}?sort_by=price_month&order=desc&perPage=100`,
      headers: user.headers,
    });
    const prices = desc.json().data.map((p: { price_month: string }) => Number(p.price_month));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    for (const field of [
      'name',
      'description',
      'price_year',
      'max_organizations',
      'max_members',
      'support_type_id',
      'created_at',
      'updated_at',
    ]) {
      const res = await t.app.inject({ url: `${BASE}?sort_by=${field}&order=asc`, headers: user.headers });
      expect(res.statusCode, field).toBe(200);
    }
  });

  it('filters by substring, ranges and exact values', async () => {
    const plan = await createPlan({
      name: 'Фильтр Уникальный',
      price_month: '555.55',
      max_members: 42,
      description: 'особое описание',
    });
    const byName = await t.app.inject({
      url: `${BASE}?name=${encodeURIComponent('фильтр уник')}`,
      headers: user.headers,
    });
    expect(byName.json().data.map((p: { id: number }) => p.id)).toEqual([plan.id]);
    const byDescription = await t.app.inject({
      url: `${BASE}?description=${encodeURIComponent('ОСОБОЕ')}`,
      headers: user.headers,
    });
    expect(byDescription.json().data.map((p: { id: number }) => p.id)).toEqual([plan.id]);
    const byRange = await t.app.inject({
      url: `${BASE}?price_month_min=555.55&price_month_max=555.55&max_members_min=42&max_members_max=42`,
      headers: user.headers,
    });
    expect(byRange.json().data.map((p: { id: number }) => p.id)).toEqual([plan.id]);
    const byId = await t.app.inject({ url: `${BASE}?id=2&support_type_id=1`, headers: user.headers });
    expect(byId.json().data.map((p: { id: number }) => p.id)).toEqual([2]);
    const byDate = await t.app.inject({
      url: `${BASE}?created_at_from=2000-01-01&updated_at_to=2999-12-31T00:00:00Z`,
      headers: user.headers,
    });
    expect(byDate.json().meta.total).toBeGreaterThanOrEqual(4);
    const none = await t.app.inject({ url: `${BASE}?price_year_min=99999999`, headers: user.headers });
    expect(none.json()).toMatchObject({ data: [], meta: { total: 0, pages: 0 } });
  });

  it('pages without overlap', async () => {
    const first = await t.app.inject({ url: `${BASE}?perPage=2&page=1`, headers: user.headers });
    const second = await t.app.inject({ url: `${BASE}?perPage=2&page=2`, headers: user.headers });
    const ids = [...first.json().data, ...second.json().data].map((p: { id: number }) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(first.json().meta.pages).toBe(Math.ceil(first.json().meta.total / 2));
  });

  it.each([
    'page=0',
    'page=-1',
    'page=abc',
    'perPage=101',
    'perPage=1.5',
    'order=up',
    'sort_by=password',
    'unknown=1',
    'price_month_min=abc',
    'price_month_min=1.234',
    'max_members_min=-1',
    'created_at_from=yesterday',
    `name=${'x'.repeat(10_000)}`,
    'name=%00',
    'name=a&name=b',
  ])('400 for bad query %s', async (query) => {
    const res = await t.app.inject({ url: `${BASE}?${query}`, headers: user.headers });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(res.json().message).toMatch(/[а-яё]/i);
  });
});

describe('GET /api/v1/rest/subscribes/{id}', () => {
  it('answers the plan', async () => {
    const res = await t.app.inject({ url: `${BASE}/2`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(PlanSchema.parse(res.json().data)).toMatchObject({ id: 2, name: 'Про' });
  });

  it('404 for an unknown plan, 400 for bad ids', async () => {
    const missing = await t.app.inject({ url: `${BASE}/999999`, headers: user.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Тариф не найден');
    for (const id of ['abc', '-1', '1.5', '0', '2147483648']) {
      expect((await t.app.inject({ url: `${BASE}/${id}`, headers: user.headers })).statusCode, id).toBe(400);
    }
  });
});

describe('POST /api/v1/rest/subscribes', () => {
  it('creates a plan (admins) and normalises prices', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: admin.headers,
      payload: validBody({ name: '  Старт  ', price_month: 99.5, price_year: '0' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Тарифный план успешно создан',
      data: {
        name: 'Старт',
        price_month: '99.50',
        price_year: '0.00',
        max_members: 10,
        max_organizations: 3,
        support_type_id: 1,
      },
    });
    expect(PlanSchema.parse(res.json().data).id).toBeGreaterThan(3);
  });

  it('accepts the highest price and support_type_id left out', async () => {
    const { support_type_id: _, ...body } = validBody({
      price_month: '99999999.99',
      price_year: 99999999.99,
    });
    const res = await t.app.inject({ method: 'POST', url: BASE, headers: admin.headers, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      price_month: '99999999.99',
      price_year: '99999999.99',
      support_type_id: 1,
    });
  });

  it('401 anonymous, 403 for a user, nothing created', async () => {
    const before = await t.prisma.plan.count();
    expect((await t.app.inject({ method: 'POST', url: BASE, payload: validBody() })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: user.headers,
      payload: validBody(),
    });
    expect(res.statusCode).toBe(403);
    expect(await t.prisma.plan.count()).toBe(before);
  });

  it('409 for a taken name, whatever its case', async () => {
    for (const name of ['Про', 'про', ' ПРО ']) {
      const res = await t.app.inject({
        method: 'POST',
        url: BASE,
        headers: admin.headers,
        payload: validBody({ name }),
      });
      expect(res.statusCode, name).toBe(409);
      expect(res.json().message).toBe('Тариф с таким названием уже существует');
      expect(res.json().errors).toEqual({ name: ['Тариф с таким названием уже существует'] });
    }
  });

  it('only one of concurrent creations with the same name wins', async () => {
    const name = `Гонка ${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({ method: 'POST', url: BASE, headers: admin.headers, payload: validBody({ name }) }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
  });

  it.each<[string, Record<string, unknown>, string | RegExp]>([
    ['price 1.234', { price_month: '1.234' }, /2 знаками/],
    ['price -1', { price_month: -1 }, /не меньше 0/],
    ['price "-1"', { price_year: '-1' }, /не меньше 0/],
    ['price abc', { price_month: 'abc' }, /2 знаками/],
    ['price 1e20', { price_month: 1e20 }, 'Не более 99 999 999,99 ₽'],
    ['price 100000000', { price_year: '100000000' }, 'Не более 99 999 999,99 ₽'],
    ['price 0.1+0.2', { price_month: 0.1 + 0.2 }, /2 знаками/],
    ['price true', { price_month: true }, /./],
    ['price null', { price_month: null }, /./],
    ['members 0', { max_members: 0 }, 'Не менее 1'],
    ['members 100', { max_members: 100 }, 'Не более 99 пользователей'],
    ['members 1.5', { max_members: 1.5 }, /целое/],
    ['organizations 100', { max_organizations: 100 }, 'Не более 99 организаций'],
    ['organizations "abc"', { max_organizations: 'abc' }, /целое/],
    ['description 513', { description: 'я'.repeat(513) }, 'Не более 512 символов'],
    ['description empty', { description: '' }, 'Обязательное поле'],
    ['description missing', { description: undefined }, 'Обязательное поле'],
    ['name short', { name: 'А' }, 'Название должно содержать минимум 2 символа'],
    ['name long', { name: 'Я'.repeat(41) }, 'Название не должно превышать 40 символов'],
    ['name 5000', { name: 'Я'.repeat(5_000) }, 'Название не должно превышать 40 символов'],
    ['name NUL', { name: 'Про\u0000плюс' }, 'Недопустимые символы'],
    ['support type 2', { support_type_id: 2 }, 'Тип поддержки: допустимо только значение 1'],
    ['unknown field', { extra: 1 }, /extra/],
  ])('400 for %s', async (_case, over, message) => {
    const before = await t.prisma.plan.count();
    const res = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: admin.headers,
      payload: validBody(over),
    });
    expect(res.statusCode, res.body).toBe(400);
    const messages = [res.json().message, ...Object.values(res.json().errors ?? {}).flat()].join(' | ');
    if (typeof message === 'string') expect(messages).toContain(message);
    else expect(messages).toMatch(message);
    expect(await t.prisma.plan.count()).toBe(before);
  });

  it('400 for a body that is not an object', async () => {
    for (const payload of ['[]', '"x"', '{bad json']) {
      const res = await t.app.inject({
        method: 'POST',
        url: BASE,
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
  });
});

describe('PUT /api/v1/rest/subscribes/{id}', () => {
  it('edits a plan; the description may be left out', async () => {
    const plan = await createPlan({ description: 'Старое описание' });
    const { description: _, ...body } = validBody({
      name: `${plan.name} новый`,
      price_month: '1',
      max_members: 99,
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${plan.id}`,
      headers: admin.headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Тарифный план успешно отредактирован',
      data: {
        id: plan.id,
        name: `${plan.name} новый`,
        description: 'Старое описание',
        price_month: '1.00',
        max_members: 99,
      },
    });
    const again = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${plan.id}`,
      headers: admin.headers,
      payload: { ...body, description: '' },
    });
    expect(again.json().data.description).toBe('');
  });

  it('keeps its own name, refuses another plan’s name', async () => {
    const plan = await createPlan();
    const same = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${plan.id}`,
      headers: admin.headers,
      payload: validBody({ name: plan.name }),
    });
    expect(same.statusCode).toBe(200);
    const taken = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${plan.id}`,
      headers: admin.headers,
      payload: validBody({ name: 'Корп' }),
    });
    expect(taken.statusCode).toBe(409);
  });

  it('keeps Базовый free', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/1`,
      headers: admin.headers,
      payload: validBody({
        name: 'Базовый',
        price_month: 10,
        price_year: 0,
        max_members: 5,
        max_organizations: 1,
      }),
    });
    expect(res.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/1`,
      headers: admin.headers,
      payload: validBody({
        name: 'Базовый',
        price_month: 0,
        price_year: '0.00',
        max_members: 5,
        max_organizations: 1,
      }),
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('401, 403, 404, 400', async () => {
    expect((await t.app.inject({ method: 'PUT', url: `${BASE}/2`, payload: validBody() })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ method: 'PUT', url: `${BASE}/2`, headers: user.headers, payload: validBody() }))
        .statusCode,
    ).toBe(403);
    const missing = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/999999`,
      headers: admin.headers,
      payload: validBody(),
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `${BASE}/abc`,
          headers: admin.headers,
          payload: validBody(),
        })
      ).statusCode,
    ).toBe(400);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/2`,
      headers: admin.headers,
      payload: validBody({ max_organizations: 100 }),
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.prisma.plan.findUniqueOrThrow({ where: { id: 2 } })).maxOrganizations).toBe(5);
  });
});

describe('DELETE /api/v1/rest/subscribes/{id}', () => {
  it('deletes a plan nobody holds', async () => {
    const plan = await createPlan();
    const res = await t.app.inject({ method: 'DELETE', url: `${BASE}/${plan.id}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Тариф удалён', data: null });
    expect(await t.prisma.plan.findUnique({ where: { id: plan.id } })).toBeNull();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${BASE}/${plan.id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses while users hold the plan, with a correct plural', async () => {
    const plan = await createPlan();
    const future = new Date(Date.now() + 86_400_000);
    await createUser(t, { planId: plan.id, planExpiresAt: future });
    const one = await t.app.inject({ method: 'DELETE', url: `${BASE}/${plan.id}`, headers: admin.headers });
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toBe('Тариф нельзя удалить: он подключён у 1 пользователя');
    await createUser(t, { planId: plan.id, planExpiresAt: null });
    const two = await t.app.inject({ method: 'DELETE', url: `${BASE}/${plan.id}`, headers: admin.headers });
    expect(two.json().message).toBe('Тариф нельзя удалить: он подключён у 2 пользователей');
    expect(await t.prisma.plan.findUnique({ where: { id: plan.id } })).not.toBeNull();
  });

  it('moves users whose term lapsed to Базовый and deletes', async () => {
    const plan = await createPlan();
    const lapsed = await createUser(t, { planId: plan.id, planExpiresAt: new Date(Date.now() - 1000) });
    const res = await t.app.inject({ method: 'DELETE', url: `${BASE}/${plan.id}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.prisma.user.findUniqueOrThrow({ where: { id: lapsed.id } })).toMatchObject({
      planId: 1,
      planExpiresAt: null,
    });
  });

  it('refuses when paid orders or a fresh checkout reference it; old abandoned checkouts go with it', async () => {
    const paidPlan = await createPlan();
    await t.prisma.paymentOrder.create({
      data: {
        label: `paid-${paidPlan.id}`,
        userId: user.id,
        planId: paidPlan.id,
        period: 'month',
        method: 'mir',
        amount: '100',
        status: 'paid',
      },
    });
    const paid = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/${paidPlan.id}`,
      headers: admin.headers,
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toContain('1 оплаченный заказ');

    const pendingPlan = await createPlan();
    await t.prisma.paymentOrder.create({
      data: {
        label: `fresh-${pendingPlan.id}`,
        userId: user.id,
        planId: pendingPlan.id,
        period: 'month',
        method: 'mir',
        amount: '100',
      },
    });
    const fresh = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/${pendingPlan.id}`,
      headers: admin.headers,
    });
    expect(fresh.statusCode).toBe(409);
    await t.prisma.paymentOrder.updateMany({
      where: { planId: pendingPlan.id },
      data: { createdAt: new Date(Date.now() - 2 * 86_400_000) },
    });
    const old = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/${pendingPlan.id}`,
      headers: admin.headers,
    });
    expect(old.statusCode, old.body).toBe(200);
    expect(await t.prisma.paymentOrder.count({ where: { planId: pendingPlan.id } })).toBe(0);
  });

  it('never deletes Базовый', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `${BASE}/1`, headers: admin.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Базовый/);
  });

  it('401, 403, 400', async () => {
    const plan = await createPlan();
    expect((await t.app.inject({ method: 'DELETE', url: `${BASE}/${plan.id}` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${BASE}/${plan.id}`, headers: user.headers })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${BASE}/-1`, headers: admin.headers })).statusCode,
    ).toBe(400);
    expect(await t.prisma.plan.findUnique({ where: { id: plan.id } })).not.toBeNull();
  });
});

describe('GET /api/v1/rest/subscribes/{id}/deletion', () => {
  const deletion = async (id: number | string, headers = admin.headers) =>
    t.app.inject({ url: `${BASE}/${id}/deletion`, headers });

  it('says a plan nobody holds can go, and the reason DELETE would give otherwise, with the holders', async () => {
    const plan = await createPlan();
    const free = await deletion(plan.id);
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json().data).toEqual({ deletable: true, reason: null, holders: 0 });

    for (let i = 0; i < 3; i++) await createUser(t, { planId: plan.id, planExpiresAt: null });
    const held = (await deletion(plan.id)).json().data;
    expect(held).toEqual({
      deletable: false,
      reason: 'Тариф нельзя удалить: он подключён у 3 пользователей',
      holders: 3,
    });
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/${plan.id}`,
      headers: admin.headers,
    });
    expect(refused.json().message).toBe(held.reason);

    const basic = (await deletion(1)).json().data;
    expect(basic.deletable).toBe(false);
    expect(basic.reason).toMatch(/^Тариф «Базовый» нельзя удалить/);
  });

  it('answers paid orders without holders; changes nothing', async () => {
    const plan = await createPlan();
    await t.prisma.paymentOrder.create({
      data: {
        label: `deletion-paid-${plan.id}`,
        userId: user.id,
        planId: plan.id,
        period: 'month',
        method: 'mir',
        amount: '100',
        status: 'paid',
      },
    });
    expect((await deletion(plan.id)).json().data).toMatchObject({ deletable: false, holders: 0 });
    expect(await t.prisma.plan.findUnique({ where: { id: plan.id } })).not.toBeNull();
  });

  it('401, 403, 404, 400', async () => {
    const plan = await createPlan();
    expect((await t.app.inject({ url: `${BASE}/${plan.id}/deletion` })).statusCode).toBe(401);
    expect((await deletion(plan.id, user.headers)).statusCode).toBe(403);
    expect((await deletion(999_999)).statusCode).toBe(404);
    expect((await deletion('abc')).statusCode).toBe(400);
  });
});

describe('Russian plurals', () => {
  it.each([
    [1, '1 пользователя'],
    [2, '2 пользователей'],
    [5, '5 пользователей'],
    [11, '11 пользователей'],
    [21, '21 пользователя'],
  ])('%i', (n, text) => expect(usersGenitive(n)).toBe(text));
  it('orders', () => {
    expect([1, 3, 5, 22].map(paidOrders)).toEqual([
      '1 оплаченный заказ',
      '3 оплаченных заказа',
      '5 оплаченных заказов',
      '22 оплаченных заказа',
    ]);
  });
});

describe('the web tariff form (contracts)', () => {
  const form = {
    name: 'Про',
    priceMonth: '990',
    priceYear: '9504.5',
    maxOrganizations: '5',
    maxMembers: '25',
    description: 'x',
    supportTypeId: 1 as const,
  };
  const errorsOf = (values: unknown, schema = PlanFormSchema) => {
    const result = schema.safeParse(values);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('accepts a valid form', () => expect(errorsOf(form)).toEqual([]));
  it('uses the spec messages', () => {
    expect(errorsOf({ ...form, name: '' })).toContain('Обязательное поле');
    expect(errorsOf({ ...form, name: 'А' })).toContain('Название должно содержать минимум 2 символа');
    expect(errorsOf({ ...form, name: 'Я'.repeat(41) })).toContain('Название не должно превышать 40 символов');
    expect(errorsOf({ ...form, maxOrganizations: '100' })).toContain('Не более 99 организаций');
    expect(errorsOf({ ...form, maxMembers: '100' })).toContain('Не более 99 пользователей');
    expect(errorsOf({ ...form, description: 'я'.repeat(513) })).toContain('Не более 512 символов');
    expect(errorsOf({ ...form, description: '' })).toContain('Обязательное поле');
    expect(errorsOf({ ...form, description: '' }, PlanEditFormSchema)).toEqual([]);
    expect(errorsOf({ ...form, priceMonth: '' })).toContain('Обязательное поле');
    expect(errorsOf({ ...form, priceMonth: '1.234' }).length).toBeGreaterThan(0);
  });
  it('truncates price text to 2 decimals while typing', () => {
    expect(truncatePriceInput('12,345')).toBe('12.34');
    expect(truncatePriceInput('12.3.4')).toBe('12.34');
    expect(truncatePriceInput('abc')).toBe('');
    expect(truncatePriceInput('1 000')).toBe('1000');
    expect(truncatePriceInput('123456789')).toBe('12345678');
    expect(truncatePriceInput('5.')).toBe('5.');
  });
});
