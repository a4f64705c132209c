import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { desktopCall, startAddingIds } from '../../../test/desktop';
import { createAdmin, createOrganization, createUser, type TestUser } from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The desktop app authenticates with Authorization: Bearer. */
const call = (method: 'GET' | 'POST', url: string, user?: TestUser | null, payload?: unknown) =>
  desktopCall(t, method, url, user, payload);

async function team(ownerData: Parameters<typeof createUser>[1] = {}) {
  const owner = await createUser(t, { name: 'Владелица Анна', ...ownerData });
  const member = await createUser(t, { name: 'Борис Участник' });
  const requester = await createUser(t, { name: 'Вера Просит' });
  const org = await createOrganization(t, owner, {
    members: [{ id: member.id }, { id: requester.id, status: 'pending' }],
  });
  return { owner, member, requester, org };
}

describe('access', () => {
  it('401 without a token, 404 for strangers, pending members and non-member admins', async () => {
    const { org, requester } = await team();
    const urls: ['GET' | 'POST', string, unknown][] = [
      ['GET', `/${org.id}/collaborators`, undefined],
      ['GET', `/${org.id}/collaborators/search/abc`, undefined],
      ['POST', `/${org.id}/collaborators/start-adding`, { emails: ['a@example.com'] }],
      ['POST', `/${org.id}/collaborators/finish-adding`, { accountIds: [requester.id] }],
    ];
    const stranger = await createUser(t);
    const admin = await createAdmin(t);
    for (const [method, url, payload] of urls) {
      expect((await call(method, url, null, payload)).statusCode).toBe(401);
      for (const user of [stranger, requester, admin]) {
        const res = await call(method, url, user, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().message).toBe('Организация не найдена');
      }
    }
    expect(await t.prisma.member.count({ where: { organizationId: org.id } })).toBe(3);
  });

  it.each(['abc', '-1', '1.5', '2147483648'])('refuses the organization id %s with 400', async (id) => {
    const { member } = await team();
    expect((await call('GET', `/${id}/collaborators`, member)).statusCode).toBe(400);
    expect(
      (await call('POST', `/${id}/collaborators/start-adding`, member, { emails: ['a@b.ru'] })).statusCode,
    ).toBe(400);
  });
});

describe('GET /{id}/collaborators and /collaborators/search/{search}', () => {
  it('lists members with their accounts, owner first', async () => {
    const { org, owner, member, requester } = await team();
    const res = await call('GET', `/${org.id}/collaborators`, member);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, meta: { page: 1, pages: 1, perPage: 20, total: 3 } });
    expect(body.data.map((m: { account_id: number }) => m.account_id)).toEqual([
      owner.id,
      member.id,
      requester.id,
    ]);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      account: { id: owner.id, name: 'Владелица Анна', email: owner.email, avatar_url: null },
      account_id: owner.id,
      organization_id: org.id,
      type_id: 1,
      type: { id: 1, code: 'owner', name: 'Владелец' },
      status: 'active',
      public_key: null,
      auto_linked: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(body.data[2].status).toBe('pending');

    const page = await call('GET', `/${org.id}/collaborators?perPage=2&page=2`, member);
    expect(page.json().data.map((m: { account_id: number }) => m.account_id)).toEqual([requester.id]);

    const byName = await call('GET', `/${org.id}/collaborators?name=${encodeURIComponent('борис')}`, member);
    expect(byName.json().data.map((m: { account_id: number }) => m.account_id)).toEqual([member.id]);

    const byEmail = await call(
      'GET',
      `/${org.id}/collaborators/search/${encodeURIComponent(requester.email)}`,
      owner,
    );
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().data.map((m: { account_id: number }) => m.account_id)).toEqual([requester.id]);

    const wildcard = await call('GET', `/${org.id}/collaborators?name=%25`, owner);
    expect(wildcard.json().meta.total).toBe(0);

    const search = await call('GET', `/${org.id}/collaborators/search/${encodeURIComponent('Анна')}`, owner);
    expect(search.json()).toMatchObject({ meta: { total: 1 }, data: [{ account_id: owner.id }] });
  });

  it('refuses bad queries', async () => {
    const { org, member } = await team();
    for (const query of ['page=0', 'perPage=101', 'extra=1', `name=${'x'.repeat(10_000)}`, 'name=%00']) {
      expect((await call('GET', `/${org.id}/collaborators?${query}`, member)).statusCode, query).toBe(400);
    }
    expect((await call('GET', `/${org.id}/collaborators/search/%00`, member)).statusCode).toBe(400);
    expect((await call('GET', `/${org.id}/collaborators/search/${'y'.repeat(300)}`, member)).statusCode).toBe(
      400,
    );
  });
});

