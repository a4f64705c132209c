import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createUser, type TestUser } from '../../../test/factories';
import type { TestOidcProvider } from '../../../test/oidc-provider';
import {
  followCallback,
  fragmentOf,
  SSO_ENV,
  ssoOrganization,
  startProvider,
  stateCookie,
} from '../../../test/sso';
import { restCall } from '../../../test/teams';

// Issue 30, 'Единый вход (SSO)' settings: who may read and change them, the sealed secret never answered,
// 'Проверить подключение' against a real provider (tested_at, nobody signed in), the rules of enabling.

let t: TestApp;
let idp: TestOidcProvider;
beforeAll(async () => {
  t = await buildTestApp({ env: SSO_ENV });
  idp = await startProvider();
});
afterAll(async () => {
  await idp?.stop();
  await t?.close();
});

const settings = (id: number, user: TestUser, body?: object) =>
  restCall(t, body ? 'PUT' : 'GET', `/organizations/${id}/sso`, user, body);

const form = (over: object = {}) => ({
  issuer: idp.issuer,
  client_id: idp.clientId,
  client_secret: idp.clientSecret,
  enabled: false,
  enforce: false,
  default_type_id: 2,
  ...over,
});

/** 'Проверить подключение' as `user`'s browser, through the provider's login page as `login`. */
async function runTest(organizationId: number, user: TestUser, login: string, withCookie = true) {
  const res = await restCall(t, 'POST', `/organizations/${organizationId}/sso/test`, user);
  expect(res.statusCode, res.body).toBe(200);
  const back = await idp.signIn(res.json().data.url, login);
  return followCallback(t, back, withCookie ? stateCookie(res) : '');
}

