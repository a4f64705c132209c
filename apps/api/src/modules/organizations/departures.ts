import type { Tx } from '../../plugins/db/database';

/**
 * What a member's leaving (removed, or left) ends in the same transaction: the open invitations to their
 * address (so an old link cannot bring them back; decision 0130) and an ownership offer made to them
 * (decision 0133).
 */
export async function closeWhatAwaitedMember(tx: Tx, organizationId: number, userId: number, now: Date) {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true } });
  if (user) {
    await tx.invitation.updateMany({
      where: { organizationId, email: user.email, status: 'pending' },
      data: { status: 'revoked', closedAt: now },
    });
  }
  await tx.ownershipTransfer.updateMany({
    where: { organizationId, toUserId: userId, status: 'pending' },
    data: { status: 'cancelled', closedAt: now },
  });
}
