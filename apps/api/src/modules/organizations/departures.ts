import type { AuditAction } from '@cabinet/contracts';
import { type AuditContext, recordAudit } from '../../lib/audit';
import type { Tx } from '../../plugins/db/database';

/**
 * What a member's leaving (removed, or left) ends in the same transaction: the open invitations to their
 * address (so an old link cannot bring them back; decision 0130) and an ownership offer made to them
 * (decision 0133). Each ends with its own event, its reason the code of the leaving (decision 0136).
 */
export async function closeWhatAwaitedMember(
  tx: Tx,
  ctx: AuditContext,
  { organizationId, userId, reason }: { organizationId: number; userId: number; reason: AuditAction },
) {
  const { now } = ctx;
  const user = await tx.user.findUnique({ where: { id: userId }, select: { name: true, email: true } });
  if (user) {
    const revoked = await tx.invitation.updateManyAndReturn({
      where: { organizationId, email: user.email, status: 'pending' },
      data: { status: 'revoked', closedAt: now },
      select: { id: true },
    });
    for (const { id } of revoked) {
      await recordAudit(tx, ctx, {
        action: 'invitation.revoked',
        targetId: id,
        organizationId,
        details: { email: user.email, reason },
      });
    }
  }
  const cancelled = await tx.ownershipTransfer.updateManyAndReturn({
    where: { organizationId, toUserId: userId, status: 'pending' },
    data: { status: 'cancelled', closedAt: now },
    select: { id: true, fromUserId: true },
  });
  for (const { id, fromUserId } of cancelled) {
    await recordAudit(tx, ctx, {
      action: 'transfer.cancelled',
      targetId: id,
      organizationId,
      details: {
        from_user_id: fromUserId,
        to_user_id: userId,
        to_name: user?.name ?? null,
        to_email: user?.email ?? null,
        reason,
      },
    });
  }
}
