import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  createAdmin,
  createOrganization,
  createUser,
  type TestUser,
  uniqueEmail,
} from '../../test/factories';

// Issue 32 (decisions 0302–0304): the same call answers in the request's language, `?lang` first, then the
// account's, then Accept-Language, else Russian; status, codes and field names never change with it. Mails
// speak their recipient's language.

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT';

const call = (
  method: Method,
  url: string,
  options: { user?: TestUser; language?: string; body?: unknown } = {},
) =>
  t.app.inject({
    method,
    url,
    headers: {
      ...options.user?.headers,
      ...(options.language ? { 'accept-language': options.language } : {}),
    },
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });

/** The answer's status, code and field names: what a client acts on, the same in every language. */
const shape = (res: {
  statusCode: number;
  json(): { code?: string; errors?: Record<string, string[]> };
}) => ({
  status: res.statusCode,
  code: res.json().code,
  fields: Object.keys(res.json().errors ?? {}),
});

async function setLocale(user: TestUser, locale: 'ru' | 'en') {
  const res = await call('PUT', `/api/v1/rest/profile/update/${user.id}`, { user, body: { locale } });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the same bad request in Russian and in English', () => {
  // Before sign-in the header chooses; a signed-in caller's account does (every account has a language).

  it('validation before sign-in: the same 400 and fields, the messages in each language', async () => {
    const body = { email: 'not-an-email', code: 'abc' };
    const ru = await call('POST', '/api/v1/auth/login', { language: 'ru', body });
    const en = await call('POST', '/api/v1/auth/login', { language: 'en-US,en;q=0.9,ru;q=0.5', body });
    expect(shape(en)).toEqual(shape(ru));
    expect(shape(ru)).toEqual({ status: 400, code: 'VALIDATION', fields: ['email', 'code'] });
    expect(ru.json().errors).toEqual({
      email: ['Неверный формат email'],
      code: ['Код должен состоять из 6 цифр'],
    });
    expect(en.json().errors).toEqual({
      email: ['Invalid email format'],
      code: ['The code must be 6 digits'],
    });
    expect(en.json().message).toBe('Invalid email format');
  });

  it('validation of a signed-in call: the account’s language, zod’s own messages included', async () => {
    const russian = await createUser(t);
    const english = await createUser(t);
    await setLocale(english, 'en');
    const body = { name: 'А' };
    const ru = await call('POST', '/api/v1/rest/organizations', { user: russian, language: 'en', body });
    const en = await call('POST', '/api/v1/rest/organizations', { user: english, language: 'ru', body });
    expect(shape(en)).toEqual(shape(ru));
    expect(shape(ru)).toEqual({ status: 400, code: 'VALIDATION', fields: ['name', 'type'] });
    expect(ru.json()).toMatchObject({
      message: 'Название должно содержать минимум 2 символа',
      errors: { name: ['Название должно содержать минимум 2 символа'], type: ['Обязательное поле'] },
    });
    expect(en.json()).toMatchObject({
      message: 'The name must be at least 2 characters long',
      errors: { name: ['The name must be at least 2 characters long'], type: ['Required'] },
    });
  });

  it('an unknown query field: named in both', async () => {
    const url = '/api/v1/rest/invitations/token/abc?colour=red';
    const ru = await call('GET', url, { language: 'ru' });
    const en = await call('GET', url, { language: 'en' });
    expect(shape(en)).toEqual(shape(ru));
    expect(shape(en)).toEqual({ status: 400, code: 'VALIDATION', fields: ['colour'] });
    expect(ru.json().message).toBe('Неизвестное поле: colour');
    expect(en.json().message).toBe('Unknown field: colour');
  });

  it('404', async () => {
    const url = '/api/v1/rest/invitations/token/no-such-token';
    const ru = await call('GET', url, { language: 'ru' });
    const en = await call('GET', url, { language: 'en' });
    expect(shape(en)).toEqual({ status: 404, code: 'NOT_FOUND', fields: [] });
    expect(shape(ru)).toEqual(shape(en));
    expect(ru.json().message).toBe('Приглашение не найдено');
    expect(en.json().message).toBe('Invitation not found');
    expect((await call('GET', '/api/v1/nowhere', { language: 'en' })).json().message).toBe(
      'Address not found',
    );
    const english = await createUser(t);
    await setLocale(english, 'en');
    const organization = await call('GET', '/api/v1/rest/organizations/2147483647', { user: english });
    expect(organization.json().message).toBe('Organization not found');
  });

  it('409 with its field', async () => {
    const englishAdmin = await createAdmin(t);
    await setLocale(englishAdmin, 'en');
    const body = {
      name: 'Про',
      description: 'Для команд',
      price_month: 100,
      price_year: '1000.50',
      max_members: 10,
      max_organizations: 3,
    };
    const ru = await call('POST', '/api/v1/rest/subscribes', { user: admin, language: 'en', body });
    const en = await call('POST', '/api/v1/rest/subscribes', { user: englishAdmin, language: 'ru', body });
    expect(shape(en)).toEqual({ status: 409, code: 'CONFLICT', fields: ['name'] });
    expect(shape(ru)).toEqual(shape(en));
    expect(ru.json().errors).toEqual({ name: ['Тариф с таким названием уже существует'] });
    expect(en.json().errors).toEqual({ name: ['A plan with this name already exists'] });
  });

  it('429 with its Retry-After, the wait said in each language', async () => {
    const email = uniqueEmail('lang429');
    expect((await call('POST', '/api/v1/auth/login', { body: { email } })).statusCode).toBe(200);
    const ru = await call('POST', '/api/v1/auth/login', { language: 'ru', body: { email } });
    const en = await call('POST', '/api/v1/auth/login', { language: 'en', body: { email } });
    expect(shape(en)).toEqual({ status: 429, code: 'RATE_LIMITED', fields: [] });
    expect(shape(ru)).toEqual(shape(en));
    expect(en.headers['retry-after']).toBeDefined();
    expect(ru.json().message).toMatch(/^Новый код можно запросить через \d+ с$/);
    expect(en.json().message).toMatch(/^You can request a new code in \d+ s$/);
  });

  it('a body that is not JSON, and a language nobody speaks here (Russian)', async () => {
    const bad = (language: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json', 'accept-language': language },
        payload: '{"email":',
      });
    expect((await bad('en')).json().message).toBe('Invalid JSON in the request body');
    expect((await bad('de-DE, fr;q=0.8')).json().message).toBe('Некорректный JSON в теле запроса');
  });
});

