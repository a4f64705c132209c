import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { createOrganization, createUser, uniqueEmail } from '../../../test/factories';
import { CHROME_ON_WINDOWS, sessionHeaders } from '../../../test/sign-in';
import {
  atYandex,
  callback,
  exchange,
  flowCookieFrom,
  landingCode,
  startYandexApp,
  yandexAccount,
  yandexRoundTrip,
  yandexSignIn,
} from '../../../test/yandex';
import { BLOCKED_MESSAGE } from '../auth/sign-in';
import { ssoOnlyMessage } from '../sso/enforcement';

// Sign-in with Yandex ID (issue 30; decisions 0282–0284) against a local server that answers as Yandex's
// endpoints do (test/yandex-server.ts): the real authorization code flow, state and cookie, PKCE, the
// user-info call, then the web's landing exchange.

let env: Awaited<ReturnType<typeof startYandexApp>>;
beforeAll(async () => {
  env = await startYandexApp();
});
afterAll(async () => env?.close());

const t = () => env.t;
const me = (token: string) =>
  t().app.inject({ url: '/api/v1/rest/profile/me', headers: sessionHeaders(token) });
const page = (res: { statusCode: number; body: string }, status: number, text: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.body).toContain(text);
};

describe('GET /api/v1/auth/yandex/start', () => {
  it('sends the browser to Yandex with state, PKCE and the scopes, and binds the flow to it by a cookie', async () => {
    const res = await t().app.inject({ url: '/api/v1/auth/yandex/start' });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const url = new URL(String(res.headers.location));
    expect(`${url.origin}${url.pathname}`).toBe(`${env.yandex.base}/authorize`);
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(env.yandex.clientId);
    expect(q.get('redirect_uri')).toBe('http://cabinet.test/api/v1/auth/yandex/callback');
    expect(q.get('scope')).toBe('login:email login:info');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = q.get('state') ?? '';
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers['set-cookie']).toBe(
      `cabinet_flow=${state}; Path=/api/v1/auth; Max-Age=600; HttpOnly; SameSite=Lax`,
    );
    const flows = await t().prisma.identityFlow.findMany({
      where: { provider: 'yandex', purpose: 'sign-in' },
    });
    const flow = flows.at(-1);
    expect(flow && flow.expiresAt.getTime() - flow.createdAt.getTime()).toBe(10 * 60 * 1000);
    // Only the hash of the state is kept.
    expect(JSON.stringify(flows)).not.toContain(state);
  });

  it('the sign-in screen is told Yandex ID is on', async () => {
    const res = await t().app.inject({ url: '/api/v1/site/sign-in' });
    expect(res.json()).toEqual({ success: true, message: '', data: { yandex_id: true } });
  });
});

