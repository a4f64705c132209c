import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createOrganization, createUser, type TestUser } from '../../../test/factories';
import { restCall } from '../../../test/teams';

// Deleting an account that owns organizations (issue 13, decision 0134): one with other active members must
// be transferred or deleted first, for the user and for a site admin alike.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user?: TestUser | null, body?: unknown) =>
  restCall(t, method, url, user, body);

describe('DELETE /profile/delete/{id} of an owner', () => {
  it('409 naming the organizations with other members, for the user and a site admin; nothing changes', async () => {
    const me = await createUser(t);
    const colleague = await createUser(t);
    const shared = await createOrganization(t, me, { name: 'Общая', members: [{ id: colleague.id }] });
    const alone = await createOrganization(t, me, { name: 'Моя' });
    const preview = await call('GET', `/profile/delete-preview/${me.id}`, me);
    expect(preview.json().data.organizations).toEqual([
      { id: shared.id, name: 'Общая', members_count: 2, has_other_members: true },
      { id: alone.id, name: 'Моя', members_count: 1, has_other_members: false },
    ]);

    const self = await call('DELETE', `/profile/delete/${me.id}`, me);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(
      'Сначала передайте другому участнику или удалите организации, в которых есть другие участники: «Общая»',
    );
    const admin = await createAdmin(t);
    const byAdmin = await call('DELETE', `/profile/delete/${me.id}`, admin);
    expect(byAdmin.statusCode).toBe(409);
    expect(byAdmin.json().message).toMatch(/«Общая»/);
    expect(await t.prisma.user.count({ where: { id: me.id } })).toBe(1);
    expect(await t.prisma.organization.count({ where: { id: { in: [shared.id, alone.id] } } })).toBe(2);
    expect((await call('GET', '/profile/me', me)).statusCode).toBe(200);

    // A site admin deletes that organization first; then the account goes, with the one it owns alone.
    expect((await call('DELETE', `/organizations/${shared.id}`, admin)).statusCode).toBe(200);
    expect((await call('DELETE', `/profile/delete/${me.id}`, admin)).statusCode).toBe(200);
    expect(await t.prisma.organization.count({ where: { id: alone.id } })).toBe(0);
  });

  it('after the transfer is accepted, the account is deleted and the organization stays with its new owner', async () => {
    const me = await createUser(t, { planId: 2 });
    const heir = await createUser(t);
    const org = await createOrganization(t, me, { name: 'Передаваемая', members: [{ id: heir.id }] });
    expect(
      (await call('POST', `/organizations/${org.id}/transfer`, me, { user_id: heir.id })).statusCode,
    ).toBe(201);
    // While only offered, the account still owns it.
    expect((await call('DELETE', `/profile/delete/${me.id}`, me)).statusCode).toBe(409);
    expect((await call('POST', `/organizations/${org.id}/transfer/accept`, heir)).statusCode).toBe(200);
    const res = await call('DELETE', `/profile/delete/${me.id}`, me);
    expect(res.statusCode, res.body).toBe(200);
    const kept = await t.prisma.organization.findUniqueOrThrow({
      where: { id: org.id },
      include: { members: true },
    });
    expect(kept.ownerId).toBe(heir.id);
    expect(kept.members.map((m) => [m.userId, m.typeId])).toEqual([[heir.id, 1]]);
  });

  it('an invitation accepted while the owner deletes the account: never a member of a deleted organization', async () => {
    const me = await createUser(t);
    const org = await createOrganization(t, me);
    const invitee = await createUser(t);
    const inv = await call('POST', `/organizations/${org.id}/invitations`, me, {
      email: invitee.email,
      type_id: 2,
    });
    const [accept, deletion] = await Promise.all([
      call('POST', `/invitations/${inv.json().data.id}/accept`, invitee),
      call('DELETE', `/profile/delete/${me.id}`, me),
    ]);
    const orgLeft = await t.prisma.organization.count({ where: { id: org.id } });
    if (deletion.statusCode === 200) {
      // The account went first, with its organization; the accept found nothing.
      expect(orgLeft).toBe(0);
      expect(accept.statusCode).not.toBe(200);
    } else {
      // The invitee joined first: the organization has another member and the deletion is refused.
      expect(accept.statusCode).toBe(200);
      expect(deletion.statusCode).toBe(409);
      expect(orgLeft).toBe(1);
    }
    expect(
      await t.prisma.member.count({ where: { userId: invitee.id, organization: { ownerId: me.id } } }),
    ).toBe(deletion.statusCode === 200 ? 0 : 1);
  });
});
