import { invitationTokenHash } from '../src/modules/invitations/invitations.mapper';
import type { TestApp } from './build-test-app';
import { createOrganization, createUser, randomToken, type TestUser } from './factories';

// A signed-in person with something on every screen (issue 12's calls): organizations owned (with join
// requests and invitations) and joined, invitations to their address, ownership offers to them, and an
// invitation link. Made directly in the database, `count` of each.

export interface ScreenPersona {
  me: TestUser;
  ownedId: number;
  /** The link token of an open invitation to someone else into `ownedId`. */
  inviteToken: string;
}

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000);

export async function createScreenPersona(t: TestApp, count: number): Promise<ScreenPersona> {
  const me = await createUser(t, { name: 'Персона', planId: 3 });
  const friends = await Promise.all([0, 1, 2].map(() => createUser(t, { planId: 3 })));
  const [a, b, c] = friends as [TestUser, TestUser, TestUser];
  const owned: number[] = [];
  for (let k = 0; k < count; k++) {
    const mine = await createOrganization(t, me, {
      members: [{ id: a.id }, { id: b.id, typeId: 3 }, { id: c.id, status: 'pending' }],
    });
    owned.push(mine.id);
    const theirs = await createOrganization(t, a, { members: [{ id: me.id }, { id: b.id }] });
    await t.prisma.invitation.create({
      data: {
        organizationId: theirs.id,
        email: me.email,
        typeId: 2,
        tokenHash: invitationTokenHash(randomToken()),
        invitedById: a.id,
        sentAt: new Date(),
        expiresAt: inDays(7),
      },
    });
    await t.prisma.ownershipTransfer.create({
      data: { organizationId: theirs.id, fromUserId: a.id, toUserId: me.id, expiresAt: inDays(7) },
    });
  }
  const ownedId = owned[0] as number;
  const inviteToken = randomToken();
  for (let k = 0; k < count; k++) {
    await t.prisma.invitation.create({
      data: {
        organizationId: ownedId,
        email: `guest${k}.${ownedId}@example.com`,
        typeId: 2,
        tokenHash: invitationTokenHash(k === 0 ? inviteToken : randomToken()),
        invitedById: me.id,
        sentAt: new Date(),
        expiresAt: inDays(k % 2 === 0 ? 7 : -1),
      },
    });
  }
  return { me, ownedId, inviteToken };
}
