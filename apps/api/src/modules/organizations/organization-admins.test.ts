import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { startAddingIds } from '../../../test/desktop';
import { createAdmin, createOrganization, createUser, type TestUser } from '../../../test/factories';
import { invite, lookUp, restCall } from '../../../test/teams';

// Member type 3 'Администратор', an organization admin (issue 13, decision 0132): what they may and may not do.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user?: TestUser | null,
  body?: unknown,
) => restCall(t, method, url, user, body);

async function team() {
  const owner = await createUser(t, { planId: 2 });
  const orgAdmin = await createUser(t, { name: 'Анна Админ' });
  const otherAdmin = await createUser(t);
  const member = await createUser(t);
  const org = await createOrganization(t, owner, {
    name: 'Команда',
    members: [{ id: orgAdmin.id, typeId: 3 }, { id: otherAdmin.id, typeId: 3 }, { id: member.id }],
  });
  return { owner, orgAdmin, otherAdmin, member, org };
}

const typeOf = async (organizationId: number, userId: number) =>
  (await t.prisma.member.findUnique({ where: { organizationId_userId: { organizationId, userId } } }))
    ?.typeId ?? null;

describe('an organization admin (member type 3)', () => {
  it('manages members of type 2: adds, removes, accepts join requests', async () => {
    const { orgAdmin, member, org } = await team();
    const newcomer = await createUser(t);
    await lookUp(t, orgAdmin, newcomer);
    const added = await call('POST', `/organizations/add-member/${org.id}`, orgAdmin, {
      user_id: newcomer.id,
    });
    expect(added.statusCode, added.body).toBe(200);
    const removed = await call('DELETE', `/organizations/delete-member/${org.id}`, orgAdmin, {
      user_id: member.id,
    });
    expect(removed.statusCode).toBe(200);
    expect(await typeOf(org.id, member.id)).toBeNull();

    const requester = await createUser(t);
    await t.prisma.member.create({
      data: { organizationId: org.id, userId: requester.id, typeId: 2, status: 'pending' },
    });
    const pending = await call('GET', '/organizations/pending-users', orgAdmin);
    expect(pending.json().data.map((p: { account: { id: number } }) => p.account.id)).toEqual([requester.id]);
    const accepted = await call('POST', `/organizations/accept-member/${org.id}`, orgAdmin, {
      user_id: requester.id,
    });
    expect(accepted.statusCode).toBe(200);
  });

  it('manages invitations (type 2 only) and edits the name and avatar', async () => {
    const { orgAdmin, org } = await team();
    const inv = await invite(t, orgAdmin, org.id, `admin-invite.${Date.now()}@example.com`);
    expect((await call('GET', `/organizations/${org.id}/invitations`, orgAdmin)).statusCode).toBe(200);
    expect(
      (await call('DELETE', `/organizations/${org.id}/invitations/${inv.id}`, orgAdmin)).statusCode,
    ).toBe(200);
    const renamed = await call('PUT', `/organizations/${org.id}`, orgAdmin, { name: 'Новое имя', type: 2 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await t.prisma.organization.findUniqueOrThrow({ where: { id: org.id } })).name).toBe('Новое имя');
  });

  it('cannot delete the organization, transfer it, assign type 3, or change or remove another admin', async () => {
    const { owner, orgAdmin, otherAdmin, member, org } = await team();
    expect((await call('DELETE', `/organizations/${org.id}`, orgAdmin)).statusCode).toBe(403);
    expect(
      (await call('POST', `/organizations/${org.id}/transfer`, orgAdmin, { user_id: member.id })).statusCode,
    ).toBe(403);
    const promote = await call('PUT', `/organizations/update-member-type/${org.id}`, orgAdmin, {
      user_id: member.id,
      type: 3,
    });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe('Назначать администраторов может только владелец организации');
    const demoteOther = await call('PUT', `/organizations/update-member-type/${org.id}`, orgAdmin, {
      user_id: otherAdmin.id,
      type: 2,
    });
    expect(demoteOther.statusCode).toBe(403);
    const removeOther = await call('DELETE', `/organizations/delete-member/${org.id}`, orgAdmin, {
      user_id: otherAdmin.id,
    });
    expect(removeOther.statusCode).toBe(403);
    // The owner cannot be touched either: not removed, not demoted.
    expect(
      (await call('DELETE', `/organizations/delete-member/${org.id}`, orgAdmin, { user_id: owner.id }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await call('PUT', `/organizations/update-member-type/${org.id}`, orgAdmin, {
          user_id: owner.id,
          type: 2,
        })
      ).statusCode,
    ).toBe(409);
    expect(await typeOf(org.id, otherAdmin.id)).toBe(3);
    expect(await typeOf(org.id, member.id)).toBe(2);
    expect(await typeOf(org.id, owner.id)).toBe(1);
  });

  it('may step down to a member and may leave', async () => {
    const { orgAdmin, otherAdmin, org } = await team();
    const down = await call('PUT', `/organizations/update-member-type/${org.id}`, orgAdmin, {
      user_id: orgAdmin.id,
      type: 2,
    });
    expect(down.statusCode, down.body).toBe(200);
    expect(await typeOf(org.id, orgAdmin.id)).toBe(2);
    const leave = await call('DELETE', `/organizations/delete-member/${org.id}`, otherAdmin, {
      user_id: otherAdmin.id,
    });
    expect(leave.statusCode).toBe(200);
    expect(leave.json().message).toBe('Вы покинули организацию');
  });

  it('desktop finish-adding by an organization admin makes active members, as the owner’s does', async () => {
    const { orgAdmin, org } = await team();
    const newcomer = await createUser(t);
    await startAddingIds(t, orgAdmin, org.id, [newcomer.id]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/desktop/organizations/${org.id}/collaborators/finish-adding`,
      headers: { authorization: `Bearer ${orgAdmin.token}` },
      payload: { accountIds: [newcomer.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Участники добавлены',
      data: [{ account_id: newcomer.id, status: 'active', auto_linked: true }],
    });
  });
});

describe('the owner and site admins assign and change organization admins', () => {
  it('the owner promotes, demotes and removes an organization admin; a site admin does too', async () => {
    const { owner, orgAdmin, otherAdmin, member, org } = await team();
    const promote = await call('PUT', `/organizations/update-member-type/${org.id}`, owner, {
      user_id: member.id,
      type: 3,
    });
    expect(promote.statusCode).toBe(200);
    expect(await typeOf(org.id, member.id)).toBe(3);
    expect(
      (
        await call('PUT', `/organizations/update-member-type/${org.id}`, owner, {
          user_id: orgAdmin.id,
          type: 2,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call('DELETE', `/organizations/delete-member/${org.id}`, owner, { user_id: otherAdmin.id }))
        .statusCode,
    ).toBe(200);
    const siteAdmin = await createAdmin(t);
    expect(
      (
        await call('PUT', `/organizations/update-member-type/${org.id}`, siteAdmin, {
          user_id: orgAdmin.id,
          type: 3,
        })
      ).statusCode,
    ).toBe(200);
    expect(await typeOf(org.id, orgAdmin.id)).toBe(3);
  });

  it('a member (type 2) still only views: no manage call works', async () => {
    const { member, org } = await team();
    expect(
      (await call('PUT', `/organizations/${org.id}`, member, { name: 'Чужое', type: 2 })).statusCode,
    ).toBe(403);
    expect((await call('GET', `/organizations/${org.id}/invitations`, member)).statusCode).toBe(403);
    expect((await call('GET', '/organizations/pending-users', member)).json().data).toEqual([]);
  });
});
