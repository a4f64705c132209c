import { listEndpoints } from '@cabinet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createAdmin, createUser, type TestUser } from '../../test/factories';

// Issue 32: the web passes its page's `?lang=` on to every call (apps/web/src/lib/api-client.ts), so every
// route of the API takes it, whatever its own query string is: no call ever answers 'Неизвестное поле: lang'.
// Zod's own messages (a wrong type) follow `?lang` too (decision 0300).

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

/** A path of the table with its parameters filled: an id nobody has. */
const filled = (path: string) => path.replace(/\{\w+\}/g, '2147483647');

interface Answer {
  message?: string;
  errors?: Record<string, string[]>;
}

describe('?lang on every call', () => {
  it('no entry of the endpoint table counts `lang` as a field of its query', async () => {
    // `zz` is unknown to every strict query schema: the call is refused at validation, before its handler.
    for (const { name, endpoint } of listEndpoints()) {
      const res = await t.app.inject({
        method: endpoint.method,
        url: `${filled(endpoint.path)}?lang=en&zz=1`,
        headers: admin.headers,
      });
      const body = (res.headers['content-type'] ?? '').includes('json') ? (res.json() as Answer) : {};
      expect(Object.keys(body.errors ?? {}), name).not.toContain('lang');
      expect(body.message ?? '', name).not.toMatch(/\blang\b/);
      expect(res.body, name).not.toContain('Неизвестное поле: lang');
      const noQueryNoBody = !endpoint.query && !endpoint.body && endpoint.roles.includes('admin');
      if (noQueryNoBody && res.statusCode === 400) {
        expect(body, name).toMatchObject({ message: 'Unknown field: zz', errors: { zz: expect.any(Array) } });
      }
    }
  });

  it('a call without a query string of its own takes `?lang` alone and answers in it', async () => {
    const user = await createUser(t);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/rest/profile/me?lang=en',
      headers: user.headers,
    });
    expect(me.statusCode, me.body).toBe(200);
    const gone = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rest/admin/users/2147483647/block?lang=en',
      headers: admin.headers,
    });
    expect(gone.statusCode, gone.body).toBe(404);
    expect(gone.json().message).toBe('User not found');
    const ru = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rest/admin/users/2147483647/block?lang=ru',
      headers: admin.headers,
    });
    expect(ru.json().message).toBe('Пользователь не найден');
  });

  it('an unknown field beside `lang` is named alone, in the chosen language', async () => {
    const url = '/api/v1/rest/invitations/token/abc?lang=en&colour=red';
    const en = await t.app.inject({ method: 'GET', url });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      message: 'Unknown field: colour',
      errors: { colour: expect.any(Array) },
    });
    expect(Object.keys(en.json().errors)).toEqual(['colour']);
  });
});

describe("zod's own messages follow ?lang", () => {
  it('a value of the wrong type or outside an enum: English with ?lang=en, Russian without', async () => {
    const user = await createUser(t);
    const put = (query: string, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/rest/profile/update/${user.id}${query}`,
        headers: user.headers,
        payload,
      });
    const en = await put('?lang=en', { locale: 'de' });
    const ru = await put('', { locale: 'de' });
    expect(en.statusCode, en.body).toBe(400);
    expect(en.json().errors).toEqual({ locale: ['Invalid option: expected one of "ru"|"en"'] });
    expect(ru.json().errors).toEqual({ locale: ['Неверный вариант: ожидалось одно из "ru"|"en"'] });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login?lang=en',
      payload: { email: 'someone@example.com', device_token: 5 },
    });
    expect(login.json().errors).toEqual({
      device_token: ['Invalid input: expected string, received number'],
    });
  });
});
