import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser, type TestUser, uniqueEmail } from '../../../test/factories';
import {
  atYandex,
  callback,
  flowCookieFrom,
  startYandexApp,
  yandexAccount,
  yandexSignIn,
} from '../../../test/yandex';
import type { YandexAccount } from '../../../test/yandex-server';

// Linked accounts in 'Безопасность' (issue 30; decision 0284): 'Привязать Яндекс ID' for a signed-in
// person, the list, and 'Отвязать'.

let env: Awaited<ReturnType<typeof startYandexApp>>;
beforeAll(async () => {
  env = await startYandexApp();
});
afterAll(async () => env?.close());

const t = () => env.t;
const mine = '/api/v1/rest/profile/identities';
const list = (user: TestUser) => t().app.inject({ url: mine, headers: user.headers });
const unlink = (user: TestUser, id: number) =>
  t().app.inject({ method: 'DELETE', url: `${mine}/${id}`, headers: user.headers });

/** 'Привязать Яндекс ID' as the web does it: the call, then the browser to Yandex and back. */
async function linkYandex(user: TestUser, person: YandexAccount) {
  const res = await t().app.inject({ method: 'POST', url: `${mine}/yandex`, headers: user.headers });
  if (res.statusCode !== 200) return { start: res, back: null };
  env.yandex.signInAs(person);
  const cookie = flowCookieFrom(res.headers['set-cookie']);
  const back = await callback(t(), await atYandex(res.json().data.url), cookie);
  return { start: res, back };
}

describe('linking Yandex ID to a signed-in account', () => {
  it('links it, lands in Безопасность, lists it; the Yandex ID then signs in to this account', async () => {
    const user = await createUser(t(), { email: uniqueEmail('linker') });
    const person = yandexAccount();
    const { start, back } = await linkYandex(user, person);
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().data.url).toContain(`${env.yandex.base}/authorize?`);
    expect(back?.statusCode, back?.body).toBe(302);
    expect(back?.headers.location).toBe('http://cabinet.test/app/settings/security?linked=yandex');
    const listed = (await list(user)).json();
    expect(listed.data).toEqual([
      {
        id: expect.any(Number),
        provider: 'yandex',
        organization: null,
        email: person.default_email,
        created_at: expect.any(String),
        last_used_at: expect.any(String),
        can_unlink: true,
      },
    ]);
    const event = await t().prisma.auditEvent.findFirstOrThrow({
      where: { actorId: user.id, action: 'identity.linked' },
    });
    expect(event.details).toEqual({ provider: 'yandex', email: person.default_email });
    // Its own address differs from the account's: the link decides.
    env.yandex.signInAs(person);
    const { landing } = await yandexSignIn(t());
    const token = landing.json().data.access_token;
    const profile = await t().app.inject({
      url: '/api/v1/rest/profile/me',
      headers: { 'x-session-id': token },
    });
    expect(profile.json().data.id).toBe(user.id);
  });

  it('refuses a Yandex ID linked to another account, and a second Yandex ID', async () => {
    const first = await createUser(t());
    const person = yandexAccount();
    expect((await linkYandex(first, person)).back?.statusCode).toBe(302);

    const second = await createUser(t());
    const taken = await linkYandex(second, person);
    expect(taken.back?.statusCode).toBe(409);
    expect(taken.back?.body).toContain('Этот Яндекс ID уже привязан к другому аккаунту');
    expect(taken.back?.body).toContain('Яндекс ID не привязан');
    expect(taken.back?.body).toContain('href="http://cabinet.test/app/settings/security"');
    expect((await list(second)).json().data).toEqual([]);

    const again = await linkYandex(first, yandexAccount());
    expect(again.start.statusCode).toBe(409);
    expect(again.start.json().message).toBe('К аккаунту уже привязан другой Яндекс ID: сначала отвяжите его');
  });

  it('needs a session', async () => {
    expect((await t().app.inject({ method: 'POST', url: `${mine}/yandex` })).statusCode).toBe(401);
    expect((await t().app.inject({ url: mine })).statusCode).toBe(401);
    expect((await t().app.inject({ method: 'DELETE', url: `${mine}/1` })).statusCode).toBe(401);
  });
});