describe('signing in', () => {
  it('creates a verified account named as at Yandex, links it, and opens a "yandex" session', async () => {
    const person = yandexAccount({ real_name: 'Мария Петрова' });
    env.yandex.signInAs(person);
    const { res, landing, cookie } = await yandexSignIn(t(), { 'user-agent': CHROME_ON_WINDOWS });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(landing.statusCode, landing.body).toBe(200);
    expect(landing.headers['set-cookie']).toMatch(/^cabinet_flow=; Path=\/api\/v1\/auth; Max-Age=0/);
    const result = landing.json().data;
    expect(result.code).toBe(result.access_token);
    const profile = (await me(result.access_token)).json().data;
    expect(profile).toMatchObject({ email: person.default_email, name: 'Мария Петрова' });
    const user = await t().prisma.user.findUniqueOrThrow({ where: { email: person.default_email } });
    expect(user.emailVerifiedAt).not.toBeNull();
    const identity = await t().prisma.userIdentity.findFirstOrThrow({ where: { userId: user.id } });
    expect(identity).toMatchObject({ provider: 'yandex', subject: person.id, email: person.default_email });
    const session = await t().prisma.session.findFirstOrThrow({ where: { userId: user.id } });
    expect(session).toMatchObject({ method: 'yandex', device: 'Chrome 142, Windows' });
    const events = await t().prisma.auditEvent.findMany({
      where: { actorId: user.id },
      orderBy: { id: 'asc' },
    });
    expect(events.map((e) => [e.action, e.details])).toEqual([
      ['identity.linked', { provider: 'yandex', email: person.default_email }],
      ['user.signed_in', { method: 'yandex' }],
    ]);
    // The landing's code works once.
    const again = await exchange(t(), landingCode(res.headers.location), cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Ссылка входа устарела или уже использована: войдите заново');
  });

  it('signs in the existing account of that address and keeps its name', async () => {
    const owner = await createUser(t(), { email: uniqueEmail('ya'), name: 'Своё Имя' });
    env.yandex.signInAs(yandexAccount({ default_email: owner.email.toUpperCase() }));
    const { landing } = await yandexSignIn(t());
    expect(landing.statusCode, landing.body).toBe(200);
    const profile = (await me(landing.json().data.access_token)).json().data;
    expect(profile).toMatchObject({ id: owner.id, name: 'Своё Имя' });
    expect(await t().prisma.userIdentity.count({ where: { userId: owner.id } })).toBe(1);
  });

  it('verifies an unverified account of that address, ending what its sessions were', async () => {
    const email = uniqueEmail('unverified');
    const account = await t().prisma.user.create({ data: { email, vaultKey: new Uint8Array(32) } });
    env.yandex.signInAs(yandexAccount({ default_email: email, real_name: 'Новое Имя' }));
    const { landing } = await yandexSignIn(t());
    expect(landing.statusCode, landing.body).toBe(200);
    const after = await t().prisma.user.findUniqueOrThrow({ where: { id: account.id } });
    expect(after.emailVerifiedAt).not.toBeNull();
    expect(after.name).toBe('Новое Имя');
  });

  it('finds the account by its linked Yandex ID first, after the Yandex address changed', async () => {
    const owner = await createUser(t(), { email: uniqueEmail('linked') });
    const person = yandexAccount({ default_email: owner.email });
    env.yandex.signInAs(person);
    expect((await yandexSignIn(t())).landing.statusCode).toBe(200);
    // Yandex now gives the address of another account: the link still decides.
    const other = await createUser(t(), { email: uniqueEmail('other') });
    env.yandex.update(person.id, { default_email: other.email });
    env.yandex.signInAs({ ...person, default_email: other.email });
    const { landing } = await yandexSignIn(t());
    expect((await me(landing.json().data.access_token)).json().data.id).toBe(owner.id);
    const identity = await t().prisma.userIdentity.findFirstOrThrow({ where: { subject: person.id } });
    expect(identity.email).toBe(other.email);
  });

  it('by a linked identity, leaves unverified an address Yandex did not vouch for', async () => {
    const owner = await createUser(t(), { email: uniqueEmail('moved') });
    const person = yandexAccount({ default_email: owner.email });
    env.yandex.signInAs(person);
    await yandexSignIn(t());
    // An admin changed the account's address since: Yandex proves the person, not this address.
    const moved = uniqueEmail('moved-to');
    await t().prisma.user.update({ where: { id: owner.id }, data: { email: moved, emailVerifiedAt: null } });
    const { landing } = await yandexSignIn(t());
    expect(landing.statusCode, landing.body).toBe(200);
    const after = await t().prisma.user.findUniqueOrThrow({ where: { id: owner.id } });
    expect(after.emailVerifiedAt).toBeNull();
  });

  it('hands a desktop app its sealed box, as a code sign-in does', async () => {
    env.yandex.signInAs(yandexAccount());
    const trip = await yandexRoundTrip(t());
    const key = Buffer.alloc(32, 7).toString('base64');
    const res = await exchange(t(), landingCode(trip.res.headers.location), trip.cookie, key);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.code).not.toBe(data.access_token);
    expect(data.key_fingerprint).toMatch(/^[0-9a-f]{4}( [0-9a-f]{4}){3}$/);
  });
});

