import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createOrganization, createUser, uniqueEmail } from '../../../test/factories';
import { invite, mailedInviteTokens, restCall } from '../../../test/teams';

// Issue 27 item 3 (decision 0191): an invitation of type 3 is resent and revoked by the owner or a site admin
// only, as only they may issue one; an organization admin gets 403 and nothing changes.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function team() {
  const owner = await createUser(t, { planId: 2 });
  const orgAdmin = await createUser(t);
  const org = await createOrganization(t, owner, { members: [{ id: orgAdmin.id, typeId: 3 }] });
  return { owner, orgAdmin, org };
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
const row = (id: number) => t.prisma.invitation.findUniqueOrThrow({ where: { id } });

describe('admin invitations (type 3) and organization admins', () => {
  it('an organization admin may neither resend nor revoke a type-3 invitation: 403, nothing changes', async () => {
    const { owner, orgAdmin, org } = await team();
    const email = uniqueEmail('admin-inv');
    const inv = await invite(t, owner, org.id, email, 3);
    await t.prisma.invitation.update({ where: { id: inv.id }, data: { sentAt: minutesAgo(5) } });
    const before = await row(inv.id);
    const mailsBefore = mailedInviteTokens(t, email).length;

    const resent = await restCall(
      t,
      'POST',
      `/organizations/${org.id}/invitations/${inv.id}/resend`,
      orgAdmin,
    );
    expect(resent.statusCode, resent.body).toBe(403);
    expect(resent.json()).toMatchObject({
      success: false,
      message: 'Приглашения администраторов может отправлять и отзывать только владелец организации',
    });
    const revoked = await restCall(t, 'DELETE', `/organizations/${org.id}/invitations/${inv.id}`, orgAdmin);
    expect(revoked.statusCode, revoked.body).toBe(403);

    expect(await row(inv.id)).toEqual(before);
    expect(mailedInviteTokens(t, email)).toHaveLength(mailsBefore);
    expect(
      await t.prisma.auditEvent.count({
        where: { organizationId: org.id, action: { in: ['invitation.resent', 'invitation.revoked'] } },
      }),
    ).toBe(0);
  });

  it('resending an expired type-3 invitation is issuing one: 403 for an organization admin', async () => {
    const { owner, orgAdmin, org } = await team();
    const inv = await invite(t, owner, org.id, uniqueEmail('expired-admin'), 3);
    await t.prisma.invitation.update({
      where: { id: inv.id },
      data: { sentAt: minutesAgo(60 * 24 * 8), expiresAt: minutesAgo(60) },
    });
    const before = await row(inv.id);
    const resent = await restCall(
      t,
      'POST',
      `/organizations/${org.id}/invitations/${inv.id}/resend`,
      orgAdmin,
    );
    expect(resent.statusCode, resent.body).toBe(403);
    expect(await row(inv.id)).toEqual(before);
  });

  it('the owner and a site admin resend and revoke it; an organization admin still handles type 2', async () => {
    const { owner, orgAdmin, org } = await team();
    const admin = await createAdmin(t);
    const inv = await invite(t, owner, org.id, uniqueEmail('by-owner'), 3);
    await t.prisma.invitation.update({ where: { id: inv.id }, data: { sentAt: minutesAgo(5) } });
    const byOwner = await restCall(t, 'POST', `/organizations/${org.id}/invitations/${inv.id}/resend`, owner);
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    const bySiteAdmin = await restCall(t, 'DELETE', `/organizations/${org.id}/invitations/${inv.id}`, admin);
    expect(bySiteAdmin.statusCode, bySiteAdmin.body).toBe(200);
    expect((await row(inv.id)).status).toBe('revoked');

    const member = await invite(t, orgAdmin, org.id, uniqueEmail('type-two'));
    await t.prisma.invitation.update({ where: { id: member.id }, data: { sentAt: minutesAgo(5) } });
    const resent = await restCall(
      t,
      'POST',
      `/organizations/${org.id}/invitations/${member.id}/resend`,
      orgAdmin,
    );
    expect(resent.statusCode, resent.body).toBe(200);
    const revoked = await restCall(
      t,
      'DELETE',
      `/organizations/${org.id}/invitations/${member.id}`,
      orgAdmin,
    );
    expect(revoked.statusCode, revoked.body).toBe(200);
  });
});
