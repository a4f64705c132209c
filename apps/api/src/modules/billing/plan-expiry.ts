import { BASIC_PLAN_ID } from '@cabinet/contracts';
import { recordAudit } from '../../lib/audit';
import type { JobContext } from '../../lib/jobs';
import { transaction } from '../../plugins/db/database';
import { queueLateEndNotice } from './plan-notices';

// The end of the grace period (docs/decisions/0153-grace-period.md): a user whose paid plan ended more than
// PLAN_GRACE_DAYS ago is moved back to 'Базовый' in the database, with a 'plan.expired' audit event. The
// plan in force already reads as 'Базовый' from that moment (plans.mapper effectivePlanId); the job makes
// the row say so and records when. Nothing else changes: no data is deleted. A user moved without an
// end-of-plan mail for that plan end (the server was down through the grace period) gets it now, once
// (decision 0187).

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

export async function expireGracePeriods(ctx: JobContext): Promise<number> {
  const { now } = ctx;
  const cutoff = new Date(now.getTime() - ctx.config.PLAN_GRACE_DAYS * DAY_MS);
  let moved = 0;
  let mailed = 0;
  for (;;) {
    const users = await ctx.prisma.$queryRaw<{ id: number }[]>`
      SELECT id FROM users
      WHERE plan_id <> ${BASIC_PLAN_ID} AND plan_expires_at <= ${cutoff}
      ORDER BY plan_expires_at, id LIMIT ${BATCH}`;
    let changed = 0;
    for (const { id } of users) {
      const done = await transaction(ctx.prisma, async (tx) => {
        // Under the row lock a payment cannot slip between the check and the move.
        const [user] = await tx.$queryRaw<{ plan_id: number; plan_expires_at: Date | null }[]>`
          SELECT plan_id, plan_expires_at FROM users WHERE id = ${id} FOR UPDATE`;
        if (!user || user.plan_id === BASIC_PLAN_ID || !user.plan_expires_at) return false;
        if (user.plan_expires_at.getTime() > cutoff.getTime()) return false;
        if (await queueLateEndNotice(ctx, tx, id, user.plan_expires_at)) mailed++;
        await tx.user.update({ where: { id }, data: { planId: BASIC_PLAN_ID, planExpiresAt: null } });
        await recordAudit(
          tx,
          { actor: null, ip: null, now },
          {
            action: 'plan.expired',
            actorId: 'system',
            targetId: id,
            details: { plan_id: user.plan_id, expired_at: user.plan_expires_at.toISOString() },
          },
        );
        return true;
      });
      if (done) changed++;
    }
    moved += changed;
    if (users.length < BATCH || changed === 0) {
      if (mailed > 0) void ctx.outbox.flush();
      return moved;
    }
  }
}
