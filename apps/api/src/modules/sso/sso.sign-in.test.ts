import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import type { TestOidcProvider } from '../../../test/oidc-provider';
import { CHROME_ON_WINDOWS, sessionHeaders } from '../../../test/sign-in';
import {
  finish,
  fragmentOf,
  SSO_ENV,
  ssoOrganization,
  ssoSignIn,
  startProvider,
  startSignIn,
  toLanding,
} from '../../../test/sso';

// Issue 30, SSO sign-in against a real OIDC provider (oidc-provider on 127.0.0.1): discover, start, the
// provider's login page, the callback, the landing page's finish; JIT accounts and members; every refusal
// leaves nothing behind.

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

const discover = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/sso/discover', payload: { email } });

/** What exists for an address: the account, its memberships and linked identities. */
async function traces(email: string) {
  const user = await t.prisma.user.findUnique({
    where: { email },
    include: { memberships: true, identities: true, sessions: true },
  });
  return user;
}

describe('discover', () => {
  it('answers the organization’s SSO for an address of its verified domain, null for anything else', async () => {
    const org = await ssoOrganization(t, idp, { connection: { displayName: 'Acme ID', enforce: true } });
    const found = await discover(`Ivan@${org.domain.toUpperCase()}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toEqual({
      name: 'Acme ID',
      url: `/api/v1/auth/sso/start?organization_id=${org.id}`,
      only_sso: true,
    });
    expect((await discover('ivan@elsewhere.test')).json().data).toBeNull();

    const off = await ssoOrganization(t, idp, { connection: { enabled: false } });
    expect((await discover(`a@${off.domain}`)).json().data).toBeNull();
    const none = await ssoOrganization(t, idp, { connection: false });
    expect((await discover(`a@${none.domain}`)).json().data).toBeNull();
    const bad = await discover('not-an-address');
    expect(bad.statusCode).toBe(400);
  });

  it('a plan without SSO: discover answers null and start lands on a refusal, no flow kept', async () => {
    const org = await ssoOrganization(t, idp, { planId: 1 });
    expect((await discover(`a@${org.domain}`)).json().data).toBeNull();
    const before = await t.prisma.identityFlow.count();
    const res = await t.app.inject({ url: `/api/v1/auth/sso/start?organization_id=${org.id}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('http://cabinet.test/app/auth-app/sso#error=unavailable');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await t.prisma.identityFlow.count()).toBe(before);
  });
});