describe('unlinking', () => {
  it("'Отвязать' ends the link: the Yandex ID then signs in by its address only", async () => {
    const user = await createUser(t(), { email: uniqueEmail('unlinker') });
    const person = yandexAccount();
    await linkYandex(user, person);
    const [identity] = (await list(user)).json().data;
    const res = await unlink(user, identity.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Яндекс ID отвязан');
    expect((await list(user)).json().data).toEqual([]);
    const event = await t().prisma.auditEvent.findFirstOrThrow({
      where: { actorId: user.id, action: 'identity.unlinked' },
    });
    expect(event).toMatchObject({
      targetId: user.id,
      details: { provider: 'yandex', email: person.default_email },
    });
    // The person's Yandex address is a new one: a new account, not this one.
    env.yandex.signInAs(person);
    const { landing } = await yandexSignIn(t());
    const made = await t().prisma.user.findUniqueOrThrow({ where: { email: person.default_email } });
    expect(made.id).not.toBe(user.id);
    expect(landing.statusCode).toBe(200);
  });

  it("someone else's link is 404 as an unknown one; an organization's single sign-on is refused (409)", async () => {
    const owner = await createUser(t());
    const other = await createUser(t());
    await linkYandex(other, yandexAccount());
    const [theirs] = (await list(other)).json().data;
    expect((await unlink(owner, theirs.id)).statusCode).toBe(404);
    expect((await unlink(owner, 99_999_999)).json().message).toBe('Связанный аккаунт не найден');
    expect((await list(other)).json().data).toHaveLength(1);

    const organization = await createOrganization(t(), owner, { name: 'Альфа' });
    const sso = await t().prisma.userIdentity.create({
      data: {
        userId: owner.id,
        provider: `sso:${organization.id}`,
        organizationId: organization.id,
        subject: 'sub-1',
        email: owner.email,
      },
    });
    const listed = (await list(owner)).json().data;
    expect(listed).toEqual([
      expect.objectContaining({
        id: sso.id,
        provider: 'sso',
        organization: { id: organization.id, name: 'Альфа' },
        last_used_at: null,
        can_unlink: false,
      }),
    ]);
    const refused = await unlink(owner, sso.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Единый вход организации отвязать нельзя: им управляет организация');
    expect(await t().prisma.userIdentity.count({ where: { id: sso.id } })).toBe(1);
  });

  it('bad ids are 400', async () => {
    const user = await createUser(t());
    expect((await unlink(user, 0)).statusCode).toBe(400);
    expect(
      (await t().app.inject({ method: 'DELETE', url: `${mine}/abc`, headers: user.headers })).statusCode,
    ).toBe(400);
  });
});

describe("'Только через SSO'", () => {
  it('refuses linking for an account its organization keeps to its SSO', async () => {
    const domain = `link-${Date.now().toString(36)}.example`;
    const owner = await createUser(t(), { email: `boss@${domain}`, planId: 3 });
    const member = await createUser(t(), { email: `staff@${domain}` });
    const organization = await createOrganization(t(), owner, { name: 'Бета', members: [member] });
    await t().prisma.organizationDomain.create({
      data: { organizationId: organization.id, domain, token: 't', verifiedAt: new Date() },
    });
    await t().prisma.ssoConnection.create({
      data: {
        organizationId: organization.id,
        issuer: 'https://id.example',
        clientId: 'c',
        clientSecretSealed: 's',
        enabled: true,
        enforce: true,
      },
    });
    const res = (await linkYandex(member, yandexAccount())).start;
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('«Бета»');
    // The owner is exempt.
    expect((await linkYandex(owner, yandexAccount())).back?.statusCode).toBe(302);
  });
});
