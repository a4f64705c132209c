import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { desktopCall } from '../../../test/desktop';
import {
  createAdmin,
  createOrganization,
  createUnverified as createUnverifiedAccount,
  createUser,
  type TestUser,
} from '../../../test/factories';

// Accounts that never completed sign-in stay invisible to the desktop calls, and start-adding is limited
// per caller (docs/decisions/0086 and 0087).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, user: TestUser, payload?: object) =>
  desktopCall(t, method, url, user, payload);
const accountIds = (res: { json(): { data: { account_id: number }[] } }) =>
  res.json().data.map((m) => m.account_id);

const createUnverified = (name = '') => createUnverifiedAccount(t, name);

describe('accounts that never completed sign-in', () => {
  it('are not among the collaborators a member sees; a site admin who is a member sees them', async () => {
    const owner = await createUser(t);
    const admin = await createAdmin(t);
    const unverified = await createUnverified('Не вошедший');
    const org = await createOrganization(t, owner, { members: [{ id: admin.id }, { id: unverified.id }] });

    const list = await call('GET', `/${org.id}/collaborators`, owner);
    expect(list.statusCode).toBe(200);
    expect(accountIds(list)).toEqual([owner.id, admin.id]);
    expect(list.json().meta.total).toBe(2);
    const search = await call(
      'GET',
      `/${org.id}/collaborators/search/${encodeURIComponent('Не вошедший')}`,
      owner,
    );
    expect(search.json()).toMatchObject({ data: [], meta: { total: 0 } });
    const byName = await call(
      'GET',
      `/${org.id}/collaborators?name=${encodeURIComponent(unverified.email)}`,
      owner,
    );
    expect(byName.json().data).toEqual([]);

    expect(accountIds(await call('GET', `/${org.id}/collaborators`, admin))).toEqual([
      owner.id,
      admin.id,
      unverified.id,
    ]);
  });

  it('start-adding answers them as no account (site admins: the account)', async () => {
    const owner = await createUser(t);
    const admin = await createAdmin(t);
    const verified = await createUser(t);
    const unverified = await createUnverified();
    const org = await createOrganization(t, owner, { members: [{ id: admin.id }] });
    const emails = [verified.email, unverified.email];

    const res = await call('POST', `/${org.id}/collaborators/start-adding`, owner, { emails });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { email: verified.email, accountId: verified.id, publicKey: null, autoLinked: false },
      { email: unverified.email, accountId: null, publicKey: null, autoLinked: false },
    ]);
    const byAdmin = await call('POST', `/${org.id}/collaborators/start-adding`, admin, { emails });
    expect(byAdmin.json().data[1]).toMatchObject({ email: unverified.email, accountId: unverified.id });
  });
  it('finish-adding refuses them as an unknown account (404, nothing created); site admins may add them', async () => {
    const owner = await createUser(t);
    const member = await createUser(t);
    const admin = await createAdmin(t);
    const verified = await createUser(t);
    const unverified = await createUnverified();
    const org = await createOrganization(t, owner, { members: [{ id: member.id }, { id: admin.id }] });
    const finish = (who: TestUser, accountIds: number[]) =>
      call('POST', `/${org.id}/collaborators/finish-adding`, who, { accountIds });

    for (const who of [owner, member]) {
      const res = await finish(who, [verified.id, unverified.id]);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ success: false, data: null, message: 'Пользователь не найден' });
      expect(res.body).not.toContain(unverified.email);
    }
    expect(await t.prisma.member.count({ where: { organizationId: org.id, userId: unverified.id } })).toBe(0);
    expect(await t.prisma.member.count({ where: { organizationId: org.id, userId: verified.id } })).toBe(0);

    const byAdmin = await finish(admin, [unverified.id]);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await t.prisma.member.count({ where: { organizationId: org.id, userId: unverified.id } })).toBe(1);
  });
});

describe('start-adding limit', () => {
  it('61st call in a minute is 429 with Retry-After and a Russian message; site admins are not limited', async () => {
    const owner = await createUser(t);
    const admin = await createAdmin(t);
    const org = await createOrganization(t, owner, { members: [{ id: admin.id }] });
    const probe = (who: TestUser, i: number) =>
      call('POST', `/${org.id}/collaborators/start-adding`, who, { emails: [`probe${i}@example.com`] });
    for (let i = 0; i < 60; i++) expect((await probe(owner, i)).statusCode).toBe(200);
    const limited = await probe(owner, 60);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', data: null });
    expect(limited.json().message).toMatch(/^Слишком много запросов, попробуйте через \d+ с$/);
    // Other callers have their own budget; the collaborators list is not limited.
    const member = await createUser(t);
    await t.prisma.member.create({ data: { organizationId: org.id, userId: member.id } });
    expect((await probe(member, 0)).statusCode).toBe(200);
    expect((await call('GET', `/${org.id}/collaborators`, owner)).statusCode).toBe(200);
    for (let i = 0; i < 61; i++) expect((await probe(admin, i)).statusCode).toBe(200);
  });
});

describe('finish-adding limit', () => {
  it('61st call in a minute is 429, like add-member (both add accounts by id); site admins are not limited', async () => {
    const owner = await createUser(t);
    const admin = await createAdmin(t);
    const member = await createUser(t);
    const org = await createOrganization(t, owner, { members: [{ id: admin.id }, { id: member.id }] });
    // Adding an existing member changes nothing and answers 200: only the count moves.
    const finish = (who: TestUser) =>
      call('POST', `/${org.id}/collaborators/finish-adding`, who, { accountIds: [member.id] });
    for (let i = 0; i < 60; i++) expect((await finish(owner)).statusCode).toBe(200);
    const limited = await finish(owner);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Слишком много запросов, попробуйте через \d+ с$/);
    expect((await finish(member)).statusCode).toBe(200);
    for (let i = 0; i < 61; i++) expect((await finish(admin)).statusCode).toBe(200);
  });
});