describe('sign-in', () => {
  it('creates the account and the member on the first sign-in, opens an SSO session, links the identity', async () => {
    const org = await ssoOrganization(t, idp, { connection: { defaultTypeId: 3 } });
    const email = `olga@${org.domain}`;
    idp.setAccount('olga-sub', { email: email.toUpperCase(), email_verified: true, name: 'Ольга Петрова' });

    const started = await startSignIn(t, org.id);
    const provider = new URL(started.location);
    expect(provider.origin).toBe(idp.issuer);
    expect(provider.searchParams.get('code_challenge_method')).toBe('S256');
    expect(started.cookie).toMatch(/^cabinet_sso=.+/);
    const flow = await t.prisma.identityFlow.findFirstOrThrow({
      where: { organizationId: org.id, purpose: 'sign-in' },
    });
    expect(flow.expiresAt.getTime() - flow.createdAt.getTime()).toBe(10 * 60 * 1000);
    expect(flow.nonce).toBe(provider.searchParams.get('nonce'));

    const back = await idp.signIn(started.location, 'olga-sub');
    const callback = await t.app.inject({
      url: `${back.pathname}${back.search}`,
      headers: { cookie: started.cookie },
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers['cache-control']).toBe('no-store');
    const landing = String(callback.headers.location);
    expect(landing.startsWith('http://cabinet.test/app/auth-app/sso#')).toBe(true);
    const res = await finish(t, fragmentOf(landing), started.cookie, CHROME_ON_WINDOWS);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    expect(result.key_fingerprint).toBeNull();

    const user = await traces(email);
    expect(user?.emailVerifiedAt).not.toBeNull();
    expect(user?.name).toBe('Ольга Петрова');
    expect(user?.memberships).toEqual([
      expect.objectContaining({ organizationId: org.id, typeId: 3, status: 'active' }),
    ]);
    expect(user?.identities).toEqual([
      expect.objectContaining({
        provider: `sso:${org.id}`,
        subject: 'olga-sub',
        organizationId: org.id,
        email,
      }),
    ]);
    expect(user?.sessions).toEqual([
      expect.objectContaining({ method: 'sso', device: 'Chrome 142, Windows' }),
    ]);
    const me = await t.app.inject({
      url: '/api/v1/rest/profile/me',
      headers: sessionHeaders(result.access_token),
    });
    expect(me.json().data.email).toBe(email);

    const events = await t.prisma.auditEvent.findMany({
      where: { actorId: user?.id },
      orderBy: { id: 'asc' },
    });
    expect(events.map((e) => [e.action, e.details])).toEqual([
      ['member.added', { name: 'Ольга Петрова', email, via: 'sso' }],
      ['user.signed_in', { method: 'sso' }],
    ]);
    // The cookie is spent with the flow.
    expect(String(res.headers['set-cookie'])).toMatch(/^cabinet_sso=; .*Max-Age=0/);
  });

  it('accepts email_verified false inside a verified domain; an existing account becomes a member', async () => {
    const org = await ssoOrganization(t, idp);
    const existing = await createUser(t, { email: `petr@${org.domain}`, name: 'Пётр' });
    idp.setAccount('petr', { email: existing.email, email_verified: false, name: 'Другое Имя' });
    const res = await ssoSignIn(t, idp, org.id, 'petr');
    expect(res.statusCode, res.body).toBe(200);
    const user = await traces(existing.email);
    expect(user?.id).toBe(existing.id);
    expect(user?.name).toBe('Пётр');
    expect(user?.memberships.map((m) => [m.organizationId, m.typeId, m.status])).toEqual([
      [org.id, 2, 'active'],
    ]);
  });

  it('refuses an address outside the verified domains, verified or not, and creates nothing', async () => {
    const org = await ssoOrganization(t, idp);
    for (const [login, verified] of [
      ['outsider-a', true],
      ['outsider-b', false],
    ] as const) {
      const email = `${login}@gmail.com`;
      idp.setAccount(login, { email, email_verified: verified, name: 'Чужой' });
      const res = await ssoSignIn(t, idp, org.id, login);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        `Адрес ${email} не входит в подтверждённые домены организации: войти с ним через её единый вход нельзя`,
      );
      expect(await traces(email)).toBeNull();
    }
    // A provider that gives no address at all.
    idp.setAccount('nobody', { name: 'Без адреса' });
    const res = await ssoSignIn(t, idp, org.id, 'nobody');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^Поставщик входа не сообщил адрес эл\. почты/);
    expect(await t.prisma.userIdentity.count({ where: { provider: `sso:${org.id}` } })).toBe(0);
  });

  it('a full organization refuses a newcomer with the plan’s message; nothing is created', async () => {
    const plan = await t.prisma.plan.create({
      data: {
        name: `Мини SSO ${Date.now()}`,
        priceMonth: 1,
        priceYear: 10,
        maxMembers: 1,
        maxOrganizations: 1,
        sso: true,
      },
    });
    const org = await ssoOrganization(t, idp, { planId: plan.id });
    const email = `late@${org.domain}`;
    const res = await ssoSignIn(t, idp, org.id, email);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('LIMIT');
    expect(res.json().message).toMatch(
      /^Тариф «Мини SSO \d+» позволяет не более 1 участника в организации\./,
    );
    expect(await traces(email)).toBeNull();
  });

  it('refuses a replayed state, another browser, a nonce that does not match, a cancelled sign-in', async () => {
    const org = await ssoOrganization(t, idp);
    const email = `anna@${org.domain}`;

    // Replay: the same answer twice.
    const first = await toLanding(t, idp, org.id, email);
    expect((await finish(t, first.fragment, first.cookie)).statusCode).toBe(200);
    const replay = await finish(t, first.fragment, first.cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('Вход устарел или уже выполнен. Начните вход заново');

    // Another browser: the answer carried without the state's cookie, or with another flow's.
    const carried = await toLanding(t, idp, org.id, email);
    const other = await startSignIn(t, org.id);
    for (const cookie of ['', other.cookie]) {
      const res = await finish(t, carried.fragment, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Вход начат в другом браузере/);
    }

    // The nonce the flow keeps differs from the ID token's.
    const sessions = await t.prisma.session.count();
    const tampered = await toLanding(t, idp, org.id, `bob@${org.domain}`);
    await t.prisma.identityFlow.updateMany({
      where: { organizationId: org.id, usedAt: null, purpose: 'sign-in' },
      data: { nonce: 'a-nonce-the-provider-never-saw' },
    });
    const res = await finish(t, tampered.fragment, tampered.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Ответ поставщика входа не прошёл проверку/);
    expect(res.body).not.toMatch(/nonce|claim|JWT/i);
    expect(await traces(`bob@${org.domain}`)).toBeNull();
    expect(await t.prisma.session.count()).toBe(sessions);

    // Cancelled at the provider: the landing page says so; an unknown state lands as expired.
    const started = await startSignIn(t, org.id);
    const state = new URL(started.location).searchParams.get('state') ?? '';
    const cancel = await t.app.inject({
      url: `/api/v1/auth/sso/callback?error=access_denied&state=${state}`,
      headers: { cookie: started.cookie },
    });
    expect(cancel.headers.location).toBe('http://cabinet.test/app/auth-app/sso#error=denied');
    const unknown = await t.app.inject({ url: '/api/v1/auth/sso/callback?code=x&state=never-issued' });
    expect(unknown.headers.location).toBe('http://cabinet.test/app/auth-app/sso#error=expired');
  });

  it('a desktop app’s key: the session is sealed for it, and the landing page knows the key', async () => {
    const sodium = (await import('libsodium-wrappers')).default;
    await sodium.ready;
    const loginKey = Buffer.from(sodium.crypto_box_keypair().publicKey).toString('base64');
    const org = await ssoOrganization(t, idp);
    const started = await startSignIn(t, org.id, loginKey);
    const back = await idp.signIn(started.location, `desk@${org.domain}`);
    const res = await t.app.inject({
      url: `${back.pathname}${back.search}`,
      headers: { cookie: started.cookie },
    });
    const landing = String(res.headers.location);
    expect(new URL(landing).searchParams.get('loginKey')).toBe(loginKey);
    const done = await finish(t, fragmentOf(landing), started.cookie);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.key_fingerprint).toMatch(/^[0-9a-f]{4}( [0-9a-f]{4}){3}$/);
    const user = await traces(`desk@${org.domain}`);
    expect(user?.sessions.map((s) => [s.method, s.isDesktop])).toEqual([['desktop', true]]);
  });
});