describe('SSO settings', () => {
  it('saves the connection, answers whether a secret is set and never the secret itself', async () => {
    const org = await ssoOrganization(t, idp, { connection: false });
    const empty = await settings(org.id, org.owner);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual({
      organization_id: org.id,
      configured: false,
      issuer: '',
      client_id: '',
      client_secret_set: false,
      display_name: '',
      enabled: false,
      enforce: false,
      default_type_id: 2,
      tested_at: null,
      available: true,
      unavailable_reason: null,
      callback_url: 'http://cabinet.test/api/v1/auth/sso/callback',
    });

    const noSecret = await settings(org.id, org.owner, { ...form(), client_secret: undefined });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().errors).toEqual({ client_secret: ['Укажите секрет клиента'] });

    const saved = await settings(
      org.id,
      org.owner,
      form({ display_name: ' Acme ID ', issuer: `${idp.issuer}/` }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      configured: true,
      client_secret_set: true,
      display_name: 'Acme ID',
    });
    expect(saved.json().data.issuer).toBe(idp.issuer);
    // Kept without the secret; a new one replaces it, sealed.
    expect((await settings(org.id, org.owner, form({ client_secret: undefined }))).statusCode).toBe(200);
    const row = await t.prisma.ssoConnection.findUniqueOrThrow({ where: { organizationId: org.id } });
    expect(row.clientSecretSealed.startsWith('v1.')).toBe(true);
    expect(row.clientSecretSealed).not.toContain(idp.clientSecret);

    const bodies = [saved.body, (await settings(org.id, org.owner)).body];
    const audit = await t.prisma.auditEvent.findMany({
      where: { organizationId: org.id, action: 'sso.updated' },
    });
    expect(audit).toHaveLength(2);
    expect(audit[0]?.details).toMatchObject({ secret_changed: true, issuer: { from: null, to: idp.issuer } });
    for (const text of [...bodies, JSON.stringify(audit.map((e) => e.details))])
      expect(text).not.toContain(idp.clientSecret);
  });

  it('checks the fields in Russian and changes nothing on bad input', async () => {
    const org = await ssoOrganization(t, idp, { connection: false });
    const res = await settings(org.id, org.owner, form({ issuer: 'ftp://x?y', default_type_id: 1 }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['default_type_id', 'issuer']);
    expect(await t.prisma.ssoConnection.count({ where: { organizationId: org.id } })).toBe(0);
  });

  it('lets the owner, organization admins and site admins in; members 403, strangers 404, tokens 403', async () => {
    const member = await createUser(t);
    const orgAdmin = await createUser(t);
    const org = await ssoOrganization(t, idp, {
      members: [{ id: member.id }, { id: orgAdmin.id, typeId: 3 }],
    });
    expect((await settings(org.id, orgAdmin)).statusCode).toBe(200);
    expect((await settings(org.id, await createAdmin(t))).statusCode).toBe(200);
    expect((await settings(org.id, member)).statusCode).toBe(403);
    expect((await settings(org.id, member, form())).statusCode).toBe(403);
    expect((await settings(org.id, await createUser(t))).statusCode).toBe(404);

    const created = await restCall(t, 'POST', '/profile/tokens', org.owner, {
      name: 'скрипт',
      scopes: ['read', 'write'],
      expires_in_days: 30,
    });
    const token = created.json().data.token as string;
    for (const [method, url] of [
      ['GET', `/api/v1/rest/organizations/${org.id}/sso`],
      ['PUT', `/api/v1/rest/organizations/${org.id}/sso`],
      ['POST', `/api/v1/rest/organizations/${org.id}/sso/test`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(method === 'PUT' ? { payload: form() } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('Недостаточно прав у токена');
    }
  });

  it('a plan without SSO: the settings stay, say why, and cannot be changed or tested', async () => {
    const org = await ssoOrganization(t, idp, { planId: 1 });
    const res = await settings(org.id, org.owner);
    expect(res.json().data).toMatchObject({ configured: true, enabled: true, available: false });
    expect(res.json().data.unavailable_reason).toMatch(/не включает «Единый вход \(SSO\) и SCIM»/);
    const put = await settings(org.id, org.owner, form());
    expect(put.statusCode).toBe(409);
    expect(put.json().code).toBe('LIMIT');
    expect((await restCall(t, 'POST', `/organizations/${org.id}/sso/test`, org.owner)).statusCode).toBe(409);
  });

  it('the connection test records tested_at and signs nobody in; enabling waits for it', async () => {
    const org = await ssoOrganization(t, idp, { connection: false });
    await settings(org.id, org.owner, form());
    const early = await settings(org.id, org.owner, form({ enabled: true }));
    expect(early.statusCode).toBe(409);
    expect(early.json().errors).toEqual({
      enabled: ['Сначала проверьте подключение: включить вход можно только после успешной проверки'],
    });

    const sessions = await t.prisma.session.count();
    const tester = `tester@${org.domain}`;
    // Without the cookie of the browser that pressed the button: nothing is recorded.
    expect(fragmentOf(await runTest(org.id, org.owner, tester, false)).get('sso_test')).toBe('expired');
    const landing = await runTest(org.id, org.owner, tester);
    expect(
      landing.startsWith(`http://cabinet.test/app/dashboard/organizations/${org.id}/collaborators#`),
    ).toBe(true);
    expect(Object.fromEntries(fragmentOf(landing))).toEqual({ sso_test: 'ok', in_domain: '1' });
    expect(await t.prisma.session.count()).toBe(sessions);
    expect(await t.prisma.user.count({ where: { email: tester } })).toBe(0);
    const after = (await settings(org.id, org.owner)).json().data;
    expect(after.tested_at).not.toBeNull();
    const tested = await t.prisma.auditEvent.findFirstOrThrow({
      where: { organizationId: org.id, action: 'sso.tested' },
    });
    expect(tested.actorId).toBe(org.owner.id);
    expect(tested.details).toEqual({ email: tester, in_verified_domain: true });

    const enabled = await settings(org.id, org.owner, form({ enabled: true }));
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().data.enabled).toBe(true);

    // A new client_id clears the test and turns the sign-in off, and says so.
    const moved = await settings(org.id, org.owner, form({ enabled: true, client_id: 'another-client' }));
    expect(moved.statusCode).toBe(200);
    expect(moved.json().message).toMatch(/^Адрес издателя или client_id изменились/);
    expect(moved.json().data).toMatchObject({ enabled: false, tested_at: null });
  });

  it('discovery that fails is said on the issuer field; the provider’s words stay in the log', async () => {
    const blank = http.createServer((_req, res) => res.writeHead(404).end('Cannot GET'));
    await new Promise<void>((resolve) => blank.listen(0, '127.0.0.1', resolve));
    try {
      const org = await ssoOrganization(t, idp, { connection: false });
      const issuer = `http://127.0.0.1:${(blank.address() as AddressInfo).port}/realms/acme`;
      await settings(org.id, org.owner, form({ issuer }));
      const res = await restCall(t, 'POST', `/organizations/${org.id}/sso/test`, org.owner);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.issuer[0]).toMatch(/^Поставщик входа не отдал описание OpenID Connect/);
      expect(res.body).not.toMatch(/Cannot GET|OAUTH_|status code/);
      expect(res.headers['set-cookie']).toBeUndefined();
    } finally {
      blank.close();
    }
  });
});

describe('without SECRETS_KEY', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await buildTestApp({ env: { SSO_ALLOW_PRIVATE: 'true' } });
  });
  afterAll(() => bare?.close());

  it('reading works; saving and testing answer a clear refusal', async () => {
    const owner = await createUser(bare, { planId: 3 });
    const org = await bare.prisma.organization.create({
      data: {
        name: 'Без ключа',
        typeId: 2,
        ownerId: owner.id,
        members: { create: { userId: owner.id, typeId: 1 } },
      },
    });
    expect((await restCall(bare, 'GET', `/organizations/${org.id}/sso`, owner)).statusCode).toBe(200);
    const put = await restCall(bare, 'PUT', `/organizations/${org.id}/sso`, owner, {
      issuer: 'https://idp.example.com',
      client_id: 'c',
      client_secret: 's',
      enabled: false,
      enforce: false,
      default_type_id: 2,
    });
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toBe('Единый вход недоступен: администратор сервера не задал SECRETS_KEY');
  });
});
