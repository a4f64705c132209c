import { OPEN_JOIN_REQUESTS_MAX } from '@cabinet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { startAddingIds } from '../../../test/desktop';
import { createOrganization, createUser, type TestUser } from '../../../test/factories';

// Join requests made by finish-adding: who asked, and how many may wait (decision 0098).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The desktop's two steps: start-adding with the e-mails, then finish-adding with the ids. */
const finishAdding = async (user: TestUser, organizationId: number, accountIds: number[]) => {
  await startAddingIds(t, user, organizationId, accountIds);
  return finishAddingOnly(user, organizationId, accountIds);
};

const finishAddingOnly = (user: TestUser, organizationId: number, accountIds: number[]) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/desktop/organizations/${organizationId}/collaborators/finish-adding`,
    headers: { authorization: `Bearer ${user.token}` },
    payload: { accountIds },
  });

const pendingUsers = async (owner: TestUser) => {
  const res = await t.app.inject({
    url: '/api/v1/rest/organizations/pending-users?perPage=100',
    headers: owner.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { account: { id: number }; requested_by: unknown }[];
};

const users = (n: number) => Promise.all(Array.from({ length: n }, () => createUser(t)));

/** An owner on 'Корп' (room for many members) with two active members. */
async function team() {
  const owner = await createUser(t, {
    name: 'Ольга Владелица',
    planId: 3,
    planExpiresAt: new Date(Date.now() + 30 * 86_400_000),
  });
  const member = await createUser(t, { name: 'Инна Внутри' });
  const colleague = await createUser(t, { name: 'Пётр Коллега' });
  const org = await createOrganization(t, owner, { members: [{ id: member.id }, { id: colleague.id }] });
  return { owner, member, colleague, org };
}

const openRequestsOf = (requester: TestUser, organizationId: number) =>
  t.prisma.member.count({ where: { organizationId, requestedById: requester.id, status: 'pending' } });

describe('who asked for a join request', () => {
  it('is recorded and shown to the owner in pending-users as requested_by', async () => {
    const { owner, member, org } = await team();
    const [wanted, invitedOtherwise] = await users(2);
    if (!wanted || !invitedOtherwise) throw new Error('no users');
    await t.prisma.member.create({
      data: { organizationId: org.id, userId: invitedOtherwise.id, status: 'pending' },
    });
    expect((await finishAdding(member, org.id, [wanted.id])).statusCode).toBe(200);

    const requests = await pendingUsers(owner);
    expect(requests.find((r) => r.account.id === wanted.id)?.requested_by).toEqual({
      id: member.id,
      name: 'Инна Внутри',
      email: member.email,
    });
    // A pending row that did not come from finish-adding has no requester.
    expect(requests.find((r) => r.account.id === invitedOtherwise.id)?.requested_by).toBeNull();
  });

  it('becomes null when the account that asked is deleted; the request stays', async () => {
    const { owner, colleague, org } = await team();
    const [wanted] = await users(1);
    if (!wanted) throw new Error('no user');
    expect((await finishAdding(colleague, org.id, [wanted.id])).statusCode).toBe(200);
    await t.prisma.user.delete({ where: { id: colleague.id } });
    const requests = await pendingUsers(owner);
    expect(requests.filter((r) => r.account.id === wanted.id)).toEqual([
      expect.objectContaining({ requested_by: null }),
    ]);
  });

  it('is recorded for members the owner adds at once too', async () => {
    const { owner, org } = await team();
    const [newcomer] = await users(1);
    if (!newcomer) throw new Error('no user');
    expect((await finishAdding(owner, org.id, [newcomer.id])).statusCode).toBe(200);
    const row = await t.prisma.member.findUniqueOrThrow({
      where: { organizationId_userId: { organizationId: org.id, userId: newcomer.id } },
    });
    expect(row).toMatchObject({ status: 'active', requestedById: owner.id });
  });
});

describe(`at most ${OPEN_JOIN_REQUESTS_MAX} open requests per member who is not the owner, per organization`, () => {
  it('refuses the request past the limit with 409, creating nothing; a repeated call still changes nothing', async () => {
    expect(OPEN_JOIN_REQUESTS_MAX).toBe(3);
    const { member, org } = await team();
    const [a, b, c, d] = await users(4);
    if (!a || !b || !c || !d) throw new Error('no users');
    expect((await finishAdding(member, org.id, [a.id, b.id])).statusCode).toBe(200);
    expect((await finishAdding(member, org.id, [c.id])).statusCode).toBe(200);

    const refused = await finishAdding(member, org.id, [d.id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      message:
        'Не более 3 запросов на вступление могут ждать решения владельца: ваших уже ждут 3, новых 1. ' +
        'Дождитесь, пока владелец примет или отклонит отправленные.',
      data: null,
      code: 'LIMIT',
    });
    expect(await t.prisma.member.count({ where: { organizationId: org.id, userId: d.id } })).toBe(0);

    // The same accounts again: nothing new, so nothing to refuse and nothing changed.
    const before = await t.prisma.member.findMany({
      where: { organizationId: org.id },
      orderBy: { id: 'asc' },
    });
    const again = await finishAdding(member, org.id, [a.id, b.id, c.id]);
    expect(again.statusCode, again.body).toBe(200);
    const after = await t.prisma.member.findMany({
      where: { organizationId: org.id },
      orderBy: { id: 'asc' },
    });
    expect(after).toEqual(before);
  });

  it('refuses a batch that would pass the limit as a whole', async () => {
    const { member, org } = await team();
    const batch = await users(4);
    const res = await finishAdding(
      member,
      org.id,
      batch.map((u) => u.id),
    );
    expect(res.statusCode).toBe(409);
    expect(await openRequestsOf(member, org.id)).toBe(0);
  });

  it('frees a place when the owner accepts or rejects a request', async () => {
    const { owner, member, org } = await team();
    const [a, b, c, d, e] = await users(5);
    if (!a || !b || !c || !d || !e) throw new Error('no users');
    expect((await finishAdding(member, org.id, [a.id, b.id, c.id])).statusCode).toBe(200);
    expect((await finishAdding(member, org.id, [d.id])).statusCode).toBe(409);
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/v1/rest/organizations/accept-member/${org.id}`,
      headers: owner.headers,
      payload: { user_id: a.id },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    expect((await finishAdding(member, org.id, [d.id])).statusCode).toBe(200);
    const reject = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/rest/organizations/delete-member/${org.id}`,
      headers: owner.headers,
      payload: { user_id: b.id },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect((await finishAdding(member, org.id, [e.id])).statusCode).toBe(200);
    expect(await openRequestsOf(member, org.id)).toBe(3);
  });

  it('counts each member and each organization apart; the owner has no such limit', async () => {
    const { owner, member, colleague, org } = await team();
    const other = await createOrganization(t, owner, { members: [{ id: member.id }] });
    const batch = await users(8);
    const ids = batch.map((u) => u.id);
    expect((await finishAdding(member, org.id, ids.slice(0, 3))).statusCode).toBe(200);
    expect((await finishAdding(colleague, org.id, ids.slice(3, 6))).statusCode).toBe(200);
    expect((await finishAdding(member, other.id, ids.slice(0, 3))).statusCode).toBe(200);
    const byOwner = await finishAdding(owner, org.id, ids.slice(6, 8));
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json().data.map((m: { status: string }) => m.status)).toEqual(['active', 'active']);
    expect(await openRequestsOf(member, org.id)).toBe(3);
    expect(await openRequestsOf(colleague, org.id)).toBe(3);
    expect(await openRequestsOf(member, other.id)).toBe(3);
  });

  it('holds when calls run at once', async () => {
    const { member, org } = await team();
    const batch = await users(6);
    const answers = await Promise.all(
      [0, 2, 4].map((i) =>
        finishAdding(
          member,
          org.id,
          batch.slice(i, i + 2).map((u) => u.id),
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await openRequestsOf(member, org.id)).toBe(2);
  });
});
