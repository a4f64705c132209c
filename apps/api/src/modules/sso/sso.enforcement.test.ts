import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createUser, type TestUser } from '../../../test/factories';
import type { TestOidcProvider } from '../../../test/oidc-provider';
import { codeSignIn } from '../../../test/sign-in';
import { SSO_ENV, ssoOrganization, ssoSignIn, startProvider } from '../../../test/sso';
import { restCall } from '../../../test/teams';
import { createSession } from '../../lib/sessions';

// Issue 30, 'Только через SSO': turning it on ends the domain accounts' other sessions and their tokens
// (not the owner's, not site admins'); then a code sign-in of such an account is refused naming the
// organization, while the owner, site admins and SSO itself still come in.

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

const origin = (method: 'code' | 'sso' | 'device' | 'passkey') => ({
  ip: '127.0.0.1',
  userAgent: '',
  isDesktop: false,
  method,
});

async function personalToken(user: TestUser): Promise<string> {
  const res = await restCall(t, 'POST', '/profile/tokens', user, {
    name: 'ci',
    scopes: ['read'],
    expires_in_days: 30,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.token;
}

/** Step two of a code sign-in as its raw answer (the helper expects success). */
async function codeAttempt(email: string) {
  const login = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload });
  const before = t.smtp.mailsTo(email).length;
  await t.prisma.loginCode.deleteMany({ where: { email } });
  expect((await login({ loginKey: 'web', email })).statusCode).toBe(200);
  const code = await t.smtp.nextCode(email, before);
  return login({ loginKey: 'web', email, code });
}

describe('Только через SSO', () => {
  it('turning it on ends the other sessions and the tokens of the domain accounts, not the exempt ones', async () => {
    const org = await ssoOrganization(t, idp, { ownerEmail: (d) => `boss@${d}` });
    const alice = await createUser(t, { email: `alice@${org.domain}` });
    const admin = await createAdmin(t, { email: `root@${org.domain}` });
    const outsider = await createUser(t, { email: `bob@elsewhere-${org.id}.test` });
    const ssoSession = await createSession(t.prisma, alice.id, origin('sso'));
    for (const method of ['code', 'device', 'passkey'] as const)
      await createSession(t.prisma, alice.id, origin(method));
    for (const user of [alice, org.owner, admin, outsider]) await personalToken(user);

    const res = await restCall(t, 'PUT', `/organizations/${org.id}/sso`, org.owner, {
      issuer: idp.issuer,
      client_id: idp.clientId,
      enabled: true,
      enforce: true,
      default_type_id: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Alice's factory session (no method), code, device and passkey sessions; her token.
    expect(res.json().message).toBe(
      'Настройки сохранены. «Только через SSO» действует: завершено сеансов — 4, отозвано токенов — 1',
    );
    const left = await t.prisma.session.findMany({ where: { userId: alice.id } });
    expect(left.map((s) => s.method)).toEqual(['sso']);
    expect(
      (await t.app.inject({ url: '/api/v1/rest/profile/me', headers: { 'x-session-id': ssoSession } }))
        .statusCode,
    ).toBe(200);
    expect(await t.prisma.personalAccessToken.count({ where: { userId: alice.id } })).toBe(0);
    for (const user of [org.owner, admin, outsider]) {
      expect(await t.prisma.personalAccessToken.count({ where: { userId: user.id } })).toBe(1);
      expect((await t.app.inject({ url: '/api/v1/rest/profile/me', headers: user.headers })).statusCode).toBe(
        200,
      );
    }
    const event = await t.prisma.auditEvent.findFirstOrThrow({
      where: { organizationId: org.id, action: 'sso.updated' },
    });
    expect(event.details).toMatchObject({
      enforce: { from: false, to: true },
      ended_sessions: 4,
      revoked_tokens: 1,
    });

    // Saving again while it is in effect ends nothing more.
    await createSession(t.prisma, alice.id, origin('code'));
    const again = await restCall(t, 'PUT', `/organizations/${org.id}/sso`, org.owner, {
      issuer: idp.issuer,
      client_id: idp.clientId,
      enabled: true,
      enforce: true,
      default_type_id: 3,
    });
    expect(again.json().message).toBe('Настройки единого входа сохранены');
    expect(await t.prisma.session.count({ where: { userId: alice.id } })).toBe(2);
  });

  it('refuses a code sign-in of a domain account naming the organization; the owner, admins and SSO come in', async () => {
    const org = await ssoOrganization(t, idp, {
      ownerEmail: (d) => `owner@${d}`,
      connection: { enforce: true },
    });
    const name = (await t.prisma.organization.findUniqueOrThrow({ where: { id: org.id } })).name;
    const member = await createUser(t, { email: `ivan@${org.domain}` });
    const refused = await codeAttempt(member.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      `Организация «${name}» разрешает вход в этот аккаунт только через единый вход (SSO).`,
    );
    expect(await t.prisma.session.count({ where: { userId: member.id } })).toBe(1);

    await codeSignIn(t, org.owner.email);
    const admin = await createAdmin(t, { email: `admin@${org.domain}` });
    await codeSignIn(t, admin.email);
    const sso = await ssoSignIn(t, idp, org.id, member.email);
    expect(sso.statusCode, sso.body).toBe(200);

    // A plan without SSO: the setting stays but does nothing.
    await t.prisma.user.update({ where: { id: org.owner.id }, data: { planId: 1 } });
    expect((await codeAttempt(member.email)).statusCode).toBe(200);
  });
});
