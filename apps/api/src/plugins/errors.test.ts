import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createAdmin, createOrganization, createUser, type TestUser } from '../../test/factories';

// The one error envelope, seen from the routes: exact Russian messages, and no bad input escaping as a
// framework answer or a 500.

let t: TestApp;
let user: TestUser;
let admin: TestUser;
let orgId: number;
beforeAll(async () => {
  t = await buildTestApp();
  user = await createUser(t);
  admin = await createAdmin(t);
  orgId = (await createOrganization(t, user)).id;
});
afterAll(async () => {
  await t?.close();
});

const LEAK = /FST_|fastify|zod|prisma|stack|SELECT|Bad Request|not a valid/i;

function expectBadRequest(res: { statusCode: number; body: string; json(): unknown }, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ success: false, data: null, code: 'VALIDATION', message });
  expect(res.body).not.toMatch(LEAK);
}

describe('validation messages', () => {
  it("are the spec's texts exactly, the field being named in errors", async () => {
    const org = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/rest/organizations/${orgId}`,
      headers: user.headers,
      payload: { name: 'О', type: 1 },
    });
    expectBadRequest(org, 'Название должно содержать минимум 2 символа');
    expect(org.json().errors).toEqual({ name: ['Название должно содержать минимум 2 символа'] });

    const email = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/rest/profile/update/${user.id}`,
      headers: user.headers,
      payload: { email: 'not-an-address' },
    });
    expectBadRequest(email, 'Неверный формат email');

    const name = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/rest/profile/update/${user.id}`,
      headers: user.headers,
      payload: { name: 'x'.repeat(41) },
    });
    expectBadRequest(name, 'Имя не должно превышать 40 символов');

    const plan = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rest/subscribes',
      headers: admin.headers,
      payload: {
        name: 'Тест',
        description: 'Описание',
        price_month: '1.00',
        price_year: '10.00',
        max_members: 5,
        max_organizations: 100,
        support_type_id: 1,
      },
    });
    expectBadRequest(plan, 'Не более 99 организаций');
  });

  it("a missing field is 'Обязательное поле', whatever its type", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/rest/organizations/add-member/${orgId}`,
      headers: user.headers,
      payload: { type: 2 },
    });
    expectBadRequest(res, 'Обязательное поле');
    expect(res.json().errors).toEqual({ user_id: ['Обязательное поле'] });

    const start = await t.app.inject({
      method: 'POST',
      url: `/api/v1/desktop/organizations/${orgId}/collaborators/start-adding`,
      headers: user.headers,
      payload: {},
    });
    expectBadRequest(start, 'Обязательное поле');
    expect(start.json().errors).toEqual({ emails: ['Обязательное поле'] });
  });

  it('an unknown field is named in the message', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/rest/organizations/${orgId}`,
      headers: user.headers,
      payload: { name: 'Команда', type: 1, owner_id: admin.id },
    });
    expectBadRequest(res, 'Неизвестное поле: owner_id');
    expect(res.json().errors).toEqual({ owner_id: ['Неизвестное поле'] });
  });
});

describe('query strings', () => {
  it.each([
    ['GET', '/api/v1/rest/profile/me?admin=1'],
    ['GET', '/api/v1/rest/subscribes/2?expand=all'],
    ['GET', `/api/v1/rest/organizations/ORG?page=1`],
    ['PUT', `/api/v1/rest/organizations/ORG?name=x`],
  ])('%s %s: a call without a query refuses one (400)', async (method, url) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url: url.replace('ORG', String(orgId)),
      headers: user.headers,
      ...(method === 'PUT' ? { payload: { name: 'Команда', type: 1 } } : {}),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/^Неизвестное поле: /);
  });

  it('downloads still take any query (an <img src> may bust its cache)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/files/download/999999?v=2' });
    expect(res.statusCode).toBe(404);
  });
});

describe('addresses the router refuses', () => {
  it.each([
    [
      'a 10,000-character id',
      () => `/api/v1/rest/organizations/${'1'.repeat(10_000)}`,
      'Слишком длинный параметр в адресе',
    ],
    [
      'a 10,000-character search',
      () => `/api/v1/desktop/organizations/${orgId}/collaborators/search/${'x'.repeat(10_000)}`,
      'Слишком длинный параметр в адресе',
    ],
    ['a broken %-escape', () => '/api/v1/rest/organizations/%zz', 'Некорректный адрес запроса'],
    [
      'a lone %',
      () => `/api/v1/desktop/organizations/${orgId}/collaborators/search/%`,
      'Некорректный адрес запроса',
    ],
  ])('%s: 400 in the envelope with a Russian message', async (_case, url, message) => {
    const res = await t.app.inject({ method: 'GET', url: url(), headers: user.headers });
    expectBadRequest(res, message);
  });
});