describe('which language: ?lang, the account, Accept-Language, Russian', () => {
  it('?lang=en beats a Russian account and its Accept-Language, and is no query field of the call', async () => {
    const user = await createUser(t);
    const url = '/api/v1/rest/organizations/2147483647';
    expect((await call('GET', url, { user, language: 'en' })).json().message).toBe('Организация не найдена');
    const en = await call('GET', `${url}?lang=en`, { user, language: 'ru' });
    expect(en.json().message).toBe('Organization not found');
    // profile/me takes no query string at all and does not refuse it; an unknown language is ignored.
    expect((await call('GET', '/api/v1/rest/profile/me?lang=en', { user })).statusCode).toBe(200);
    const odd = await call('GET', `${url}?lang=xx`, { user });
    expect(odd.statusCode).toBe(404);
    expect(odd.json().message).toBe('Организация не найдена');
  });

  it('an English account reads English whatever its browser says, until ?lang=ru; profile/me tells it', async () => {
    const user = await createUser(t);
    const before = await call('GET', '/api/v1/rest/profile/me', { user });
    expect(before.json().data.locale).toBe('ru');
    const switched = await call('PUT', `/api/v1/rest/profile/update/${user.id}`, {
      user,
      body: { locale: 'en' },
    });
    // The answer to the switch is already in the new language.
    expect(switched.json().message).toBe('User details updated');
    expect((await call('GET', '/api/v1/rest/profile/me', { user })).json().data.locale).toBe('en');
    const url = '/api/v1/rest/organizations/2147483647';
    expect((await call('GET', url, { user, language: 'ru' })).json().message).toBe('Organization not found');
    expect((await call('GET', `${url}?lang=ru`, { user })).json().message).toBe('Организация не найдена');
    const refused = await call('PUT', `/api/v1/rest/profile/update/${user.id}`, {
      user,
      body: { locale: 'de' },
    });
    expect(shape(refused)).toEqual({ status: 400, code: 'VALIDATION', fields: ['locale'] });
  });

  it('OAuth’s error_description follows the language; its error code does not', async () => {
    const deviceCode = (query: string, language?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/oauth/device/code${query}`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(language ? { 'accept-language': language } : {}),
        },
        payload: 'client_id=nobody&scope=read',
      });
    expect((await deviceCode('')).json()).toEqual({
      error: 'invalid_client',
      error_description: 'Неизвестное или отключённое приложение',
    });
    for (const [query, language] of [
      ['', 'en'],
      ['?lang=en', 'ru'],
    ] as const) {
      expect((await deviceCode(query, language)).json()).toEqual({
        error: 'invalid_client',
        error_description: 'Unknown or disabled client',
      });
    }
  });
});

describe('mails in their recipient’s language', () => {
  it('a sign-in code mail speaks the screen’s language; a new account starts in it', async () => {
    const email = uniqueEmail('lang-code');
    const res = await call('POST', '/api/v1/auth/login', { language: 'ru', body: { email, locale: 'en' } });
    expect(res.json().message).toBe('The code has been sent to your email');
    const [mail] = t.smtp.mailsTo(email);
    expect(mail?.subject).toMatch(/^Sign-in code: \d{6}$/);
    expect(mail?.text).toContain('The code is valid for 10 minutes and works for one sign-in.');
    expect(mail?.html).toContain('<html lang="en">');
    expect((await t.prisma.user.findUniqueOrThrow({ where: { email } })).locale).toBe('en');

    const other = uniqueEmail('lang-code-header');
    await call('POST', '/api/v1/auth/login', { language: 'en-GB', body: { email: other } });
    expect(t.smtp.mailsTo(other)[0]?.subject).toMatch(/^Sign-in code: \d{6}$/);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { email: other } })).locale).toBe('ru');
  });

  it('an English account gets its e-mail change code and an invitation in English', async () => {
    const user = await createUser(t, { name: 'Jane Doe' });
    await setLocale(user, 'en');
    const newEmail = uniqueEmail('lang-change');
    const changed = await call('PUT', `/api/v1/rest/profile/update/${user.id}`, {
      user,
      language: 'ru',
      body: { email: newEmail },
    });
    expect(changed.json().message).toContain('enter the code from the mail sent to');
    const [code] = t.smtp.mailsTo(newEmail);
    expect(code?.subject).toBe('Confirm your email address');
    expect(code?.text).toMatch(/Confirmation code: \d{6}/);

    // A Russian owner invites the English account: the mail is in the invitee's language.
    const owner = await createUser(t, { name: 'Ольга Владелец' });
    const org = await createOrganization(t, owner, { name: 'Отдел' });
    const invited = await call('POST', `/api/v1/rest/organizations/${org.id}/invitations`, {
      user: owner,
      body: { email: user.email, type_id: 2 },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().message).toBe(`Приглашение отправлено на ${user.email}`);
    const invitation = t.smtp.mailsTo(user.email).at(-1);
    expect(invitation?.subject).toBe('Invitation to the “Отдел” organization');
    expect(invitation?.text).toContain(
      `Ольга Владелец (${owner.email}) invites you to the “Отдел” organization as “Member”.`,
    );
    expect(invitation?.text).toMatch(
      /The link is valid until [A-Z][a-z]+ \d{1,2}, \d{4} at .+ \(Moscow time\)/,
    );
    // No Russian outside the names people gave.
    const words = invitation?.text.replaceAll('Отдел', '').replaceAll('Ольга Владелец', '');
    expect(words).not.toMatch(/[А-Яа-яЁё]/);

    // An address without an account reads the inviter's language.
    const stranger = uniqueEmail('lang-stranger');
    await call('POST', `/api/v1/rest/organizations/${org.id}/invitations?lang=en`, {
      user: owner,
      body: { email: stranger, type_id: 2 },
    });
    expect(t.smtp.mailsTo(stranger)[0]?.subject).toBe('Invitation to the “Отдел” organization');
    const russian = uniqueEmail('lang-russian');
    await call('POST', `/api/v1/rest/organizations/${org.id}/invitations`, {
      user: owner,
      body: { email: russian, type_id: 2 },
    });
    expect(t.smtp.mailsTo(russian)[0]?.subject).toBe('Приглашение в организацию «Отдел»');
  });
});