describe('refusals', () => {
  it('a blocked account: a page saying so, nothing linked, no landing', async () => {
    const blocked = await createUser(t(), { email: uniqueEmail('blocked') });
    await t().prisma.user.update({ where: { id: blocked.id }, data: { blockedAt: new Date() } });
    env.yandex.signInAs(yandexAccount({ default_email: blocked.email }));
    const { res } = await yandexRoundTrip(t());
    page(res, 403, BLOCKED_MESSAGE);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('href="http://cabinet.test/app/auth-app"');
    expect(await t().prisma.userIdentity.count({ where: { userId: blocked.id } })).toBe(0);
  });

  it('a state used once already, an unknown one, or one from another browser: refused', async () => {
    env.yandex.signInAs(yandexAccount());
    const { back, cookie, res } = await yandexRoundTrip(t());
    expect(res.statusCode).toBe(302);
    page(await callback(t(), back, cookie), 400, 'Вход устарел или уже завершён: начните его заново');
    const forged = new URL(back);
    forged.searchParams.set('state', 'A'.repeat(43));
    page(await callback(t(), forged.toString(), `cabinet_flow=${'A'.repeat(43)}`), 400, 'Вход устарел');
    forged.searchParams.set('state', 'not a state');
    page(await callback(t(), forged.toString(), cookie), 400, 'Вход устарел');

    // A callback link made in one browser does nothing in another (login CSRF).
    for (const stranger of [null, `cabinet_flow=${'B'.repeat(43)}`]) {
      const start = await t().app.inject({ url: '/api/v1/auth/yandex/start' });
      const link = await atYandex(String(start.headers.location));
      page(await callback(t(), link, stranger), 400, 'Вход начат в другом браузере');
    }
  });

  it('an expired flow is refused', async () => {
    env.yandex.signInAs(yandexAccount());
    const start = await t().app.inject({ url: '/api/v1/auth/yandex/start' });
    const cookie = flowCookieFrom(start.headers['set-cookie']);
    const back = await atYandex(String(start.headers.location));
    t().setNow(new Date(Date.now() + 11 * 60 * 1000));
    try {
      page(await callback(t(), back, cookie), 400, 'Вход устарел');
    } finally {
      t().setNow(null);
    }
  });

  it("the landing's code from another browser, or made up: refused", async () => {
    env.yandex.signInAs(yandexAccount());
    const trip = await yandexRoundTrip(t());
    const code = landingCode(trip.res.headers.location);
    const other = await exchange(t(), code, null);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toContain('Вход начат в другом браузере');
    // Refused from another browser, the code still works in the right one.
    expect((await exchange(t(), code, trip.cookie)).statusCode).toBe(200);
    const bad = await exchange(t(), 'short', trip.cookie);
    expect(bad.statusCode).toBe(400);
  });

  it("Yandex's answers: the person said no, a code Yandex refuses, Yandex down, a token of another application", async () => {
    env.yandex.signInAs(yandexAccount());
    env.yandex.denyNext();
    page((await yandexRoundTrip(t())).res, 400, 'Вход через Яндекс ID отменён');

    const start = await t().app.inject({ url: '/api/v1/auth/yandex/start' });
    const back = new URL(await atYandex(String(start.headers.location)));
    back.searchParams.set('code', '0000000');
    const cookie = flowCookieFrom(start.headers['set-cookie']);
    page(await callback(t(), back.toString(), cookie), 400, 'Яндекс ID не подтвердил вход');

    env.yandex.failNext(1, 503);
    page((await yandexRoundTrip(t())).res, 502, 'Яндекс ID не отвечает, попробуйте войти позже');

    env.yandex.otherClientNext();
    page((await yandexRoundTrip(t())).res, 502, 'Яндекс ID не отвечает');

    env.yandex.signInAs({ ...yandexAccount(), default_email: undefined });
    page((await yandexRoundTrip(t())).res, 400, 'В Яндекс ID нет адреса эл. почты');
  });

  it("an account under 'Только через SSO' is refused, and no account is made in such a domain", async () => {
    const domain = `corp-${Date.now().toString(36)}.example`;
    const owner = await createUser(t(), { email: `boss@${domain}`, planId: 3 });
    const member = await createUser(t(), { email: `worker@${domain}` });
    const organization = await createOrganization(t(), owner, { name: 'Рога и копыта', members: [member] });
    await t().prisma.organizationDomain.create({
      data: { organizationId: organization.id, domain, token: 'x', verifiedAt: new Date() },
    });
    await t().prisma.ssoConnection.create({
      data: {
        organizationId: organization.id,
        issuer: 'https://id.example',
        clientId: 'c',
        clientSecretSealed: 'sealed',
        enabled: true,
        enforce: true,
      },
    });
    env.yandex.signInAs(yandexAccount({ default_email: member.email }));
    page((await yandexRoundTrip(t())).res, 403, ssoOnlyMessage('Рога и копыта'));
    env.yandex.signInAs(yandexAccount({ default_email: `new@${domain}` }));
    page((await yandexRoundTrip(t())).res, 403, ssoOnlyMessage('Рога и копыта'));
    expect(await t().prisma.user.count({ where: { email: `new@${domain}` } })).toBe(0);
    // The owner keeps every way in.
    env.yandex.signInAs(yandexAccount({ default_email: owner.email }));
    expect((await yandexSignIn(t())).landing.statusCode).toBe(200);
  });
});

describe('without YANDEX_CLIENT_ID and YANDEX_CLIENT_SECRET', () => {
  it('every Yandex call is 404 and the sign-in screen is told so', async () => {
    const bare = await buildTestApp();
    try {
      const start = await bare.app.inject({ url: '/api/v1/auth/yandex/start' });
      expect(start.statusCode).toBe(404);
      expect(start.json().message).toBe('Вход через Яндекс ID не настроен');
      const back = await bare.app.inject({ url: '/api/v1/auth/yandex/callback?code=1&state=x' });
      expect(back.statusCode).toBe(404);
      const user = await createUser(bare);
      const link = await bare.app.inject({
        method: 'POST',
        url: '/api/v1/rest/profile/identities/yandex',
        headers: user.headers,
      });
      expect(link.statusCode).toBe(404);
      const options = await bare.app.inject({ url: '/api/v1/site/sign-in' });
      expect(options.json().data).toEqual({ yandex_id: false });
    } finally {
      await bare.close();
    }
  });
});