describe('POST /{id}/collaborators/start-adding', () => {
  it('answers per e-mail with the account, key and auto-link of its membership here', async () => {
    const { org, member, requester } = await team();
    await t.prisma.member.update({
      where: { organizationId_userId: { organizationId: org.id, userId: requester.id } },
      data: { publicKey: 'sealed-key', autoLinked: true },
    });
    const outsider = await createUser(t);
    const res = await call('POST', `/${org.id}/collaborators/start-adding`, member, {
      emails: [
        requester.email.toUpperCase(),
        outsider.email,
        'nobody.here@example.com',
        ` ${outsider.email} `,
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: expect.any(String),
      data: [
        { email: requester.email, accountId: requester.id, publicKey: 'sealed-key', autoLinked: true },
        { email: outsider.email, accountId: outsider.id, publicKey: null, autoLinked: false },
        { email: 'nobody.here@example.com', accountId: null, publicKey: null, autoLinked: false },
      ],
    });
  });

  it.each([
    [{}],
    [{ emails: [] }],
    [{ emails: ['not-an-email'] }],
    [{ emails: 'a@b.ru' }],
    [{ emails: Array.from({ length: 101 }, (_, i) => `u${i}@example.com`) }],
    [{ emails: ['a@b.ru'], extra: 1 }],
    [{ emails: [`${'a'.repeat(10_000)}@example.com`] }],
    [{ emails: ['a\u0000@b.ru'] }],
  ])('refuses %j with 400', async (payload) => {
    const { org, member } = await team();
    const res = await call('POST', `/${org.id}/collaborators/start-adding`, member, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });
});

describe('POST /{id}/collaborators/finish-adding', () => {
  it('creates join requests with their keys when a member calls; twice changes nothing', async () => {
    const { org, owner, member, requester } = await team({
      planId: 2,
      planExpiresAt: new Date(Date.now() + 86_400_000),
    });
    const [a, b] = await Promise.all([createUser(t), createUser(t)]);
    await startAddingIds(t, member, org.id, [a.id, b.id]);
    const payload = { accountIds: [a.id, b.id, member.id], keys: { [a.id]: 'key-for-a' } };
    const res = await call('POST', `/${org.id}/collaborators/finish-adding`, member, payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Запросы на вступление отправлены');
    expect(
      res
        .json()
        .data.map((m: { account_id: number; status: string; public_key: string | null }) => [
          m.account_id,
          m.status,
          m.public_key,
        ]),
    ).toEqual([
      [a.id, 'pending', 'key-for-a'],
      [b.id, 'pending', null],
      [member.id, 'active', null],
    ]);
    const before = await t.prisma.member.findMany({
      where: { organizationId: org.id },
      orderBy: { id: 'asc' },
    });

    const again = await call('POST', `/${org.id}/collaborators/finish-adding`, member, {
      accountIds: [a.id, b.id],
      keys: { [a.id]: 'other', [b.id]: 'other' },
    });
    expect(again.statusCode).toBe(200);
    const after = await t.prisma.member.findMany({
      where: { organizationId: org.id },
      orderBy: { id: 'asc' },
    });
    expect(after).toEqual(before);

    // The owner now sees them as join requests.
    const pending = await t.app.inject({
      url: '/api/v1/rest/organizations/pending-users?perPage=100',
      headers: owner.headers,
    });
    expect(
      pending
        .json()
        .data.map((p: { account: { id: number } }) => p.account.id)
        .sort(),
    ).toEqual([a.id, b.id, requester.id].sort());
  });

  it('adds active, auto-linked members at once when the owner calls', async () => {
    const { org, owner } = await team();
    const newcomer = await createUser(t);
    await startAddingIds(t, owner, org.id, [newcomer.id]);
    const res = await call('POST', `/${org.id}/collaborators/finish-adding`, owner, {
      accountIds: [newcomer.id],
      keys: { [newcomer.id]: 'k'.repeat(10_000) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Участники добавлены');
    expect(res.json().data[0]).toMatchObject({
      account_id: newcomer.id,
      status: 'active',
      auto_linked: true,
      type_id: 2,
    });
    const start = await call('POST', `/${org.id}/collaborators/start-adding`, owner, {
      emails: [newcomer.email],
    });
    expect(start.json().data[0]).toMatchObject({ accountId: newcomer.id, autoLinked: true });
    expect(start.json().data[0].publicKey).toHaveLength(10_000);
  });

  it('refuses unknown accounts as a whole, and bad bodies', async () => {
    const { org, member } = await team();
    const known = await createUser(t);
    const res = await call('POST', `/${org.id}/collaborators/finish-adding`, member, {
      accountIds: [known.id, 2_000_000_000],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Пользователь не найден');
    expect(await t.prisma.member.count({ where: { organizationId: org.id, userId: known.id } })).toBe(0);

    for (const payload of [
      {},
      { accountIds: [] },
      { accountIds: ['abc'] },
      { accountIds: [-1] },
      { accountIds: [2147483648] },
      { accountIds: Array.from({ length: 101 }, (_, i) => i + 1) },
      { accountIds: [known.id], keys: { [known.id]: 'k'.repeat(10_001) } },
      { accountIds: [known.id], keys: { 999: 'not in the list' } },
      { accountIds: [known.id], keys: { abc: 'x' } },
      { accountIds: [known.id], keys: { [known.id]: 'nul\u0000' } },
      { accountIds: [known.id], extra: true },
    ]) {
      const bad = await call('POST', `/${org.id}/collaborators/finish-adding`, member, payload);
      expect(bad.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    expect(await t.prisma.member.count({ where: { organizationId: org.id, userId: known.id } })).toBe(0);
  });

  it('enforces the owner’s member limit', async () => {
    const { org, member } = await team();
    const users = await Promise.all(Array.from({ length: 3 }, () => createUser(t)));
    await startAddingIds(
      t,
      member,
      org.id,
      users.map((u) => u.id),
    );
    const res = await call('POST', `/${org.id}/collaborators/finish-adding`, member, {
      accountIds: users.map((u) => u.id),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'LIMIT',
      message: expect.stringContaining('Перейдите на тариф «Про»'),
    });
    expect(await t.prisma.member.count({ where: { organizationId: org.id } })).toBe(3);
    const two = await call('POST', `/${org.id}/collaborators/finish-adding`, member, {
      accountIds: users.slice(0, 2).map((u) => u.id),
    });
    expect(two.statusCode).toBe(200);
    expect(await t.prisma.member.count({ where: { organizationId: org.id } })).toBe(5);
  });
});

describe('OpenAPI', () => {
  it('documents the desktop calls', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    for (const path of [
      '/api/v1/desktop/organizations/{id}/collaborators',
      '/api/v1/desktop/organizations/{id}/collaborators/search/{search}',
      '/api/v1/desktop/organizations/{id}/collaborators/start-adding',
      '/api/v1/desktop/organizations/{id}/collaborators/finish-adding',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    const finish = doc.paths['/api/v1/desktop/organizations/{id}/collaborators/finish-adding'].post;
    expect(JSON.stringify(finish.requestBody)).toContain('accountIds');
  });
});
